import { EMPTY_STATE_GUIDES } from '#shared/guide.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { documentActions, type DocumentListItem } from '#shared/schemas/document.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { RoleGate, ViewOnlyNote } from '../../components/child-role.tsx';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { DocumentEditorDialog } from './document-editor.tsx';
import { DocumentFilters, EMPTY_VAULT_FILTERS, hasVaultFilters, toDocumentFilter, type VaultFilterState } from './document-filters.tsx';
import { DocumentItem } from './document-item.tsx';
import { DocumentPreviewDialog } from './document-preview.tsx';
import { DropZone } from './drop-zone.tsx';
import { StorageMeter } from './storage-meter.tsx';
import { addedDocumentIds } from './upload-queue.ts';
import { UploadQueueList } from './upload-queue-list.tsx';
import {
  useCurrentTitles,
  useDocumentFacets,
  useDocumentList,
  useDownloadDocument,
  useGoalOptions,
  useUploadQueue,
} from './use-documents.ts';
import { GuideLink } from '../../components/guide-link.tsx';

/** How long typing in the search box waits before asking (the answer itself comes in milliseconds). */
export const VAULT_SEARCH_DEBOUNCE_MS = 250;

const card = 'grid content-start gap-4 rounded-2xl border border-ink/10 bg-white p-5 shadow-sm sm:p-6';

/** Three grey rows where the documents will be, while the first answer loads. */
function ListSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-3">
      <p className="sr-only" role="status">
        Loading documents...
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden="true" className="flex animate-pulse gap-4 rounded-2xl border border-ink/10 bg-white p-4">
          <div className="size-20 rounded-lg bg-ink/10 sm:size-24" />
          <div className="grid flex-1 content-start gap-2">
            <div className="h-4 w-2/3 rounded bg-ink/10" />
            <div className="h-3 w-1/2 rounded bg-ink/10" />
          </div>
        </div>
      ))}
    </div>
  );
}

function countText(shown: number, total: number, searching: boolean): string {
  const noun = (n: number) => `${n} ${n === 1 ? 'document' : 'documents'}`;
  if (searching) return total === 0 ? 'No documents found.' : `${noun(total)} found.`;
  return shown < total ? `${noun(shown)} of ${total} shown.` : `${noun(total)}.`;
}

/**
 * The vault for the selected child: add files (drop, pick, camera) with a queue of progress bars,
 * the storage meter, then every document with search, filters, preview, download, edit, replace
 * and delete.
 */
/** Wide enough for the add and storage cards side by side above the list (Tailwind's lg). */
const WIDE_LAYOUT = '(min-width: 64rem)';

/** Whether the window matches `query`, following it as the window changes. */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => globalThis.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = globalThis.matchMedia?.(query);
    if (!list) return;
    const change = () => setMatches(list.matches);
    change();
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return matches;
}

