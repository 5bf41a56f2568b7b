import { Button } from '../../../components/ui/button.tsx';
import { formatBytes } from '#shared/bytes.ts';
import { percentOf, queueSummary, type UploadItem } from './upload-queue.ts';

export interface UploadQueueListProps {
  items: readonly UploadItem[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
  /** "Add details" on a file that has just been added. */
  onDescribe: (documentId: number) => void;
  /** The current title of each added file's document (renamed since, it shows the new one). */
  currentTitles?: ReadonlyMap<number, string | null>;
}

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  done: 'Added',
  failed: 'Not added',
  refused: 'Not added',
};

/** Each file being added: a progress bar and Cancel while it goes up, then "Add details" or why it failed. */
export function UploadQueueList({ items, onCancel, onRetry, onDismiss, onDescribe, currentTitles }: UploadQueueListProps) {
  return (
    <div className="grid gap-2">
      <p aria-live="polite" className="sr-only">
        {queueSummary(items)}
      </p>
      {items.length > 0 ? (
        <ul aria-label="Files being added" className="grid gap-2">
          {items.map((item) => {
            const percent = percentOf(item);
            const name = (item.status === 'done' && item.documentId !== null && currentTitles?.get(item.documentId)) || item.file.name;
            const problem = item.status === 'failed' || item.status === 'refused';
            return (
              <li
                key={item.key}
                className={
                  problem
                    ? 'grid gap-2 rounded-xl border border-red-700/40 bg-red-50 p-3'
                    : 'grid gap-2 rounded-xl border border-ink/10 bg-white p-3'
                }
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 font-semibold break-all text-ink">{name}</p>
                  <p className="text-sm text-ink-muted">
                    {STATUS_TEXT[item.status]}
                    {item.status === 'uploading' ? ` · ${percent}%` : ''} · {formatBytes(item.file.size)}
                  </p>
                </div>
                {item.status === 'uploading' || item.status === 'queued' ? (
                  <progress
                    aria-label={`Uploading ${name}`}
                    max={100}
                    value={item.status === 'queued' ? 0 : percent}
                    className="h-2 w-full overflow-hidden rounded-full accent-brand-800"
                  >
                    {percent}%
                  </progress>
                ) : null}
                {problem ? (
                  <p role="alert" className="text-sm text-red-900">
                    {item.error}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {item.status === 'uploading' || item.status === 'queued' ? (
                    <Button variant="outline" size="sm" onClick={() => onCancel(item.key)}>
                      Cancel<span className="sr-only"> uploading {name}</span>
                    </Button>
                  ) : null}
                  {item.status === 'done' && item.documentId !== null && item.replaces === null ? (
                    <Button variant="outline" size="sm" onClick={() => item.documentId !== null && onDescribe(item.documentId)}>
                      Add details<span className="sr-only"> for {name}</span>
                    </Button>
                  ) : null}
                  {item.status === 'failed' ? (
                    <Button variant="outline" size="sm" onClick={() => onRetry(item.key)}>
                      Try again<span className="sr-only"> with {name}</span>
                    </Button>
                  ) : null}
                  {item.status === 'done' || problem ? (
                    <Button variant="ghost" size="sm" onClick={() => onDismiss(item.key)}>
                      Dismiss<span className="sr-only"> {name}</span>
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
