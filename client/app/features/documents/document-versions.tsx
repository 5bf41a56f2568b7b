import { useState } from 'react';
import { formatBytes } from '#shared/bytes.ts';
import type { DocumentListItem } from '#shared/schemas/document.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { addedByText } from '../../components/added-by.tsx';
import { useDocumentVersions, useDownloadVersion } from './use-documents.ts';

/** What replacing a file does to the one it replaces, said before the parent picks the new file (decision 0087). */
export const REPLACE_KEEPS_TEXT = 'The current file will be kept as an earlier version.';

/**
 * The files a document held before its file was replaced, newest first, each to download (decision
 * 0087). Closed at first; the list is read when it is opened.
 */
export function EarlierVersions({ document }: { document: Pick<DocumentListItem, 'id' | 'title' | 'earlierVersions'> }) {
  const [open, setOpen] = useState(false);
  const versions = useDocumentVersions(document.id, open);
  const download = useDownloadVersion();
  if (document.earlierVersions === 0) return null;
  const count = document.earlierVersions;
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
        {count === 1 ? '1 earlier version' : `${count} earlier versions`}
        <span className="sr-only"> of {document.title}</span>
      </summary>
      {versions.isPending && open ? <Spinner size="small" label="Loading earlier versions" showLabel /> : null}
      {versions.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-ink">We could not load the earlier versions.</p>
          <Button size="sm" variant="outline" onClick={() => void versions.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {versions.data ? (
        <ul className="grid gap-2" aria-label={`Earlier versions of ${document.title}`}>
          {versions.data.map((version) => (
            <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2">
              <div className="min-w-0">
                <p className="break-words text-ink">
                  {version.fileName} <span className="text-ink-muted">({formatBytes(version.sizeBytes)})</span>
                </p>
                <p className="text-ink-muted">
                  {addedByText(version.addedBy, version.addedAt)} · {addedByText(version.replacedBy, version.replacedAt, 'Replaced')}
                </p>
              </div>
              <Button size="sm" variant="outline" onClick={() => void download(version)}>
                Download<span className="sr-only"> the earlier version {version.fileName}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
