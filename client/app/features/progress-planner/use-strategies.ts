import { useToast } from '../../../components/ui/toast.tsx';
import { trpc } from '../../trpc/trpc.ts';

/**
 * The progress planner's strategy calls. Screens only call these; each mutation refreshes the
 * strategies, the dashboard stats (strategies in use) and the activity feed, and says what happened.
 */
function useRefreshStrategies() {
  const utils = trpc.useUtils();
  return () => {
    void utils.strategies.list.invalidate();
    void utils.dashboard.stats.invalidate();
    void utils.activities.list.invalidate();
  };
}

export function useStrategies() {
  return trpc.strategies.list.useQuery();
}

export function useCreateStrategy() {
  const refresh = useRefreshStrategies();
  const { toast } = useToast();
  return trpc.strategies.create.useMutation({
    onSuccess: (strategy) => {
      refresh();
      toast({ title: 'Strategy added', description: `"${strategy.title}" is in the plan.`, variant: 'success' });
    },
  });
}

/** `toastErrors`: say so in a toast when saving fails (for controls that have no form to show it). */
export function useUpdateStrategy({ toastErrors = false }: { toastErrors?: boolean } = {}) {
  const refresh = useRefreshStrategies();
  const { toast } = useToast();
  return trpc.strategies.update.useMutation({
    onSuccess: (strategy, variables) => {
      refresh();
      const keys = Object.keys(variables.data);
      if (keys.length === 1 && keys[0] === 'active') {
        toast(
          strategy.active
            ? { title: 'Strategy back in use', variant: 'success' }
            : { title: 'Strategy retired', description: 'It is kept under "Retired" if you need it again.' },
        );
      } else if (keys.length === 1 && keys[0] === 'effectiveness') {
        toast({ title: 'Rating saved', variant: 'success' });
      } else {
        toast({ title: 'Strategy saved', variant: 'success' });
      }
    },
    onError: () => {
      if (toastErrors) toast({ title: 'That change did not save', description: 'Please try again.', variant: 'destructive' });
    },
  });
}

export function useDeleteStrategy() {
  const refresh = useRefreshStrategies();
  const { toast } = useToast();
  return trpc.strategies.delete.useMutation({
    onSuccess: () => {
      refresh();
      toast({ title: 'Strategy deleted' });
    },
    onError: () => toast({ title: 'We could not delete this strategy', description: 'Please try again.', variant: 'destructive' }),
  });
}
