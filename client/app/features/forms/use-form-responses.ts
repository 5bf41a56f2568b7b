import type { FormResponseFilter } from '#shared/schemas/form.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';

/*
 * The inbox's calls (router `formResponses`, issue 28) and the forms list it sits beside. The selected
 * child's id is added by the tRPC link; what approving refreshes (the goals, observations, dashboard)
 * is the refresh map's business (client/lib/refresh-map.ts).
 */

/** The selected child's form responses, newest answered first (`status`, `goalId`, `formId` narrow them). */
export function useFormResponses(filter: FormResponseFilter) {
  return trpc.formResponses.list.useQuery({ filter });
}

/** The selected child's forms, newest first, each with its open links and waiting answers. */
export function useChildForms() {
  return trpc.forms.list.useQuery();
}

/** "2 progress entries and 1 observation added.", or "The answers stay in the response." when approving made no record. */
export function approvedText(made: { progressEntryIds: readonly number[]; observationIds: readonly number[] }): string {
  const parts = [
    made.progressEntryIds.length > 0
      ? `${made.progressEntryIds.length} progress ${made.progressEntryIds.length === 1 ? 'entry' : 'entries'}`
      : null,
    made.observationIds.length > 0
      ? `${made.observationIds.length} ${made.observationIds.length === 1 ? 'observation' : 'observations'}`
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? 'The answers stay in the response.' : `${parts.join(' and ')} added.`;
}

/** Approve (the answers join the record) and Leave out (they stay out of it), each with its toast. */
export function useFormResponseDecisions() {
  const { toast } = useToast();
  const onError = useFailureToast();
  const failed = (title: string) => (error: unknown) =>
    onError(title, serverMessageOf(error) ?? 'Please check your connection and try again.')(error);
  const approve = trpc.formResponses.approve.useMutation({
    onSuccess: (made) => toast({ title: `Answers from ${made.recipientName} added`, description: approvedText(made), variant: 'success' }),
    onError: failed('We could not approve those answers'),
  });
  const reject = trpc.formResponses.reject.useMutation({
    onSuccess: (response) =>
      toast({
        title: `Answers from ${response.recipientName} left out`,
        description: 'They stay out of the record and the charts.',
        variant: 'success',
      }),
    onError: failed('We could not leave those answers out'),
  });
  return { approve, reject };
}
