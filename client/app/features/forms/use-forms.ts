import { skipToken } from '@tanstack/react-query';
import { useToast } from '../../../components/ui/toast.tsx';
import { serverMessageOf } from '../../../lib/api-request.ts';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';

/*
 * The form editor's calls (router `forms`, issue 28). The selected child's id is added by the tRPC link;
 * what a change refreshes is the refresh map's business (client/lib/refresh-map.ts).
 */

const forms = trpc.forms;

const CONNECTION_HINT = 'Please check your connection and try again.';

/** The server's own sentence for a failed call, else `fallback`. */
export function failureText(error: unknown, fallback = CONNECTION_HINT): string {
  const message = serverMessageOf(error);
  return message && !message.startsWith('{') && !message.startsWith('[') ? message : fallback;
}

/** One form of the selected child. */
export function useForm(id: number | null) {
  return forms.byId.useQuery(id === null ? skipToken : { id });
}

/** The open fill links of one form (owners only: `enabled` false for anyone else, who may not list them). */
export function useFormLinks(formId: number, enabled: boolean) {
  return forms.links.useQuery({ formId }, { enabled });
}

function useToasts() {
  const { toast } = useToast();
  const onError = useFailureToast();
  return {
    ok: (title: string, description?: string) => toast({ title, ...(description ? { description } : {}), variant: 'success' }),
    failed: (title: string) => (error: unknown) => onError(title, failureText(error))(error),
  };
}

/** "Ask a teacher" and the like: a new form, its failure told in a toast. */
export function useCreateForm() {
  const { failed } = useToasts();
  return forms.create.useMutation({ onError: failed('We could not make that form') });
}

/** Saving is reported by the editor's own status line, not a toast (autosave saves often). */
export function useUpdateForm() {
  return forms.update.useMutation();
}

export function useDeleteForm() {
  const { ok, failed } = useToasts();
  return forms.delete.useMutation({
    onSuccess: () => ok('Form deleted', 'Its links no longer open.'),
    onError: failed('We could not delete that form'),
  });
}

/** The share dialog shows its own failure beside the fields. */
export function useShareForm() {
  return forms.share.useMutation();
}

export function useRevokeFormLink() {
  const { ok, failed } = useToasts();
  return forms.revokeLink.useMutation({
    onSuccess: () => ok('Link turned off', 'Anyone who has it can no longer answer the form.'),
    onError: failed('We could not turn off that link'),
  });
}

/** Whether this server sends mail (the share dialog offers an email field only then). */
export function useMailConfigured(enabled: boolean): boolean {
  const settings = trpc.notifications.get.useQuery(undefined, { enabled });
  return settings.data?.mailConfigured ?? false;
}

/** The child's goals a question can be tied to. */
export function useChildGoals() {
  return trpc.goals.list.useQuery();
}
