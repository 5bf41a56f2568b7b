import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS, type DocumentRecord } from '#shared/schemas/document.ts';
import { checkDraft, draftFromDocument, splitTags, withDocumentDate } from '../../../../client/app/features/documents/document-draft.ts';
import { formatBytes } from '#shared/bytes.ts';
import { ACCEPTED_TYPES_TEXT, fileProblem, storagePercent, storageText } from '../../../../client/app/features/documents/document-files.ts';
import { excerptParts } from '../../../../client/app/features/documents/search-excerpt.ts';
import {
  percentOf,
  queueSummary,
  toStart,
  uploadQueueReducer,
  type UploadItem,
} from '../../../../client/app/features/documents/upload-queue.ts';
import { documentsUrl, uploadFailure, uploadForm } from '../../../../client/app/features/documents/upload-request.ts';

const MB = 1024 * 1024;
const usage = { maxFileBytes: 25 * MB, usedBytes: 10 * MB, quotaBytes: 1024 * MB };
const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('a file is checked before it is sent', () => {
  it('accepts the vault types by name or by the type the browser gives, whatever the case', () => {
    expect(fileProblem(file('IEP 2025.PDF', 2 * MB), usage)).toBeNull();
    expect(fileProblem(file('scan.heic', MB), usage)).toBeNull();
    expect(fileProblem(file('photo', MB, 'image/jpeg'), usage)).toBeNull();
    expect(fileProblem(file('letter.docx', MB), usage)).toBeNull();
  });

  it('refuses SVG and HTML by name, naming what the vault accepts', () => {
    expect(fileProblem(file('drawing.svg', 300, 'image/svg+xml'), usage)).toBe(
      `drawing.svg is not a type the vault keeps. It accepts ${ACCEPTED_TYPES_TEXT}.`,
    );
    expect(fileProblem(file('page.html', 300, 'text/html'), usage)).toContain('not a type the vault keeps');
    expect(ACCEPTED_TYPES_TEXT).toBe('PDF, JPEG image, PNG image, WebP image, HEIC photo, plain text and Word document (DOCX)');
  });

  it('leaves a file with neither a known name nor a type to the server, which judges the content', () => {
    expect(fileProblem(file('scan', MB), usage)).toBeNull();
  });

  it('refuses a file over the per-file limit before sending it, naming both sizes', () => {
    expect(fileProblem(file('big.pdf', 25 * MB + 1), usage)).toBe('big.pdf is 25 MB, over the 25 MB limit for one file.');
    expect(fileProblem(file('big.pdf', 30 * MB), usage)).toBe('big.pdf is 30 MB, over the 25 MB limit for one file.');
    expect(fileProblem(file('ok.pdf', 25 * MB), usage)).toBeNull();
  });

  it('refuses a file that does not fit in what is left of the quota, and an empty file', () => {
    expect(fileProblem(file('scan.pdf', 20 * MB), { ...usage, usedBytes: 1010 * MB })).toBe(
      'scan.pdf (20 MB) does not fit: 14 MB of your 1 GB is left.',
    );
    expect(fileProblem(file('empty.txt', 0), usage)).toContain('empty');
  });

  it('checks nothing about size before the limits have loaded', () => {
    expect(fileProblem(file('huge.pdf', 900 * MB), undefined)).toBeNull();
  });
});

describe('the storage meter', () => {
  it('reads "12.5 MB of 1 GB used"', () => {
    expect(storageText({ usedBytes: 12.5 * MB, quotaBytes: 1024 * MB })).toBe('12.5 MB of 1 GB used');
    expect(storageText({ usedBytes: 0, quotaBytes: 1024 * MB })).toBe('0 bytes of 1 GB used');
  });

  it('formats sizes the way file managers do', () => {
    expect([1, 840, 1024, 1536, 250 * MB, 1.5 * 1024 * MB].map(formatBytes)).toEqual([
      '1 byte',
      '840 bytes',
      '1 KB',
      '1.5 KB',
      '250 MB',
      '1.5 GB',
    ]);
  });

  it('shows any use as at least 1% and never more than 100%', () => {
    expect(storagePercent({ usedBytes: 1, quotaBytes: 1024 * MB })).toBe(1);
    expect(storagePercent({ usedBytes: 512 * MB, quotaBytes: 1024 * MB })).toBe(50);
    expect(storagePercent({ usedBytes: 2048 * MB, quotaBytes: 1024 * MB })).toBe(100);
    expect(storagePercent({ usedBytes: 0, quotaBytes: 1024 * MB })).toBe(0);
  });
});

