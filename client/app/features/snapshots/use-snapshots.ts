import { skipToken, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DOCUMENT_LIMITS } from '#shared/schemas/document.ts';
import type { SnapshotPaper } from '#shared/schemas/snapshot.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { apiRequest, httpStatusOf, serverMessageOf } from '../../../lib/api-request.ts';
import { useSelectedChildId } from '../../child-context.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchFileBlob } from '../../hooks/file-blob.ts';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { useObjectUrl } from '../../hooks/use-object-url.ts';
import { trpc } from '../../trpc/trpc.ts';
import { snapshotPdfFileName } from '../../../components/snapshot/paper.ts';
import { isPhotoDocument, snapshotName, snapshotPdfUrl } from './snapshot-draft.ts';

/**
 * The snapshots feature's calls (router `snapshots`, issue 27). The selected child's id is added by
 * the tRPC link; what a change refreshes is the refresh map's business (client/lib/refresh-map.ts).
 * The meeting pack has its own hook (use-meeting-pack.ts).
 */

const CONNECTION_HINT = 'Please check your connection and try again.';

/** The server's own sentence for a failed call, else `fallback`. */
export function failureText(error: unknown, fallback = CONNECTION_HINT): string {
  const message = serverMessageOf(error);
  return message && !message.startsWith('{') && !message.startsWith('[') ? message : fallback;
}

/** The selected child's snapshots, newest first. */
export function useSnapshots() {
  return trpc.snapshots.list.useQuery();
}

/** One snapshot with its preview: every section the record gives, hidden ones too, in the snapshot's order. */
export function useSnapshot(id: number | null) {
  return trpc.snapshots.byId.useQuery(id === null ? skipToken : { id });
}

/** Every open link of the child (owners only: `enabled` false for anyone else, who may not list them). */
export function useSnapshotLinks(enabled: boolean) {
  return trpc.snapshots.links.useQuery(undefined, { enabled });
}

function useToasts() {
  const { toast } = useToast();
  const onError = useFailureToast();
  return {
    ok: (title: string, description?: string) => toast({ title, ...(description ? { description } : {}), variant: 'success' }),
    failed: (title: string) => (error: unknown) => onError(title, failureText(error))(error),
  };
}

export function useSnapshotMutations() {
  const { ok, failed } = useToasts();
  const create = trpc.snapshots.create.useMutation({
    onSuccess: (snapshot) => ok('Snapshot made', snapshotName(snapshot)),
    onError: failed('We could not make that snapshot'),
  });
  const update = trpc.snapshots.update.useMutation({
    onSuccess: (snapshot) => ok('Snapshot saved', snapshotName(snapshot)),
    onError: failed('We could not save that snapshot'),
  });
  const remove = trpc.snapshots.delete.useMutation({
    onSuccess: () => ok('Snapshot deleted', 'Its share links no longer open.'),
    onError: failed('We could not delete that snapshot'),
  });
  return { create, update, remove };
}

export function useShareMutations() {
  const { ok, failed } = useToasts();
  const share = trpc.snapshots.share.useMutation({
    onSuccess: () => ok('Share link made', 'Copy it now: it is shown only once.'),
    onError: failed('We could not make a share link'),
  });
  const revokeLink = trpc.snapshots.revokeLink.useMutation({
    onSuccess: () => ok('Link turned off', 'Anyone who has it can no longer open the snapshot.'),
    onError: failed('We could not turn off that link'),
  });
  return { share, revokeLink };
}

/** Why a PDF could not be made, as a sentence for the parent. */
function pdfFailureMessage(error: unknown, online: boolean): string {
  if (!online) return 'You’re offline. Connect to the internet to download the PDF.';
  if (httpStatusOf(error) === null) return `We could not reach Trelli. ${CONNECTION_HINT}`;
  return failureText(error, 'We could not make the PDF just now. Please try again.');
}

/**
 * A PDF of the API saved as `fileName` through the request helper (the bearer token goes with it, and a
 * PDF answer comes back as a Blob), with a toast saying it is downloading. A failure is kept for the
 * screen to show beside the button. The snapshot's and the meeting pack's downloads go this way.
 */
export function usePdfDownload() {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = useCallback(
    async (url: string, fileName: string, title: string) => {
      setError(null);
      if (!navigator.onLine) {
        setError(pdfFailureMessage(null, false));
        return;
      }
      setBusy(true);
      try {
        saveBlob(await apiRequest<Blob>('GET', url), fileName);
        toast({ title, description: fileName, variant: 'success' });
      } catch (failure) {
        setError(pdfFailureMessage(failure, navigator.onLine));
      } finally {
        setBusy(false);
      }
    },
    [toast],
  );
  return { download, busy, error };
}

/** "Download PDF": GET /api/snapshots/{id}/pdf, the saved snapshot, as "<first name> snapshot.pdf". */
export function useSnapshotPdf(firstName: string) {
  const childId = useSelectedChildId();
  const pdf = usePdfDownload();
  const download = (id: number, paper: SnapshotPaper) =>
    childId === null
      ? Promise.resolve()
      : pdf.download(snapshotPdfUrl(id, childId, paper), snapshotPdfFileName(firstName), 'Your snapshot is downloading');
  return { download, busy: pdf.busy, error: pdf.error };
}

/** The child's vault photos a snapshot can show (JPEG and PNG documents), newest first. */
export function useVaultPhotos(enabled: boolean) {
  const childId = useSelectedChildId();
  const list = trpc.documents.list.useQuery(
    { childId: childId ?? 0, filter: { limit: DOCUMENT_LIMITS.pageSize, offset: 0 } },
    { enabled: enabled && childId !== null },
  );
  const photos = useMemo(() => (list.data?.items ?? []).filter(isPhotoDocument), [list.data]);
  return { photos, query: list };
}

/**
 * A vault photo as a blob: URL for the preview (an <img> cannot send the bearer token, decision
 * 0043); null before it has come, or without a photo. Revoked when the preview goes.
 */
export function usePhotoUrl(documentId: number | null): string | null {
  const childId = useSelectedChildId();
  const file = useQuery({
    queryKey: ['snapshot-photo', childId, documentId],
    queryFn: ({ signal }) => fetchFileBlob(`/api/documents/${documentId ?? 0}/content?childId=${childId ?? 0}`, signal),
    enabled: documentId !== null && childId !== null,
    staleTime: Infinity,
    retry: false,
  });
  return useObjectUrl(documentId === null ? undefined : file.data);
}
