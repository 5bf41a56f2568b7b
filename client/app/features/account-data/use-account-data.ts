import { skipToken } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AccountExport } from '#shared/schemas/account-data.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { ACCOUNT_DELETED_HOME } from '../../../lib/paths.ts';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchFileBlob } from '../../hooks/file-blob.ts';
import { trpc } from '../../trpc/trpc.ts';

export const isBuilding = (current: AccountExport | null | undefined) => current?.status === 'queued' || current?.status === 'running';

/**
 * The parent's current export (null when none). While it is being built, the server sends each change
 * of it (SPEC §9: no polling; decision 0093), first the export as it stands, also after the stream
 * reconnected by itself; while the stream is down the panel keeps what it shows.
 */
export function useCurrentExport() {
  const utils = trpc.useUtils();
  const current = trpc.accountData.currentExport.useQuery();
  trpc.accountData.watchExport.useSubscription(isBuilding(current.data) ? undefined : skipToken, {
    onData: (latest) => utils.accountData.currentExport.setData(undefined, latest),
  });
  return current;
}

export function useStartExport() {
  const { toast } = useToast();
  return trpc.accountData.startExport.useMutation({
    onError: () =>
      toast({ title: 'Your data could not be prepared', description: 'Check your connection and try again.', variant: 'destructive' }),
  });
}

const DOWNLOAD_FAILED = {
  title: 'The download did not start',
  description: 'Check your connection and try again. After 24 hours, start a new export.',
};

/** Downloads a ready export's ZIP under its own name; when it fails, says so in a toast and keeps `failed` for the page. */
export function useDownloadExport() {
  const { toast } = useToast();
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const download = useCallback(
    async (ready: AccountExport) => {
      setDownloading(true);
      setFailed(null);
      try {
        saveBlob(await fetchFileBlob(`/api/exports/${ready.id}/download`), ready.fileName);
      } catch {
        toast({ ...DOWNLOAD_FAILED, variant: 'destructive' });
        setFailed(`${DOWNLOAD_FAILED.title}. ${DOWNLOAD_FAILED.description}`);
        // It may have been withdrawn or replaced meanwhile: the panel then says so.
        void utils.accountData.currentExport.invalidate();
      } finally {
        setDownloading(false);
      }
    },
    [toast, utils],
  );
  return { download, downloading, failed };
}

/** Deletes the account; then signs out and leaves for the public home page. */
export function useDeleteAccount() {
  const { toast } = useToast();
  const signOut = useSignOut();
  return trpc.accountData.deleteAccount.useMutation({
    // The home page it lands on says the account is gone (issue 24: it said nothing).
    onSuccess: () => signOut(ACCOUNT_DELETED_HOME),
    onError: () =>
      toast({ title: 'Your account was not deleted', description: 'Check your connection and try again.', variant: 'destructive' }),
  });
}
