import { useToast } from '../../../components/ui/toast.tsx';
import { trpc } from '../../trpc/trpc.ts';

/**
 * Saves an observation for the selected child (the tRPC link adds the childId) and says so in a
 * toast. What it refreshes is the refresh map's business (client/lib/refresh-map.ts).
 *
 * `const logObservation = useLogObservation(); await logObservation.mutateAsync({ data: { what } })`
 */
export function useLogObservation() {
  const { toast } = useToast();
  return trpc.observations.create.useMutation({
    onSuccess: (observation) => {
      toast({ title: 'Observation saved', ...(observation.isWin ? { description: 'A win worth remembering.' } : {}), variant: 'success' });
    },
  });
}

/** The selected child's goals, to link an observation to one. */
export function useObservationGoalOptions() {
  return trpc.goals.list.useQuery();
}
