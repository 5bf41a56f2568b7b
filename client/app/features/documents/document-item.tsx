import { useEffect, useId, useRef, useState } from 'react';
import { DOCUMENT_ACCEPT, documentActions, type DocumentListItem } from '#shared/schemas/document.ts';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { formatDate, formatMomentDate } from '../../../lib/dates.ts';
import { TagButtons } from '../../components/tag-buttons.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { AddedBy } from '../../components/added-by.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { formatBytes } from '#shared/bytes.ts';
import { CATEGORY_LABELS, MEDIA_TYPE_SHORT, previewKind } from './document-labels.ts';
import { DocumentThumbnail } from './document-thumbnail.tsx';
import { EarlierVersions, REPLACE_KEEPS_TEXT } from './document-versions.tsx';
import { excerptParts, MATCH_FIELD_LABELS } from './search-excerpt.ts';
import { useDeleteDocument } from './use-documents.ts';

export interface DocumentItemProps {
  document: DocumentListItem;
  goalTitles: ReadonlyMap<number, string>;
  onPreview: () => void;
  onDownload: () => void;
  onEdit: () => void;
  onReplace: (file: File) => void;
  onTagSelect: (tag: string) => void;
  /** After the document was deleted: put focus somewhere that still exists. */
  onDeleted: () => void;
}

/** Where a search found its words in this document: "Inside the document: ...a <mark>word</mark>...". */
function Matches({ matches }: { matches: DocumentListItem['matches'] }) {
  if (matches.length === 0) return null;
  return (
    <ul aria-label="Where the words were found" className="grid gap-1 text-sm">
      {matches.map((match, index) => (
        <li key={`${match.field}-${index}`} className="rounded-lg bg-brand-50 px-3 py-2 text-ink">
          <span className="font-semibold">{MATCH_FIELD_LABELS[match.field]}: </span>
          {excerptParts(match.excerpt, match.highlights).map((part, partIndex) =>
            part.marked ? (
              <mark key={partIndex} className="rounded bg-sun px-0.5 text-ink">
                {part.text}
              </mark>
            ) : (
              <span key={partIndex}>{part.text}</span>
            ),
          )}
        </li>
      ))}
    </ul>
  );
}

