import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '#shared/schemas/document.ts';
import {
  createDocumentProcessor,
  DocumentProcessingTimeout,
  DocumentProcessorClosed,
  THUMBNAIL_SIZE,
  type DocumentProcessor,
} from '../../../server/features/documents/document-processor.ts';
import { PAGE_BREAK } from '../../../server/features/documents/document-text.ts';
import { makeHostilePdf, makeTextPdf, makeVariedPdf } from '../../helpers/document-pdfs.ts';

/*
 * The processor runs its real child process here (Node runs the worker's TypeScript itself), so these
 * tests also prove the worker file loads outside the server.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/documents');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function imageOf(thumbnail: Buffer | null) {
  expect(thumbnail).not.toBeNull();
  const image = sharp(thumbnail as Buffer);
  const { format, width, height } = await image.metadata();
  const { channels } = await image.stats();
  return { format, width, height, channels };
}

let processor: DocumentProcessor;
/** For tests that parse millions of operators or start processes: seconds on a busy machine. */
const SLOW = 60_000;

beforeAll(() => {
  processor = createDocumentProcessor();
});

afterAll(async () => {
  await processor.close();
});

describe('PDFs', () => {
  it('finds the words of every page and counts the pages of the IEP sample', async () => {
    const result = await processor.process('application/pdf', fixture('iep-sample.pdf'));
    expect(result.pageCount).toBe(4);
    expect(result.text).toContain('Individualized Education Program');
    // Page 3.
    expect(result.text).toContain('dysgraphia');
    expect(result.text?.toLowerCase()).toContain('occupational therapy');
    // Page 4.
    expect(result.text).toContain('Next progress report: January 2027.');
  });

  it('draws the first page as a portrait WebP thumbnail with ink on it', async () => {
    const { thumbnail } = await processor.process('application/pdf', fixture('iep-sample.pdf'));
    const { format, width, height, channels } = await imageOf(thumbnail);
    expect(format).toBe('webp');
    // US Letter is 8.5 x 11 inches.
    expect(height).toBe(THUMBNAIL_SIZE);
    expect(width).toBeGreaterThanOrEqual(Math.floor((THUMBNAIL_SIZE * 8.5) / 11));
    expect(width).toBeLessThanOrEqual(Math.ceil((THUMBNAIL_SIZE * 8.5) / 11));
    // Dark text on white: the darkest pixel of a blank page would be white.
    expect(Math.min(...channels.slice(0, 3).map((channel) => channel.min))).toBeLessThan(100);
  });

  it('reads a hand-written PDF page by page, a page break between pages (the page a word is on can be told)', async () => {
    const pdf = makeTextPdf(
      'Evaluation summary',
      ['Phonological processing: below average.', 'Working memory: average.', 'Recommendation: dyslexia screening.'],
      {
        paragraphPerPage: true,
      },
    );
    const result = await processor.process('application/pdf', pdf);
    expect(result.pageCount).toBe(3);
    expect(result.text).toBe(
      [
        'Evaluation summary\nPhonological processing: below average.',
        'Working memory: average.',
        'Recommendation: dyslexia screening.',
      ].join(PAGE_BREAK),
    );
  });

  it('reads the varied PDFs the search bench makes: each different, each with its extra words', async () => {
    const first = await processor.process('application/pdf', makeVariedPdf(0, { extraWords: ['occupational'] }));
    const second = await processor.process('application/pdf', makeVariedPdf(1));
    expect(first.text).toContain('Progress report 1');
    expect(first.text).toContain('Also noted: occupational.');
    expect(second.text).toContain('Progress report 2');
    expect(second.text).not.toContain('occupational');
    expect(first.text?.slice(20, 200)).not.toBe(second.text?.slice(20, 200));
  });

  it('keeps at most DOCUMENT_LIMITS.contentText characters of a long PDF, and still counts every page', async () => {
    const paragraph = 'Reading fluency, decoding and comprehension were assessed with extended time and breaks as agreed. ';
    const pdf = makeTextPdf(
      'Long report',
      Array.from({ length: 2600 }, (_, index) => `${index}: ${paragraph.repeat(2)}`),
    );
    // Counted before the bytes move to the worker.
    const pages = pdf.toString('latin1').split('/Type /Page /Parent').length - 1;
    const result = await processor.process('application/pdf', pdf);
    // Text stops being read at the limit; the pages are still all counted.
    expect(result.pageCount).toBe(pages);
    expect(result.pageCount).toBeGreaterThan(250);
    expect(result.text?.length).toBeLessThanOrEqual(DOCUMENT_LIMITS.contentText);
    expect(result.text?.length).toBeGreaterThan(DOCUMENT_LIMITS.contentText - 200);
  });

  it('gives no text and no page count for a broken PDF, without throwing', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 31) % 256))]);
    expect(await processor.process('application/pdf', broken)).toEqual({ text: null, pageCount: null, thumbnail: null });
  });

  it('gives nothing, without throwing, for a PDF cut off half-way', async () => {
    const whole = fixture('iep-sample.pdf');
    const result = await processor.process('application/pdf', whole.subarray(0, whole.length / 2));
    expect(result).toEqual({ text: null, pageCount: null, thumbnail: null });
  });
});

