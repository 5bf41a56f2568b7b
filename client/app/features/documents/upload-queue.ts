/**
 * The upload queue as a pure state machine: each file is refused before sending, waits its turn,
 * uploads with progress, and ends added or failed. A cancelled file leaves the queue (the server
 * keeps nothing of an aborted upload), and so does one the parent dismisses.
 *
 *   queued -> uploading -> done
 *                       -> failed -> queued (try again)
 *                       -> refused (the server judged the file itself: its type, size or emptiness)
 *   refused (never sent)
 */
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'refused';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** Bytes sent so far, and of how many (the request's size, a little more than the file's). */
  loaded: number;
  total: number;
  /** Why it was refused or failed, in the server's words when it said any. */
  error: string | null;
  /** Once done: the new document. */
  documentId: number | null;
  /** For "Replace file": the document whose file this upload replaces. */
  replaces: number | null;
}

export type UploadAction =
  | { type: 'add'; items: { key: string; file: File; problem: string | null; replaces?: number }[] }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; loaded: number; total: number }
  | { type: 'done'; key: string; documentId: number }
  | { type: 'failed'; key: string; error: string; refused?: boolean }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string };

/** At most this many files go up at once: the rest wait, so each bar moves and the first finish soon. */
export const PARALLEL_UPLOADS = 2;

function update(items: readonly UploadItem[], key: string, change: (item: UploadItem) => UploadItem | null): UploadItem[] {
  return items.flatMap((item) => {
    if (item.key !== key) return [item];
    const next = change(item);
    return next ? [next] : [];
  });
}

export function uploadQueueReducer(items: readonly UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [
        ...items,
        ...action.items.map(({ key, file, problem, replaces }): UploadItem => ({
          key,
          file,
          status: problem ? 'refused' : 'queued',
          loaded: 0,
          total: file.size,
          error: problem,
          documentId: null,
          replaces: replaces ?? null,
        })),
      ];
    case 'start':
      return update(items, action.key, (item) => (item.status === 'queued' ? { ...item, status: 'uploading', loaded: 0 } : item));
    case 'progress':
      return update(items, action.key, (item) =>
        item.status === 'uploading' ? { ...item, loaded: Math.min(action.loaded, action.total), total: action.total } : item,
      );
    case 'done':
      return update(items, action.key, (item) =>
        item.status === 'uploading' ? { ...item, status: 'done', loaded: item.total, documentId: action.documentId, error: null } : item,
      );
    case 'failed':
      // A file the server refused (wrong type, too big, empty) fails the same way every time: no "Try again".
      return update(items, action.key, (item) =>
        item.status === 'uploading' ? { ...item, status: action.refused ? 'refused' : 'failed', error: action.error } : item,
      );
    case 'retry':
      return update(items, action.key, (item) => (item.status === 'failed' ? { ...item, status: 'queued', loaded: 0, error: null } : item));
    case 'remove':
      return update(items, action.key, () => null);
  }
}

/**
 * The documents the queue's added (or replaced) files became, to follow: a file whose document was
 * deleted leaves the list, and one renamed shows its new title.
 */
export function addedDocumentIds(items: readonly UploadItem[]): number[] {
  return items.flatMap((item) => (item.status === 'done' && item.documentId !== null ? [item.documentId] : []));
}

/** The queued files to start now, oldest first, keeping at most `parallel` uploading. */
export function toStart(items: readonly UploadItem[], parallel = PARALLEL_UPLOADS): UploadItem[] {
  const running = items.filter((item) => item.status === 'uploading').length;
  return items.filter((item) => item.status === 'queued').slice(0, Math.max(0, parallel - running));
}

/** How far one file is, 0 to 100. */
export function percentOf(item: Pick<UploadItem, 'loaded' | 'total' | 'status'>): number {
  if (item.status === 'done') return 100;
  if (item.total <= 0) return 0;
  return Math.min(100, Math.floor((item.loaded / item.total) * 100));
}

/** A line for the live region after the queue changed: "2 files uploading", "All 3 files added". */
export function queueSummary(items: readonly UploadItem[]): string {
  const count = (status: UploadStatus) => items.filter((item) => item.status === status).length;
  const busy = count('uploading') + count('queued');
  const problems = count('failed') + count('refused');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (busy > 0) return `${plural(busy, 'file')} uploading.`;
  if (items.length === 0) return '';
  const done = count('done');
  const parts = [done > 0 ? `${plural(done, 'file')} added` : null, problems > 0 ? `${plural(problems, 'file')} not added` : null];
  return `${parts.filter(Boolean).join(', ')}.`;
}