describe('search excerpts', () => {
  it('marks the words at the highlights the server gives', () => {
    const excerpt = '…difficulty with handwriting consistent with dysgraphia; occupational therapy…';
    const start = excerpt.indexOf('dysgraphia');
    expect(excerptParts(excerpt, [{ start, length: 'dysgraphia'.length }])).toEqual([
      { text: excerpt.slice(0, start), marked: false },
      { text: 'dysgraphia', marked: true },
      { text: excerpt.slice(start + 'dysgraphia'.length), marked: false },
    ]);
  });

  it('never loses or repeats text, whatever the offsets (overlapping, unsorted, out of range)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.array(fc.record({ start: fc.integer({ min: -5, max: 70 }), length: fc.integer({ min: -3, max: 30 }) }), { maxLength: 6 }),
        (excerpt, highlights) => {
          const parts = excerptParts(excerpt, highlights);
          expect(parts.map((part) => part.text).join('')).toBe(excerpt);
          expect(parts.every((part) => part.text.length > 0)).toBe(true);
        },
      ),
    );
  });
});

function queued(...names: string[]): UploadItem[] {
  return uploadQueueReducer([], {
    type: 'add',
    items: names.map((name) => ({ key: name, file: new File(['x'.repeat(100)], name), problem: null })),
  });
}

describe('the upload queue', () => {
  it('sends two files at a time, oldest first, and starts the next when one ends', () => {
    let items = queued('a.pdf', 'b.pdf', 'c.pdf');
    expect(toStart(items).map((item) => item.key)).toEqual(['a.pdf', 'b.pdf']);
    items = uploadQueueReducer(items, { type: 'start', key: 'a.pdf' });
    items = uploadQueueReducer(items, { type: 'start', key: 'b.pdf' });
    expect(toStart(items)).toEqual([]);
    items = uploadQueueReducer(items, { type: 'done', key: 'a.pdf', documentId: 9 });
    expect(toStart(items).map((item) => item.key)).toEqual(['c.pdf']);
    expect(items.find((item) => item.key === 'a.pdf')).toMatchObject({ status: 'done', documentId: 9 });
  });

  it('moves the bar with the bytes sent and fills it when done', () => {
    let items = uploadQueueReducer(queued('a.pdf'), { type: 'start', key: 'a.pdf' });
    items = uploadQueueReducer(items, { type: 'progress', key: 'a.pdf', loaded: 50, total: 200 });
    expect(percentOf(items[0]!)).toBe(25);
    items = uploadQueueReducer(items, { type: 'done', key: 'a.pdf', documentId: 1 });
    expect(percentOf(items[0]!)).toBe(100);
  });

  it('a cancelled file leaves the queue; a failed one keeps its reason and can be tried again', () => {
    let items = uploadQueueReducer(queued('a.pdf', 'b.pdf'), { type: 'start', key: 'a.pdf' });
    items = uploadQueueReducer(items, { type: 'start', key: 'b.pdf' });
    items = uploadQueueReducer(items, { type: 'remove', key: 'a.pdf' });
    expect(items.map((item) => item.key)).toEqual(['b.pdf']);
    items = uploadQueueReducer(items, { type: 'failed', key: 'b.pdf', error: 'The vault is full' });
    expect(items[0]).toMatchObject({ status: 'failed', error: 'The vault is full' });
    expect(queueSummary(items)).toBe('1 file not added.');
    items = uploadQueueReducer(items, { type: 'retry', key: 'b.pdf' });
    expect(items[0]).toMatchObject({ status: 'queued', error: null, loaded: 0 });
    expect(toStart(items).map((item) => item.key)).toEqual(['b.pdf']);
  });

  it('a refused file is never started', () => {
    const items = uploadQueueReducer([], {
      type: 'add',
      items: [{ key: 's', file: new File(['<svg/>'], 'drawing.svg'), problem: 'Not a type the vault keeps' }],
    });
    expect(items[0]).toMatchObject({ status: 'refused', error: 'Not a type the vault keeps' });
    expect(toStart(items)).toEqual([]);
  });

  it('ignores progress for a file that is no longer uploading (a late event after cancel)', () => {
    const items = queued('a.pdf');
    expect(uploadQueueReducer(items, { type: 'progress', key: 'a.pdf', loaded: 10, total: 100 })).toEqual(items);
    expect(uploadQueueReducer(items, { type: 'done', key: 'gone', documentId: 1 })).toEqual(items);
  });

  it('says how the queue stands', () => {
    let items = queued('a.pdf', 'b.pdf');
    expect(queueSummary(items)).toBe('2 files uploading.');
    items = uploadQueueReducer(uploadQueueReducer(items, { type: 'start', key: 'a.pdf' }), { type: 'done', key: 'a.pdf', documentId: 1 });
    items = uploadQueueReducer(items, { type: 'remove', key: 'b.pdf' });
    expect(queueSummary(items)).toBe('1 file added.');
    expect(queueSummary([])).toBe('');
  });
});

