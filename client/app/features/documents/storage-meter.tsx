import { storagePercent, storageText } from './document-files.ts';
import { useStorageUsage } from './use-documents.ts';

/** "12.5 MB of 1 GB used" with a meter: every child's files count against the parent's one quota. */
export function StorageMeter() {
  const usage = useStorageUsage();
  if (!usage.data) {
    return <p className="text-sm text-ink-muted">{usage.isError ? 'Storage use could not be loaded.' : 'Checking your storage...'}</p>;
  }
  const text = storageText(usage.data);
  const percent = storagePercent(usage.data);
  return (
    <div className="grid gap-1.5">
      <p id="vault-storage-text" className="text-sm text-ink">
        {text}
      </p>
      <div
        role="meter"
        aria-labelledby="vault-storage-text"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-ink/10"
      >
        <div className={percent >= 90 ? 'h-full bg-red-700' : 'h-full bg-brand-800'} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
