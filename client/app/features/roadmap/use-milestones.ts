import type { Milestone, MilestoneUpdate } from '#shared/schemas/milestone.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';
import { STATUS_TOASTS } from './roadmap-labels.ts';
import { generationSummary } from './roadmap-timeline.ts';

/**
 * The roadmap feature's calls. The selected child's id is added by the tRPC link. Every change says
 * what happened in a toast; field errors are left to the form that sent them. What a change
 * refreshes is the refresh map's business (client/lib/refresh-map.ts).
 */

const CONNECTION_HINT = 'Please check your connection and try again.';

export function useMilestones() {
  return trpc.milestones.list.useQuery({});
}

export function useCreateMilestone() {
  const { toast } = useToast();
  return trpc.milestones.create.useMutation({
    onSuccess: (milestone) => {
      toast({ title: 'Milestone added', description: `${milestone.title}, ${formatDate(milestone.dueDate)}.`, variant: 'success' });
    },
  });
}

/**
 * Saves a change to one milestone. Only the fields in `patch` are sent: the server records a change
 * that names a status as that status change ("Milestone started", "Milestone reopened") in the activity
 * feed, so a reschedule or an edit must not carry the current status along.
 */
export function useUpdateMilestone() {
  const { toast } = useToast();
  const onError = useFailureToast();
  const mutation = trpc.milestones.update.useMutation({ onError: onError('We could not save that change', CONNECTION_HINT) });
  const save = async (milestone: Pick<Milestone, 'id'>, patch: MilestoneUpdate): Promise<Milestone> => {
    const saved = await mutation.mutateAsync({ id: milestone.id, data: patch });
    if (patch.status) toast({ title: STATUS_TOASTS[patch.status], description: saved.title, variant: 'success' });
    else if (patch.dueDate && Object.keys(patch).length === 1)
      toast({ title: `Moved to ${formatDate(saved.dueDate)}`, description: saved.title, variant: 'success' });
    else toast({ title: 'Milestone saved', description: saved.title, variant: 'success' });
    return saved;
  };
  return { save, isPending: mutation.isPending };
}

export function useDeleteMilestone() {
  const { toast } = useToast();
  const onError = useFailureToast();
  return trpc.milestones.delete.useMutation({
    onSuccess: () => toast({ title: 'Milestone deleted' }),
    onError: onError('We could not delete that milestone', CONNECTION_HINT),
  });
}

/** Runs the server's rules engine; what the parent added, changed or finished is kept. */
export function useGenerateRoadmap() {
  const { toast } = useToast();
  const onError = useFailureToast();
  return trpc.milestones.generate.useMutation({
    onSuccess: (result) => toast({ title: 'Roadmap refreshed', description: generationSummary(result), variant: 'success' }),
    onError: onError('We could not refresh the roadmap', CONNECTION_HINT),
  });
}
