import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { DOCUMENT_LIMITS, type DocumentCategory, type DocumentRecord } from '#shared/schemas/document.ts';
import type { ExpenseFilter, ExpenseProposal } from '#shared/schemas/reimbursement.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { apiRequest, serverMessageOf } from '../../../lib/api-request.ts';
import { refreshAfter } from '../../../lib/refresh-map.ts';
import { sleep } from '../../../lib/sleep.ts';
import { useSelectedChildId } from '../../child-context.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { fetchFileBlob } from '../../hooks/file-blob.ts';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';
import { CONNECTION_HINT } from './reimbursement-labels.ts';
import { exportFileName, exportUrl, nextProposalWait, type Period } from './reimbursement-logic.ts';

/**
 * The reimbursements feature's calls. The selected child's id is added by the tRPC link. What a
 * change refreshes is the refresh map's business (client/lib/refresh-map.ts); a refused change keeps
 * the server's sentence (a 409 says which moves are possible, or what is left to claim).
 */

/** The server's own sentence for a failed change, else `fallback`. */
export function failureText(error: unknown, fallback = CONNECTION_HINT): string {
  const message = serverMessageOf(error);
  return message && !message.startsWith('{') && !message.startsWith('[') ? message : fallback;
}

export function useSummary(period: Partial<Period>) {
  return trpc.reimbursements.summary.useQuery({ period });
}

export function useFundingSources() {
  return trpc.fundingSources.list.useQuery({});
}

export function useExpenses(filter: Partial<ExpenseFilter>) {
  return trpc.expenses.list.useQuery({ filter });
}

export function useProviderDefaults() {
  return trpc.expenses.providers.useQuery({});
}

/** The child's vault documents an expense can link (receipts, superbills, invoices, EOBs, letters). */
export function useLinkableDocuments(enabled: boolean) {
  const childId = useSelectedChildId();
  return trpc.documents.list.useQuery(
    { childId: childId ?? 0, filter: { limit: DOCUMENT_LIMITS.pageSize, offset: 0 } },
    { enabled: enabled && childId !== null },
  );
}

export const LINKABLE_CATEGORIES: readonly DocumentCategory[] = ['receipt', 'superbill', 'invoice', 'eob', 'lmn'];

/** A toast after a change; errors toast with the server's sentence, and the caller shows it beside the control too. */
function useToasts() {
  const { toast } = useToast();
  const onError = useFailureToast();
  return {
    ok: (title: string, description?: string) => toast({ title, ...(description ? { description } : {}), variant: 'success' }),
    failed: (title: string) => (error: unknown) => {
      onError(title, failureText(error))(error);
    },
  };
}

export function useFundingSourceMutations() {
  const { ok, failed } = useToasts();
  const create = trpc.fundingSources.create.useMutation({
    onSuccess: (source) => ok('Funding source added', source.name),
    onError: failed('We could not add that funding source'),
  });
  const update = trpc.fundingSources.update.useMutation({
    onSuccess: (source) => ok('Funding source saved', source.name),
    onError: failed('We could not save that funding source'),
  });
  const remove = trpc.fundingSources.delete.useMutation({
    onSuccess: () => ok('Funding source deleted'),
    onError: failed('We could not delete that funding source'),
  });
  return { create, update, remove };
}

export function useExpenseMutations() {
  const { ok, failed } = useToasts();
  const create = trpc.expenses.create.useMutation({
    onSuccess: (expense) => ok('Expense added', expense.provider),
    onError: failed('We could not add that expense'),
  });
  const update = trpc.expenses.update.useMutation({
    onSuccess: (expense) => ok('Expense saved', expense.provider),
    onError: failed('We could not save that expense'),
  });
  const remove = trpc.expenses.delete.useMutation({
    onSuccess: () => ok('Expense deleted', 'Its documents stay in the vault.'),
    onError: failed('We could not delete that expense'),
  });
  return { create, update, remove };
}

