import { useToast } from '../../../components/ui/toast.tsx';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';

/**
 * The progress planner's goal calls. Screens only call these; each mutation says what happened in a
 * toast. What it refreshes is the refresh map's business (client/lib/refresh-map.ts).
 */

/** The selected child's goals; with `everyChild`, every child's, each naming its child (decision 0098). */
export function useGoals({ everyChild = false }: { everyChild?: boolean } = {}) {
  const one = trpc.goals.list.useQuery(undefined, { enabled: !everyChild });
  const every = trpc.everyChild.goals.useQuery(undefined, { enabled: everyChild });
  return everyChild ? every : one;
}

export function useGoalDetail(id: number | null) {
  return trpc.goals.detail.useQuery({ id: id ?? 0 }, { enabled: id !== null && id > 0 });
}

export function useCreateGoal() {
  const { toast } = useToast();
  return trpc.goals.create.useMutation({
    onSuccess: (goal) => {
      toast({ title: 'Goal added', description: `"${goal.title}" is on the plan.`, variant: 'success' });
    },
  });
}

/** `toastErrors`: say so in a toast when saving fails (for controls that have no form to show it). */
export function useUpdateGoal({ toastErrors = false }: { toastErrors?: boolean } = {}) {
  const { toast } = useToast();
  const onFailure = useFailureToast();
  return trpc.goals.update.useMutation({
    onSuccess: (goal, variables) => {
      const onlyStatus = Object.keys(variables.data).length === 1 && 'status' in variables.data;
      if (onlyStatus && goal.status === 'achieved')
        toast({ title: 'Goal achieved', description: `Well done on "${goal.title}".`, variant: 'success' });
      else toast({ title: 'Goal saved', variant: 'success' });
    },
    onError: (error) => {
      if (toastErrors) onFailure('That change did not save')(error);
    },
  });
}

export function useDeleteGoal() {
  const { toast } = useToast();
  const onFailure = useFailureToast();
  return trpc.goals.delete.useMutation({
    onSuccess: () => toast({ title: 'Goal deleted' }),
    onError: onFailure('We could not delete this goal'),
  });
}

/** Corrects an entry: `mutateAsync({ id, data: { value?, recordedOn?, note? } })`; a failure is the form's to show. */
export function useUpdateProgress() {
  const { toast } = useToast();
  return trpc.goals.updateProgress.useMutation({
    onSuccess: () => toast({ title: 'Entry saved', variant: 'success' }),
  });
}

export function useDeleteProgress() {
  const { toast } = useToast();
  const onFailure = useFailureToast();
  return trpc.goals.deleteProgress.useMutation({
    onSuccess: () => toast({ title: 'Entry deleted' }),
    onError: onFailure('We could not delete this entry'),
  });
}

/**
 * Records a progress entry on one of the selected child's goals:
 * `mutate({ data: { goalId, recordedOn, value, note? } })`, and says "Progress recorded".
 */
export function useRecordProgress() {
  const { toast } = useToast();
  return trpc.goals.addProgress.useMutation({
    onSuccess: () => toast({ title: 'Progress recorded', variant: 'success' }),
  });
}
