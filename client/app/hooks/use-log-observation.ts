import { useToast } from '../../components/ui/toast.tsx';
import { trpc } from '../trpc/trpc.ts';

/**
 * Saves an observation for the selected child (the tRPC link adds the childId). On success it
 * refreshes everything an observation shows up in (the observations list and weekly trend, the
 * dashboard stats, the activity feed, and the linked goal's evidence) and says so in a toast.
 *
 * `const logObservation = useLogObservation(); await logObservation.mutateAsync({ data: { what } })`
 */
export function useLogObservation() {
  const utils = trpc.useUtils();
  const { toast } = useToast();
  return trpc.observations.create.useMutation({
    onSuccess: (observation) => {
      toast({ title: 'Observation saved', ...(observation.isWin ? { description: 'A win worth remembering.' } : {}), variant: 'success' });
      // Not awaited: the form is ready for the next note while the lists refresh. `all` also
      // refreshes screens not on view: queries do not refetch on mount (SPEC §9), so a stale
      // list would otherwise stay until the cache expires.
      const all = { refetchType: 'all' } as const;
      void Promise.all([
        utils.observations.list.invalidate(undefined, all),
        utils.observations.weeklyTrend.invalidate(undefined, all),
        utils.dashboard.stats.invalidate(undefined, all),
        utils.activities.list.invalidate(undefined, all),
        observation.goalId != null ? utils.goals.detail.invalidate(undefined, all) : Promise.resolve(),
      ]);
    },
  });
}

/**
 * The selected child's goals, to link an observation to one. Pass `enabled: false` to hold the
 * call until the parent opens the part of the form that needs it.
 */
export function useObservationGoalOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return trpc.goals.list.useQuery(undefined, { enabled });
}