/** One document: thumbnail, title and facts, where a search found it, and its actions. */
export function DocumentItem({
  document,
  goalTitles,
  onPreview,
  onDownload,
  onEdit,
  onReplace,
  onTagSelect,
  onDeleted,
}: DocumentItemProps) {
  const prefix = useId();
  const online = useOnline();
  const remove = useDeleteDocument();
  const [asking, setAsking] = useState(false);
  // Replacing asks first, and says the current file is kept (decision 0087).
  const [askingReplace, setAskingReplace] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const keepId = `${prefix}-keep`;
  const chooseId = `${prefix}-choose`;
  const replaceId = `${prefix}-replace`;
  const deleteId = `${prefix}-delete`;
  const returnToDelete = useRef(false);

  useEffect(() => {
    if (asking) globalThis.document.getElementById(keepId)?.focus();
    else if (returnToDelete.current) {
      returnToDelete.current = false;
      globalThis.document.getElementById(deleteId)?.focus();
    }
  }, [asking, keepId, deleteId]);

  useEffect(() => {
    if (askingReplace) globalThis.document.getElementById(chooseId)?.focus();
  }, [askingReplace, chooseId]);

  const closeReplace = () => {
    setAskingReplace(false);
    requestAnimationFrame(() => globalThis.document.getElementById(replaceId)?.focus());
  };

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      await remove.mutateAsync({ childId: document.childId, id: document.id });
      onDeleted();
    } catch (error) {
      const message = serverMessageOf(error);
      setDeleteError(message ? `We could not delete it: ${message}` : 'We could not delete it. Please try again.');
    }
  };

  const date = document.documentDate ? formatDate(document.documentDate) : `Added ${formatMomentDate(document.createdAt)}`;
  const canPreview = previewKind(document.mediaType) !== null;
  const goals = document.goalIds.map((id) => goalTitles.get(id)).filter((title): title is string => Boolean(title));
  const named = <span className="sr-only"> {document.title}</span>;

  return (
    <li className="flex gap-4 rounded-2xl border border-ink/10 bg-white p-4">
      <DocumentThumbnail document={document} />
      <div className="grid min-w-0 flex-1 content-start gap-2">
        <div className="grid gap-0.5">
          <h3 className="font-semibold break-words text-ink">{document.title}</h3>
          <p className="text-sm text-ink-muted">
            {CATEGORY_LABELS[document.category]} · {date}
            {document.schoolYear ? ` · ${document.schoolYear}` : ''} · {MEDIA_TYPE_SHORT[document.mediaType]},{' '}
            {formatBytes(document.sizeBytes)}
            {document.pageCount ? `, ${document.pageCount} ${document.pageCount === 1 ? 'page' : 'pages'}` : ''}
          </p>
          <AddedBy author={document.addedBy} at={document.createdAt} />
          {document.processing === 'pending' ? <p className="text-sm text-ink-muted">Reading the file for search...</p> : null}
        </div>
        {document.note ? <p className="line-clamp-3 text-sm whitespace-pre-line text-ink">{document.note}</p> : null}
        <TagButtons
          tags={document.tags}
          onSelect={onTagSelect}
          actionLabel="Show documents tagged "
          className="flex flex-wrap gap-2 text-sm"
        />
        {goals.length > 0 ? (
          <p className="text-sm text-ink">
            <span className="font-semibold">Evidence for:</span> {goals.join(', ')}
          </p>
        ) : null}
        <Matches matches={document.matches} />
        <EarlierVersions document={document} />
        {askingReplace ? (
          <div className="grid gap-2 rounded-xl border border-brand-300 bg-brand-50 p-3">
            <p id={`${prefix}-replace-question`} className="font-semibold text-ink">
              Replace the file of “{document.title}”? {REPLACE_KEEPS_TEXT}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                id={chooseId}
                size="sm"
                aria-describedby={`${prefix}-replace-question`}
                disabled={!online}
                onClick={() => replaceInput.current?.click()}
              >
                Choose the new file
              </Button>
              <Button variant="outline" size="sm" onClick={closeReplace}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
        {asking ? (
          <div className="grid gap-2 rounded-xl border border-red-700/40 bg-red-50 p-3">
            <p id={`${prefix}-question`} className="font-semibold text-red-900">
              Delete “{document.title}” and its file? A data export made before now that holds it is withdrawn too. This cannot be undone.
            </p>
            {deleteError ? (
              <p role="alert" className="text-sm text-red-900">
                {deleteError}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="destructive"
                size="sm"
                aria-describedby={`${prefix}-question`}
                loading={remove.isPending}
                onClick={() => void confirmDelete()}
              >
                Yes, delete
              </Button>
              <Button
                id={keepId}
                variant="outline"
                size="sm"
                aria-describedby={`${prefix}-question`}
                onClick={() => {
                  returnToDelete.current = true;
                  setDeleteError(null);
                  setAsking(false);
                }}
              >
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {canPreview ? (
              <Button variant="outline" size="sm" onClick={onPreview}>
                Preview{named}
              </Button>
            ) : null}
            <Button variant="outline" size="sm" onClick={onDownload}>
              Download{named}
            </Button>
            <RoleGate action={[documentActions.update, documentActions.replaceFile]}>
              <Button variant="outline" size="sm" onClick={onEdit}>
                Edit{named}
              </Button>
              <Button id={replaceId} variant="ghost" size="sm" disabled={!online} onClick={() => setAskingReplace(true)}>
                Replace file{named}
              </Button>
              <input
                ref={replaceInput}
                type="file"
                accept={DOCUMENT_ACCEPT}
                hidden
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (!file) return;
                  onReplace(file);
                  closeReplace();
                }}
              />
            </RoleGate>
            <RoleGate action={documentActions.delete}>
              <Button id={deleteId} variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" onClick={() => setAsking(true)}>
                Delete{named}
              </Button>
            </RoleGate>
          </div>
        )}
      </div>
    </li>
  );
}
