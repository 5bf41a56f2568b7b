import { useToast } from '../../../components/ui/toast.tsx';
import { trpc } from '../../trpc/trpc.ts';

/**
 * The progress planner's goal calls. Screens only call these; each mutation refreshes what it
 * changes (goals, and what shows goals: dashboard stats, activities, strategies' links, linked
 * observations) and says what happened in a toast.
 */
function useRefreshGoals() {
  const utils = trpc.useUtils();
  return ({ links = false }: { links?: boolean } = {}) => {
    void utils.goals.list.invalidate();
    void utils.goals.detail.invalidate();
    void utils.dashboard.stats.invalidate();
    void utils.activities.list.invalidate();
    if (links) {
      void utils.strategies.list.invalidate();
      void utils.observations.list.invalidate();
    }
  };
}

export function useGoals() {
  return trpc.goals.list.useQuery();
}

export function useGoalDetail(id: number | null) {
  return trpc.goals.detail.useQuery({ id: id ?? 0 }, { enabled: id !== null && id > 0 });
}

export function useCreateGoal() {
  const refresh = useRefreshGoals();
  const { toast } = useToast();
  return trpc.goals.create.useMutation({
    onSuccess: (goal) => {
      refresh();
      toast({ title: 'Goal added', description: `"${goal.title}" is on the plan.`, variant: 'success' });
    },
  });
}

/** `toastErrors`: say so in a toast when saving fails (for controls that have no form to show it). */
export function useUpdateGoal({ toastErrors = false }: { toastErrors?: boolean } = {}) {
  const refresh = useRefreshGoals();
  const { toast } = useToast();
  return trpc.goals.update.useMutation({
    onSuccess: (goal, variables) => {
      refresh();
      const onlyStatus = Object.keys(variables.data).length === 1 && 'status' in variables.data;
      if (onlyStatus && goal.status === 'achieved') toast({ title: 'Goal achieved', description: `Well done on "${goal.title}".`, variant: 'success' });
      else toast({ title: 'Goal saved', variant: 'success' });
    },
    onError: () => {
      if (toastErrors) toast({ title: 'That change did not save', description: 'Please try again.', variant: 'destructive' });
    },
  });
}

export function useDeleteGoal() {
  const refresh = useRefreshGoals();
  const { toast } = useToast();
  return trpc.goals.delete.useMutation({
    onSuccess: () => {
      refresh({ links: true });
      toast({ title: 'Goal deleted' });
    },
    onError: () => toast({ title: 'We could not delete this goal', description: 'Please try again.', variant: 'destructive' }),
  });
}

export function useDeleteProgress() {
  const refresh = useRefreshGoals();
  const { toast } = useToast();
  return trpc.goals.deleteProgress.useMutation({
    onSuccess: () => {
      refresh();
      toast({ title: 'Entry deleted' });
    },
    onError: () => toast({ title: 'We could not delete this entry', description: 'Please try again.', variant: 'destructive' }),
  });
}
