import { useToast } from '../../../components/ui/toast.tsx';
import { trpc } from '../../trpc/trpc.ts';

/**
 * Records a progress entry on one of the selected child's goals:
 * `mutate({ data: { goalId, recordedOn, value, note? } })`, and says "Progress recorded". What it
 * refreshes is the refresh map's business (client/lib/refresh-map.ts).
 */
export function useRecordProgress() {
  const { toast } = useToast();
  return trpc.goals.addProgress.useMutation({
    onSuccess: () => toast({ title: 'Progress recorded', variant: 'success' }),
  });
}

/** The selected child's goals, for choosing which one to record progress on. */
export function useProgressGoalChoices() {
  return trpc.goals.list.useQuery();
}