describe('the upload request', () => {
  it('puts the description fields before the file, repeating list fields', () => {
    const form = uploadForm(new File(['%PDF'], 'iep.pdf'), { title: 'IEP', tags: ['reading', 'math'], goalIds: [3] });
    expect([...form.keys()]).toEqual(['title', 'tags', 'tags', 'goalIds', 'file']);
    expect(form.getAll('tags')).toEqual(['reading', 'math']);
  });

  it("shows the server's message, which names the limit or the accepted types", () => {
    const body = JSON.stringify({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This file is an SVG image. The vault keeps PDF, JPEG...' },
    });
    expect(uploadFailure(415, body, { name: 'x.pdf', size: 10 }).message).toBe('This file is an SVG image. The vault keeps PDF, JPEG...');
  });

  it('has words of its own when the body says nothing (a dropped connection, a proxy page)', () => {
    expect(uploadFailure(0, '', { name: 'a.pdf', size: 10 }).message).toContain('connection dropped');
    expect(uploadFailure(413, '<html>Too large</html>', { name: 'a.pdf', size: 30 * MB }).message).toBe(
      'a.pdf (30 MB) is too large to keep.',
    );
  });

  it('builds the REST paths with the child', () => {
    expect(documentsUrl(3)).toBe('/api/documents?childId=3');
    expect(documentsUrl(3, 8, 'content', true)).toBe('/api/documents/8/content?childId=3&download=true');
    expect(documentsUrl(3, 8, 'thumbnail')).toBe('/api/documents/8/thumbnail?childId=3');
  });
});

const record: DocumentRecord = {
  id: 8,
  childId: 3,
  title: 'IEP 2025',
  category: 'iep',
  documentDate: '2025-09-03',
  schoolYear: '2025-2026',
  tags: ['reading'],
  note: null,
  fileName: 'iep.pdf',
  mediaType: 'application/pdf',
  sizeBytes: 1000,
  pageCount: 4,
  processing: 'done',
  hasThumbnail: true,
  goalIds: [],
  addedBy: null,
  fileAddedAt: '2025-09-04T10:00:00.000Z',
  fileAddedBy: null,
  earlierVersions: 0,
  createdAt: '2025-09-04T10:00:00.000Z',
  updatedAt: '2025-09-04T10:00:00.000Z',
};

describe('the description draft', () => {
  it('derives the school year from the date until the parent sets one', () => {
    let draft = draftFromDocument(record);
    expect(draft.schoolYearTouched).toBe(false);
    draft = withDocumentDate(draft, '2026-03-01');
    expect(draft.schoolYear).toBe('2025-2026');
    draft = withDocumentDate(draft, '2026-08-15');
    expect(draft.schoolYear).toBe('2026-2027');
    draft = withDocumentDate({ ...draft, schoolYear: '2024-2025', schoolYearTouched: true }, '2026-09-01');
    expect(draft.schoolYear).toBe('2024-2025');
  });

  it('keeps a school year that differs from the date as the parent chose it', () => {
    expect(draftFromDocument({ ...record, schoolYear: '2024-2025' }).schoolYearTouched).toBe(true);
  });

  it('sends tags split at commas, each once, and empty fields as null', () => {
    const checked = checkDraft({ ...draftFromDocument(record), tags: ' reading, , Math,math ', note: '  ', documentDate: '' });
    expect(checked).toEqual({
      ok: true,
      data: expect.objectContaining({ tags: ['reading', 'Math'], note: null, documentDate: null }),
    });
    expect(splitTags('a,b,,A')).toEqual(['a', 'b']);
  });

  it("gives each field the shared schema's message", () => {
    const checked = checkDraft({
      ...draftFromDocument(record),
      title: ' ',
      schoolYear: '2025-2027',
      tags: Array.from({ length: DOCUMENT_LIMITS.tags + 1 }, (_, i) => `t${i}`).join(','),
    });
    expect(checked.ok).toBe(false);
    expect(checked.ok ? {} : checked.errors).toEqual({
      title: 'Give the document a title',
      schoolYear: 'Use two years in a row, like 2025-2026',
      tags: `At most ${DOCUMENT_LIMITS.tags} tags`,
    });
  });
});
