import type { DocumentRecord } from '#shared/schemas/document.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSelectedChildId } from '../../child-context.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { useFileUrl } from './document-blob.ts';
import { previewKind } from './document-labels.ts';
import { documentsUrl } from './upload-request.ts';
import { VaultDialog } from './vault-dialog.tsx';

export interface DocumentPreviewProps {
  document: Pick<DocumentRecord, 'id' | 'title' | 'fileName' | 'mediaType' | 'updatedAt'>;
  onDownload: () => void;
  onClose: () => void;
  /** A PDF opens at this page (where a search found its words); the first page when absent. */
  page?: number | null;
}

/** A PDF in the browser's own viewer, or an image, fetched with the token and shown from a blob: URL. */
export function DocumentPreviewDialog({ document, onDownload, onClose, page }: DocumentPreviewProps) {
  const childId = useSelectedChildId();
  const kind = previewKind(document.mediaType);
  const file = useFileUrl(childId !== null && kind ? documentsUrl(childId, document.id, 'content') : null, document.updatedAt);
  // The PDF viewer reads the page from the URL's fragment (as for any PDF link).
  const fileUrl = file.url && kind === 'pdf' && page && page > 1 ? `${file.url}#page=${page}` : file.url;

  let body;
  if (file.isError) {
    body = <LoadFailed message="We could not open this file just now." onRetry={() => void file.refetch()} />;
  } else if (!file.url) {
    body = <Spinner label="Opening the file" showLabel className="py-8" />;
  } else if (kind === 'pdf') {
    // No sandbox: Chromium's PDF viewer does not run in a sandboxed frame. The blob is the server's
    // own sniffed PDF, and the CSP keeps object-src 'none'.
    body = (
      // oxlint-disable-next-line react/iframe-missing-sandbox
      <iframe
        title={`${document.title} (PDF)`}
        src={fileUrl ?? undefined}
        className="h-[70vh] w-full rounded-lg border border-ink/10"
        // Out of the Tab order: keys pressed in the browser's viewer stay in its own frame, where Escape
        // cannot close this dialog. The whole viewer, keyboard and all, is one link away in a new tab.
        tabIndex={-1}
      />
    );
  } else {
    body = <img src={file.url} alt={document.title} className="mx-auto max-h-[75vh] w-auto max-w-full rounded-lg object-contain" />;
  }

  return (
    <VaultDialog title={document.title} onClose={onClose} wide>
      {body}
      <div className="flex flex-wrap gap-3">
        {/* Buttons do not wrap; a long file name must, or it widens the dialog on a phone. */}
        <Button variant="outline" size="sm" className="h-auto min-h-9 py-1.5 text-left whitespace-normal" onClick={onDownload}>
          Download {document.fileName}
        </Button>
        {file.url ? (
          // Where a browser shows no PDF inside a page (some phones), the whole tab does.
          <a
            href={fileUrl ?? undefined}
            target="_blank"
            rel="noopener"
            className="self-center text-sm font-medium text-brand-800 underline underline-offset-4"
          >
            Open in a new tab{kind === 'pdf' ? <span className="font-normal text-ink-muted"> (to page through it by keyboard)</span> : null}
          </a>
        ) : null}
      </div>
    </VaultDialog>
  );
}
