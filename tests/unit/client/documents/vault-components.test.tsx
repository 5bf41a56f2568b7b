// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentListItem, DocumentRecord } from '#shared/schemas/document.ts';
import { DocumentEditorDialog } from '../../../../client/app/features/documents/document-editor.tsx';
import { DocumentItem } from '../../../../client/app/features/documents/document-item.tsx';
import { DropZone } from '../../../../client/app/features/documents/drop-zone.tsx';
import { UploadQueueList } from '../../../../client/app/features/documents/upload-queue-list.tsx';
import { uploadQueueReducer } from '../../../../client/app/features/documents/upload-queue.ts';
import { setSelectedChildId } from '../../../../client/lib/session-storage.ts';
import { fakeTrpc, type FakeOp } from '../../../helpers/fake-trpc.tsx';

const record: DocumentRecord = {
  id: 8,
  childId: 3,
  title: 'IEP 2025',
  category: 'other',
  documentDate: null,
  schoolYear: null,
  tags: ['reading'],
  note: null,
  fileName: 'iep.pdf',
  mediaType: 'application/pdf',
  sizeBytes: 34_000,
  pageCount: 4,
  processing: 'done',
  hasThumbnail: false,
  goalIds: [],
  addedBy: null,
  fileAddedAt: '2025-09-04T10:00:00.000Z',
  fileAddedBy: null,
  earlierVersions: 0,
  createdAt: '2025-09-04T10:00:00.000Z',
  updatedAt: '2025-09-04T10:00:00.000Z',
};

/** A mock for any of the components' callbacks. */
const callback = () => vi.fn<(...args: unknown[]) => void>();

const goals = [
  { id: 21, title: 'Write a paragraph independently' },
  { id: 22, title: 'Read 90 words per minute' },
];

function answer(op: FakeOp): unknown {
  if (op.path === 'documents.byId') return record;
  if (op.path === 'goals.list') return goals;
  if (op.path === 'documents.update') return { ...record, ...(op.input as { data: Partial<DocumentRecord> }).data };
  if (op.path === 'documents.delete') return { id: 8 };
  return [];
}

beforeEach(() => setSelectedChildId(3));
afterEach(() => {
  cleanup();
  setSelectedChildId(null);
});

