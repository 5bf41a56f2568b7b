import { useToast } from '../../components/ui/toast.tsx';
import { trpc } from '../trpc/trpc.ts';

/**
 * Records a progress entry on one of the selected child's goals:
 * `mutate({ data: { goalId, recordedOn, value, note? } })`. Refreshes the goals (list and detail),
 * the dashboard stats and the activity feed, and says "Progress recorded". Shared by the progress
 * planner and the dashboard's quick action.
 */
export function useRecordProgress() {
  const utils = trpc.useUtils();
  const { toast } = useToast();
  return trpc.goals.addProgress.useMutation({
    onSuccess: () => {
      void utils.goals.list.invalidate();
      void utils.goals.detail.invalidate();
      void utils.dashboard.stats.invalidate();
      void utils.activities.list.invalidate();
      toast({ title: 'Progress recorded', variant: 'success' });
    },
  });
}

/** The selected child's goals, for choosing which one to record progress on. */
export function useProgressGoalChoices() {
  return trpc.goals.list.useQuery();
}