describe('a hostile PDF (a few kilobytes, a million drawing operations)', () => {
  const hostile = () => makeHostilePdf(1_200_000, 'Speech therapy schedule for the spring term');

  it('is small on disk and unpacks into a million operators', () => {
    expect(hostile().byteLength).toBeLessThan(40_000);
  });

  it(
    'keeps its text and page count and goes without a thumbnail',
    async () => {
      const result = await processor.process('application/pdf', hostile());
      expect(result).toEqual({ text: 'Speech therapy schedule for the spring term', pageCount: 1, thumbnail: null });
    },
    SLOW,
  );

  it(
    'leaves the server holding none of the memory it took',
    async () => {
      const own = createDocumentProcessor();
      try {
        await own.process('text/plain', Buffer.from('warm up'));
        const before = process.memoryUsage.rss();
        for (let round = 0; round < 2; round++) await own.process('application/pdf', hostile());
        // Drawn in this process, the page took over 1 GB and kept most of it.
        expect((process.memoryUsage.rss() - before) / 2 ** 20).toBeLessThan(100);
      } finally {
        await own.close();
      }
    },
    SLOW,
  );

  it(
    'goes without a thumbnail, keeping its text, when drawing takes longer than the thumbnail may',
    async () => {
      const hurried = createDocumentProcessor({ thumbnailMs: 1 });
      try {
        const result = await hurried.process('application/pdf', fixture('iep-sample.pdf'));
        expect(result.pageCount).toBe(4);
        expect(result.text).toContain('Individualized Education Program');
        expect(result.thumbnail).toBeNull();
        // The next file gets a fresh process and a whole answer.
        expect((await hurried.process('text/plain', Buffer.from('next file'))).text).toBe('next file');
      } finally {
        await hurried.close();
      }
    },
    SLOW,
  );
});

