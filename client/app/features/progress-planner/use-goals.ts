import { useToast } from '../../../components/ui/toast.tsx';
import { trpc } from '../../trpc/trpc.ts';

/**
 * The progress planner's goal calls. Screens only call these; each mutation says what happened in a
 * toast. What it refreshes is the refresh map's business (client/lib/refresh-map.ts).
 */

export function useGoals() {
  return trpc.goals.list.useQuery();
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
  return trpc.goals.update.useMutation({
    onSuccess: (goal, variables) => {
      const onlyStatus = Object.keys(variables.data).length === 1 && 'status' in variables.data;
      if (onlyStatus && goal.status === 'achieved')
        toast({ title: 'Goal achieved', description: `Well done on "${goal.title}".`, variant: 'success' });
      else toast({ title: 'Goal saved', variant: 'success' });
    },
    onError: () => {
      if (toastErrors) toast({ title: 'That change did not save', description: 'Please try again.', variant: 'destructive' });
    },
  });
}

export function useDeleteGoal() {
  const { toast } = useToast();
  return trpc.goals.delete.useMutation({
    onSuccess: () => toast({ title: 'Goal deleted' }),
    onError: () => toast({ title: 'We could not delete this goal', description: 'Please try again.', variant: 'destructive' }),
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
  return trpc.goals.deleteProgress.useMutation({
    onSuccess: () => toast({ title: 'Entry deleted' }),
    onError: () => toast({ title: 'We could not delete this entry', description: 'Please try again.', variant: 'destructive' }),
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
