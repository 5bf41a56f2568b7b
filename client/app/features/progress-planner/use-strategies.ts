import { useToast } from '../../../components/ui/toast.tsx';
import { useFailureToast } from '../../hooks/use-failure-toast.ts';
import { trpc } from '../../trpc/trpc.ts';

/**
 * The progress planner's strategy calls. Screens only call these; each mutation says what happened.
 * What it refreshes is the refresh map's business (client/lib/refresh-map.ts).
 */

/** The selected child's strategies; with `everyChild`, every child's, each naming its child (decision 0098). */
export function useStrategies({ everyChild = false }: { everyChild?: boolean } = {}) {
  const one = trpc.strategies.list.useQuery(undefined, { enabled: !everyChild });
  const every = trpc.everyChild.strategies.useQuery(undefined, { enabled: everyChild });
  return everyChild ? every : one;
}

export function useCreateStrategy() {
  const { toast } = useToast();
  return trpc.strategies.create.useMutation({
    onSuccess: (strategy) => {
      toast({ title: 'Strategy added', description: `"${strategy.title}" is in the plan.`, variant: 'success' });
    },
  });
}

/** `toastErrors`: say so in a toast when saving fails (for controls that have no form to show it). */
export function useUpdateStrategy({ toastErrors = false }: { toastErrors?: boolean } = {}) {
  const { toast } = useToast();
  const onFailure = useFailureToast();
  return trpc.strategies.update.useMutation({
    onSuccess: (strategy, variables) => {
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
    onError: (error) => {
      if (toastErrors) onFailure('That change did not save')(error);
    },
  });
}

export function useDeleteStrategy() {
  const { toast } = useToast();
  const onFailure = useFailureToast();
  return trpc.strategies.delete.useMutation({
    onSuccess: () => toast({ title: 'Strategy deleted' }),
    onError: onFailure('We could not delete this strategy'),
  });
}