export function VaultScreen({ childName }: { childName: string }) {
  const queue = useUploadQueue();
  const download = useDownloadDocument();
  const facets = useDocumentFacets();
  const goals = useGoalOptions();
  const [filters, setFilters] = useState<VaultFilterState>(EMPTY_VAULT_FILTERS);
  const search = useDebouncedValue(filters.search, VAULT_SEARCH_DEBOUNCE_MS);
  const listFilter = useMemo(() => toDocumentFilter({ ...filters, search }), [filters, search]);
  const list = useDocumentList(listFilter);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState<DocumentListItem | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const goalTitles = useMemo(() => new Map((goals.data ?? []).map((goal) => [goal.id, goal.title])), [goals.data]);
  const filtered = hasVaultFilters(filters);
  const wide = useMediaQuery(WIDE_LAYOUT);
  // The files added here follow their documents: a deleted one leaves the list, a renamed one shows its new title.
  const addedTitles = useCurrentTitles(addedDocumentIds(queue.items));
  const { items: queued, dismiss } = queue;
  useEffect(() => {
    for (const item of queued) if (item.documentId !== null && addedTitles.get(item.documentId) === null) dismiss(item.key);
  }, [queued, addedTitles, dismiss]);

  let body;
  if (list.isPending) {
    body = <ListSkeleton />;
  } else if (list.isError && !list.data) {
    body = (
      <LoadFailed
        message="We could not load the documents just now. Check your connection, then try again."
        onRetry={() => void list.refetch()}
        className="rounded-2xl border border-ink/10 bg-white p-6"
      />
    );
  } else if (list.data.items.length === 0) {
    body = filtered ? (
      <div className="grid justify-items-start gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
        <p className="text-ink">Nothing matches. Try another word, or clear the filters.</p>
        <Button variant="outline" size="sm" onClick={() => setFilters(EMPTY_VAULT_FILTERS)}>
          Clear filters
        </Button>
      </div>
    ) : (
      <div className="grid gap-2 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
        <p className="text-lg text-ink">No documents yet.</p>
        <RoleGate action={documentActions.upload}>
          <p className="text-ink-muted">
            Start with the papers you reach for most: the current IEP or 504 plan, the latest evaluation, this year’s report cards. Drop the
            files above or choose “Add documents”; on a phone, take a photo of a paper page. PDFs become searchable, word for word.
          </p>
        </RoleGate>
        <GuideLink link={EMPTY_STATE_GUIDES.vault} />
      </div>
    );
  } else {
    const { items, total } = list.data;
    body = (
      <ul
        aria-label={search.trim() ? 'Documents found, best match first' : 'Documents, newest first'}
        aria-busy={list.isPlaceholderData || undefined}
        className="grid gap-3"
      >
        {items.map((document) => (
          <DocumentItem
            key={document.id}
            document={document}
            goalTitles={goalTitles}
            onPreview={() => setPreviewing(document)}
            onDownload={() => void download(document)}
            onEdit={() => setEditingId(document.id)}
            onReplace={(file) => queue.add([file], document.id)}
            onTagSelect={(tag) => setFilters({ ...filters, tag })}
            onDeleted={() => headingRef.current?.focus()}
          />
        ))}
        {items.length < total ? <li className="text-sm text-ink-muted">Narrow the list with search or a filter to see the rest.</li> : null}
      </ul>
    );
  }

  const status = list.data && !list.isPlaceholderData ? countText(list.data.items.length, list.data.total, search.trim() !== '') : '';

  const addAndStorage = (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <RoleGate action={documentActions.upload}>
        <section aria-labelledby="vault-add-heading" className={card}>
          <h2 id="vault-add-heading" className="text-xl font-bold text-ink">
            Add documents
          </h2>
          <DropZone onFiles={(files) => queue.add(files)} maxFileBytes={queue.maxFileBytes} />
          <UploadQueueList
            items={queue.items}
            currentTitles={addedTitles}
            onCancel={queue.cancel}
            onRetry={queue.retry}
            onDismiss={queue.dismiss}
            onDescribe={setEditingId}
          />
        </section>
      </RoleGate>
      <section aria-labelledby="vault-storage-heading" className={card}>
        <h2 id="vault-storage-heading" className="text-xl font-bold text-ink">
          Storage
        </h2>
        <StorageMeter />
        <p className="text-sm text-ink-muted">
          Files are encrypted before they are stored. Only you and the people you share this child with can open them here.
        </p>
      </section>
    </div>
  );
  // On a phone, finding a document comes first; adding one follows the list (the header links to it).
  const listSection = (
    <section aria-labelledby="vault-list-heading" className="grid gap-4">
      <h2 id="vault-list-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
        All documents
      </h2>
      <DocumentFilters value={filters} onChange={setFilters} facets={facets.data} />
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {body}
    </section>
  );

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Document vault</h1>
        <p className="max-w-2xl text-ink-muted">
          {childName}’s IEPs, evaluations, report cards, letters and receipts, kept encrypted and found in seconds, including a word inside
          a long PDF.
        </p>
        <ViewOnlyNote />
        {wide ? null : (
          <RoleGate action={documentActions.upload}>
            <a
              href="#vault-add-heading"
              className="min-h-11 justify-self-start py-2 font-semibold text-brand-800 underline underline-offset-4"
            >
              Add documents
            </a>
          </RoleGate>
        )}
      </div>
      {wide ? null : listSection}
      {addAndStorage}
      {wide ? listSection : null}
      {editingId !== null ? <DocumentEditorDialog documentId={editingId} onClose={() => setEditingId(null)} /> : null}
      {previewing ? (
        <DocumentPreviewDialog
          document={previewing}
          page={previewing.matches.find((match) => match.field === 'text')?.page}
          onDownload={() => void download(previewing)}
          onClose={() => setPreviewing(null)}
        />
      ) : null}
    </div>
  );
}