export function useClaimMutations() {
  const { ok, failed } = useToasts();
  const create = trpc.claims.create.useMutation({
    onSuccess: () => ok('Claim added'),
    onError: failed('We could not add that claim'),
  });
  const update = trpc.claims.update.useMutation({
    onSuccess: () => ok('Claim saved'),
    onError: failed('We could not change that claim'),
  });
  const move = trpc.claims.move.useMutation({
    onSuccess: () => ok('Claim status changed'),
    onError: failed('We could not change that claim'),
  });
  const addPayment = trpc.claims.addPayment.useMutation({
    onSuccess: () => ok('Payment recorded'),
    onError: failed('We could not record that payment'),
  });
  const deletePayment = trpc.claims.deletePayment.useMutation({
    onSuccess: () => ok('Payment deleted'),
    onError: failed('We could not delete that payment'),
  });
  const remove = trpc.claims.delete.useMutation({
    onSuccess: () => ok('Claim deleted'),
    onError: failed('We could not delete that claim'),
  });
  return { create, update, move, addPayment, deletePayment, remove };
}

export type UploadedReceipt = Pick<DocumentRecord, 'id' | 'title' | 'mediaType' | 'processing'>;

/**
 * Puts a receipt in the vault under `receipt` through the vault's own upload route (POST
 * /api/documents, multipart: the description first, the file last), and refreshes the vault's lists.
 */
export function useUploadReceipt() {
  const childId = useSelectedChildId();
  const queryClient = useQueryClient();
  return useCallback(
    async (file: File): Promise<UploadedReceipt> => {
      const form = new FormData();
      form.append('category', 'receipt');
      form.append('file', file, file.name);
      const uploaded = await apiRequest<UploadedReceipt>('POST', `/api/documents?childId=${childId ?? 0}`, form);
      // An upload changes what documents.update changes (the vault's lists and meter).
      refreshAfter(queryClient, 'documents.update');
      return uploaded;
    },
    [childId, queryClient],
  );
}

/** Asks what a receipt proposes, again while the vault is still reading a PDF (a few times, then gives up). */
export function useProposal() {
  const utils = trpc.useUtils();
  const childId = useSelectedChildId();
  return useCallback(
    async (documentId: number, isPdf: boolean, stillWanted: () => boolean): Promise<ExpenseProposal | null> => {
      for (let attempt = 0; ; attempt += 1) {
        // Whether the vault is still reading the file, asked first: a proposal without text after the
        // reading ended stays without (a scan), one asked during it may come with text later.
        const reading =
          isPdf && childId !== null
            ? (await utils.client.documents.byId.query({ childId, id: documentId })).processing === 'pending'
            : false;
        const proposal = await utils.client.expenses.propose.query({ documentId });
        const wait = nextProposalWait(proposal, isPdf, attempt, reading);
        if (wait === null || !stillWanted()) return proposal;
        await sleep(wait);
      }
    },
    [utils, childId],
  );
}

/** "Download CSV" and "Download receipts (ZIP)": fetched with the bearer token, saved by the browser. */
export function useExportDownload() {
  const childId = useSelectedChildId();
  const { toast } = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const download = useCallback(
    async (format: 'csv' | 'zip', source: { id: number; name: string }, period: Partial<Period>) => {
      if (childId === null) return;
      const key = `${format}-${source.id}`;
      setBusy(key);
      try {
        const blob = await fetchFileBlob(exportUrl(format, childId, source.id, period));
        saveBlob(blob, exportFileName(format, source.name, period));
        toast({ title: format === 'zip' ? 'Your receipts are downloading' : 'Your CSV is downloading', variant: 'success' });
      } catch (error) {
        toast({ title: 'The download did not start', description: failureText(error), variant: 'destructive' });
      } finally {
        setBusy(null);
      }
    },
    [childId, toast],
  );
  return { download, busy };
}
