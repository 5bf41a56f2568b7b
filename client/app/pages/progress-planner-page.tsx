import { Navigate, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../lib/paths.ts';
import { useChildContext } from '../child-context.tsx';
import { ViewOnlyNote } from '../components/child-role.tsx';
import { GoalDetail } from '../features/progress-planner/goal-detail.tsx';
import { GoalsSection } from '../features/progress-planner/goals-section.tsx';
import { StrategiesSection } from '../features/progress-planner/strategies-section.tsx';
import { useGoals } from '../features/progress-planner/use-goals.ts';

/** `?goal=12` -> 12; anything else -> null. */
export function goalIdFromSearch(params: URLSearchParams): number | null {
  const raw = params.get('goal');
  if (raw === null || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * /progress-planner: the selected child's goals (grouped by status) and the strategies that help.
 * `?goal=<id>` shows one goal's chart, entries and evidence.
 */
export default function ProgressPlannerPage() {
  const { selectedChild } = useChildContext();
  const [params] = useSearchParams();
  const goals = useGoals();
  // RequireChildContext shows a screen only once a child is selected, if there is one: no child
  // selected here means none has been added yet.
  if (!selectedChild) return <Navigate to={PATHS.onboarding} replace />;

  const goalId = goalIdFromSearch(params);

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Progress planner</h1>
        <p className="max-w-2xl text-ink-muted">
          What {selectedChild.firstName} is working toward, how it is going, and the strategies that help.
        </p>
        <ViewOnlyNote />
      </div>
      {goalId !== null ? (
        <GoalDetail goalId={goalId} />
      ) : (
        <>
          <GoalsSection goals={goals.data} isPending={goals.isPending} isError={goals.isError} onRetry={() => void goals.refetch()} />
          <StrategiesSection goals={goals.data ?? []} />
        </>
      )}
    </div>
  );
}