describe('UploadQueueList', () => {
  const file = new File(['x'.repeat(400)], 'iep.pdf', { type: 'application/pdf' });
  let items = uploadQueueReducer([], { type: 'add', items: [{ key: 'a', file, problem: null }] });
  items = uploadQueueReducer(items, { type: 'start', key: 'a' });
  items = uploadQueueReducer(items, { type: 'progress', key: 'a', loaded: 300, total: 400 });

  it('shows a progress bar at the bytes sent, and Cancel stops that file', () => {
    const onCancel = callback();
    render(<UploadQueueList items={items} onCancel={onCancel} onRetry={callback()} onDismiss={callback()} onDescribe={callback()} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading iep.pdf' });
    expect(bar.getAttribute('value')).toBe('75');
    expect(screen.getByText(/Uploading · 75%/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel uploading iep.pdf' }));
    expect(onCancel).toHaveBeenCalledWith('a');
  });

  it('says why a file was not added, and offers details once one was', () => {
    const failed = uploadQueueReducer(items, { type: 'failed', key: 'a', error: 'The file is larger than 25 MB, the limit for one file.' });
    const onDescribe = callback();
    const { rerender } = render(
      <UploadQueueList items={failed} onCancel={callback()} onRetry={callback()} onDismiss={callback()} onDescribe={onDescribe} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The file is larger than 25 MB, the limit for one file.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again with iep.pdf' })).toBeTruthy();

    const done = uploadQueueReducer(items, { type: 'done', key: 'a', documentId: 8 });
    rerender(<UploadQueueList items={done} onCancel={callback()} onRetry={callback()} onDismiss={callback()} onDescribe={onDescribe} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add details for iep.pdf' }));
    expect(onDescribe).toHaveBeenCalledWith(8);
    expect(screen.getByText('1 file added.')).toBeTruthy();
  });
});

describe('DropZone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes dropped files and names the per-file limit', () => {
    const onFiles = callback();
    render(<DropZone onFiles={onFiles} maxFileBytes={25 * 1024 * 1024} />);
    expect(screen.getByText(/Up to 25 MB each\./)).toBeTruthy();
    const dropped = new File(['%PDF'], 'plan.pdf');
    const zone = screen.getByText('Drop files here, or choose them.').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [dropped], dropEffect: 'copy' } });
    expect(onFiles).toHaveBeenCalledWith([dropped]);
  });

  it('offline, turns the buttons off and says why', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onFiles = callback();
    render(<DropZone onFiles={onFiles} maxFileBytes={undefined} />);
    expect((screen.getByRole('button', { name: 'Add documents' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain("You're offline");
    fireEvent.drop(screen.getByText('Drop files here, or choose them.').parentElement!, {
      dataTransfer: { files: [new File(['x'], 'a.pdf')] },
    });
    expect(onFiles).not.toHaveBeenCalled();
  });
});

describe('DocumentItem', () => {
  const found: DocumentListItem = {
    ...record,
    matches: [{ field: 'text', excerpt: '…consistent with dysgraphia; therapy…', highlights: [{ start: 17, length: 10 }], page: 3 }],
  };

  function renderItem() {
    const api = fakeTrpc(answer, { role: 'owner' });
    const onDeleted = callback();
    render(
      <ul>
        <DocumentItem
          document={found}
          goalTitles={new Map()}
          onPreview={callback()}
          onDownload={callback()}
          onEdit={callback()}
          onReplace={callback()}
          onTagSelect={callback()}
          onDeleted={onDeleted}
        />
      </ul>,
      { wrapper: api.wrapper },
    );
    return { ...api, onDeleted };
  }

  it('shows where a search found its words, with the words marked', () => {
    renderItem();
    const where = screen.getByRole('list', { name: 'Where the words were found' });
    expect(where.textContent).toBe('Inside the document: …consistent with dysgraphia; therapy…');
    expect([...where.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['dysgraphia']);
    expect(screen.getByText(/Other · Added .* · PDF, 33.2 KB, 4 pages/)).toBeTruthy();
  });

  it('deletes only after the parent says yes', async () => {
    const { calls, onDeleted } = renderItem();
    fireEvent.click(screen.getByRole('button', { name: 'Delete IEP 2025' }));
    expect(
      screen.getByText(
        'Delete “IEP 2025” and its file? A data export made before now that holds it is withdrawn too. This cannot be undone.',
      ),
    ).toBeTruthy();
    expect(calls('documents.delete')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls('documents.delete').map((op) => op.input)).toEqual([{ childId: 3, id: 8 }]);
  });

  it('"Keep it" keeps the document', () => {
    const { calls } = renderItem();
    fireEvent.click(screen.getByRole('button', { name: 'Delete IEP 2025' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('button', { name: 'Delete IEP 2025' })).toBeTruthy();
    expect(calls('documents.delete')).toEqual([]);
  });
});

describe('DocumentEditorDialog', () => {
  it('fills the school year from the date, links goals, and saves the description', async () => {
    const { calls, wrapper } = fakeTrpc(answer);
    const onClose = callback();
    render(<DocumentEditorDialog documentId={8} onClose={onClose} />, { wrapper });
    const form = await screen.findByRole('form', { name: 'Details of IEP 2025' });
    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'iep' } });
    fireEvent.change(within(form).getByLabelText(/^Document date/), { target: { value: '2026-03-02' } });
    expect((within(form).getByLabelText(/^School year/) as HTMLInputElement).value).toBe('2025-2026');
    fireEvent.click(await within(form).findByLabelText('Read 90 words per minute'));
    fireEvent.change(within(form).getByLabelText(/^Tags/), { target: { value: 'reading, IEP' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls('documents.update').map((op) => op.input)).toEqual([
      {
        childId: 3,
        id: 8,
        data: {
          title: 'IEP 2025',
          category: 'iep',
          documentDate: '2026-03-02',
          schoolYear: '2025-2026',
          tags: ['reading', 'IEP'],
          note: null,
          goalIds: [22],
        },
      },
    ]);
  });

  it('keeps the dialog open and shows the message next to the field when a title is missing', async () => {
    const { calls, wrapper } = fakeTrpc(answer);
    render(<DocumentEditorDialog documentId={8} onClose={callback()} />, { wrapper });
    const form = await screen.findByRole('form', { name: 'Details of IEP 2025' });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByText('Give the document a title')).toBeTruthy();
    expect(calls('documents.update')).toEqual([]);
  });
});