describe('images', () => {
  it('turns a phone photo upright: landscape pixels with EXIF orientation 6 give a portrait thumbnail', async () => {
    const original = await sharp(fixture('photo-rotated.jpg')).metadata();
    expect([original.width, original.height, original.orientation]).toEqual([400, 200, 6]);
    const result = await processor.process('image/jpeg', fixture('photo-rotated.jpg'));
    const { format, width, height } = await imageOf(result.thumbnail);
    expect({ format, width, height }).toEqual({ format: 'webp', width: 160, height: THUMBNAIL_SIZE });
    expect([result.text, result.pageCount]).toEqual([null, null]);
  });

  it.each([
    ['picture.png', 'image/png'],
    ['picture.webp', 'image/webp'],
  ] as const)('%s gets a WebP thumbnail at most %s px on its long side', async (name, mediaType) => {
    const { format, width, height } = await imageOf((await processor.process(mediaType, fixture(name))).thumbnail);
    expect({ format, width, height }).toEqual({ format: 'webp', width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE / 2 });
  });

  it('never enlarges a small image', async () => {
    const small = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const { width, height } = await imageOf((await processor.process('image/png', small)).thumbnail);
    expect([width, height]).toEqual([60, 40]);
  });

  it(
    'refuses to decode a decompression bomb (tiny file, enormous picture)',
    async () => {
      const bomb = await sharp({ create: { width: 12_000, height: 10_000, channels: 3, background: '#000000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.byteLength).toBeLessThan(1_000_000);
      expect(await processor.process('image/png', bomb)).toEqual({ text: null, pageCount: null, thumbnail: null });
    },
    SLOW,
  );

  it('gives no thumbnail for a corrupt image', async () => {
    const corrupt = Buffer.concat([fixture('picture.png').subarray(0, 60), Buffer.alloc(200, 7)]);
    expect(await processor.process('image/png', corrupt)).toEqual({ text: null, pageCount: null, thumbnail: null });
  });
});

describe('text, DOCX and HEIC', () => {
  it('reads a UTF-8 text file with accents and emoji', async () => {
    const result = await processor.process('text/plain', fixture('notes.txt'));
    expect(result.text).toContain('Mme Lefèvre (résumé)');
    expect(result.text).toContain('78 words a minute 🎉');
    expect([result.pageCount, result.thumbnail]).toEqual([null, null]);
  });

  it('drops the byte order mark and the NUL characters PostgreSQL cannot store', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Speech\u0000 therapy notes')]);
    expect((await processor.process('text/plain', bytes)).text).toBe('Speech therapy notes');
  });

  it('cuts a long text file at DOCUMENT_LIMITS.contentText characters', async () => {
    const text = Buffer.from('homework log '.repeat(40_000));
    expect((await processor.process('text/plain', text)).text?.length).toBe(DOCUMENT_LIMITS.contentText);
  });

  it('keeps DOCX and HEIC without text or thumbnail (not read yet)', async () => {
    const nothing = { text: null, pageCount: null, thumbnail: null };
    expect(await processor.process(DOCX, fixture('letter.docx'))).toEqual(nothing);
    expect(await processor.process('image/heic', fixture('picture.png'))).toEqual(nothing);
  });
});

describe('the queue and the worker', () => {
  it('answers files asked for together, each with its own result', async () => {
    const [pdf, photo, notes] = await Promise.all([
      processor.process('application/pdf', fixture('iep-sample.pdf')),
      processor.process('image/jpeg', fixture('photo-rotated.jpg')),
      processor.process('text/plain', fixture('notes.txt')),
    ]);
    expect(pdf.pageCount).toBe(4);
    expect(photo.thumbnail).not.toBeNull();
    expect(notes.text).toContain('Lefèvre');
  });

  it('reads a slice of a shared buffer as just that slice', async () => {
    const pool = Buffer.from('first file|second file');
    expect((await processor.process('text/plain', pool.subarray(11))).text).toBe('second file');
    expect(pool.toString()).toBe('first file|second file');
  });

  it(
    'stops a file whose text is not read in time, and reads the next one in a fresh process',
    async () => {
      const impatient = createDocumentProcessor({ timeoutMs: 300 });
      try {
        await impatient.process('text/plain', Buffer.from('warm up'));
        // Three million operators: seconds of parsing before the page's text is known.
        await expect(impatient.process('application/pdf', makeHostilePdf(3_000_000, 'slow'))).rejects.toBeInstanceOf(
          DocumentProcessingTimeout,
        );
        expect((await impatient.process('text/plain', Buffer.from('next file'))).text).toBe('next file');
      } finally {
        await impatient.close();
      }
    },
    SLOW,
  );

  it(
    'keeps answering when the worker is replaced after every file',
    async () => {
      const recycling = createDocumentProcessor({ recycleAfter: 1 });
      try {
        for (const word of ['one', 'two', 'three']) {
          expect((await recycling.process('text/plain', Buffer.from(word))).text).toBe(word);
        }
      } finally {
        await recycling.close();
      }
    },
    SLOW,
  );

  it(
    'close() rejects the file in progress and those waiting, and any asked for later',
    async () => {
      const closing = createDocumentProcessor();
      const busy = closing.process('application/pdf', makeHostilePdf(3_000_000, 'busy'));
      const waiting = closing.process('text/plain', Buffer.from('waiting'));
      const outcomes = Promise.allSettled([busy, waiting]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await closing.close();
      const reasons = (await outcomes).map((outcome) => (outcome.status === 'rejected' ? outcome.reason : outcome.value));
      expect(reasons.map((reason) => reason instanceof DocumentProcessorClosed)).toEqual([true, true]);
      await expect(closing.process('text/plain', Buffer.from('late'))).rejects.toBeInstanceOf(DocumentProcessorClosed);
    },
    SLOW,
  );

  it('close() while the worker is still starting rejects with the same reason', async () => {
    const closing = createDocumentProcessor();
    const first = closing.process('text/plain', Buffer.from('too early'));
    const outcome = Promise.allSettled([first]);
    await closing.close();
    const [settled] = await outcome;
    expect(settled?.status === 'rejected' && settled.reason instanceof DocumentProcessorClosed).toBe(true);
  });
});
