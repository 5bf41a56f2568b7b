import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { Form, FormResponse, FormResponseFilter } from '#shared/schemas/form.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';

/*
 * The inbox's calls (router `formResponses`, issue 28) and the forms list it sits beside. The selected
 * child's id is added by the tRPC link; what approving refreshes (the goals, observations, dashboard)
 * is the refresh map's business (client/lib/refresh-map.ts).
 */

interface MutationOptions<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
}
interface Mutation<TInput, TData> {
  useMutation(options?: MutationOptions<TData>): UseMutationResult<TData, unknown, TInput>;
}
interface Query<TInput, TData> {
  useQuery(input: TInput): UseQueryResult<TData, Error>;
}
type Approved = FormResponse & { progressEntryIds: number[]; observationIds: number[] };

/** The routers as the inbox calls them (server/features/forms/form-responses.router.ts, forms.router.ts). */
interface InboxClient {
  formResponses: {
    list: Query<{ filter: FormResponseFilter }, FormResponse[]>;
    approve: Mutation<{ id: number }, Approved>;
    reject: Mutation<{ id: number }, FormResponse>;
  };
  forms: { list: Query<undefined, Form[]> };
}

// The routers are built beside these screens (issue 28); typed here from the shared schemas so the inbox
// compiles before they join the AppRouter.
const api = trpc as unknown as InboxClient;

/** The selected child's form responses, newest answered first (`status`, `goalId`, `formId` narrow them). */
export function useFormResponses(filter: FormResponseFilter) {
  return api.formResponses.list.useQuery({ filter });
}

/** The selected child's forms, newest first, each with its open links and waiting answers. */
export function useChildForms() {
  return api.forms.list.useQuery(undefined);
}

/** "2 progress entries and 1 observation added", "Nothing new: the answers stay in the response". */
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
  const approve = api.formResponses.approve.useMutation({
    onSuccess: (made) => toast({ title: `Answers from ${made.recipientName} added`, description: approvedText(made), variant: 'success' }),
    onError: failed('We could not approve those answers'),
  });
  const reject = api.formResponses.reject.useMutation({
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
