import { Fragment, useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner.tsx';
import { firstNamesList } from '../../lib/child-labels.ts';
import { PATHS } from '../../lib/paths.ts';
import { useChildContext } from '../child-context.tsx';
import { AskForDataButton } from '../components/ask-for-data-button.tsx';
import { ReadOnlyRecords, ViewOnlyNote } from '../components/child-role.tsx';
import { EveryChildSwitch } from '../components/every-child-switch.tsx';
import { useEveryChildView } from '../hooks/use-every-child-view.ts';
import { GoalDetail } from '../features/progress-planner/goal-detail.tsx';
import { GoalsSection } from '../features/progress-planner/goals-section.tsx';
import { StrategiesSection } from '../features/progress-planner/strategies-section.tsx';
import { useGoals } from '../features/progress-planner/use-goals.ts';
import { ResponseInbox } from '../features/forms/response-inbox.tsx';
import type { Goal } from '#shared/schemas/goal.ts';

/** On a goal (issue 28): ask a teacher or therapist for data on it, and the answers about it. */
function goalForms(goal: Goal) {
  return (
    <>
      <div>
        <AskForDataButton template="goal" goal={{ id: goal.id, title: goal.title, unit: goal.unit }} />
      </div>
      <ResponseInbox goalId={goal.id} level={3} title="Answers about this goal" />
    </>
  );
}

/** `?goal=12` -> 12; anything else -> null. */
export function goalIdFromSearch(params: URLSearchParams): number | null {
  const raw = params.get('goal');
  if (raw === null || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * /progress-planner: the selected child's goals (grouped by status) and the strategies that help.
 * `?goal=<id>` shows one goal's chart, entries and evidence. With FLAG_SCOPED_PROGRESS_PLANNER off and
 * two children or more, it opens on every child's goals and strategies, each named by its child and
 * changed in that child's own view; a goal opened from there is shown for its child (decision 0098).
 */
export default function ProgressPlannerPage() {
  const { selectedChild, selectedChildId, selectChild, children } = useChildContext();
  const [params] = useSearchParams();
  const view = useEveryChildView('FLAG_SCOPED_PROGRESS_PLANNER');
  const goals = useGoals({ everyChild: view.everyChild });
  const goalId = goalIdFromSearch(params);
  const openedFrom = view.everyChild && goalId !== null ? goals.data?.find((goal) => goal.id === goalId) : undefined;
  const childOfGoal = openedFrom?.childId ?? null;
  // A goal is read and changed for its own child: select it first, then show the goal.
  useEffect(() => {
    if (childOfGoal !== null && childOfGoal !== selectedChildId) selectChild(childOfGoal);
  }, [childOfGoal, selectedChildId, selectChild]);
  // RequireChildContext shows a screen only once a child is selected, if there is one: no child
  // selected here means none has been added yet.
  if (!selectedChild) return <Navigate to={PATHS.onboarding} replace />;

  // Another child's goals and strategies are changed in that child's own view (the switch above).
  const Records = view.everyChild ? ReadOnlyRecords : Fragment;
  const waitingForChild =
    view.everyChild && goalId !== null && (goals.isPending || (childOfGoal !== null && childOfGoal !== selectedChildId));

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Progress planner</h1>
        <p className="max-w-2xl text-ink-muted">
          {view.everyChild && goalId === null
            ? `What ${firstNamesList(children)} are working toward, how it is going, and the strategies that help.`
            : `What ${selectedChild.firstName} is working toward, how it is going, and the strategies that help.`}
        </p>
        <ViewOnlyNote />
        {goalId === null ? <EveryChildSwitch view={view} label="Whose goals" /> : null}
      </div>
      {goalId !== null ? (
        waitingForChild ? (
          <Spinner size="medium" label="Loading the goal" showLabel />
        ) : (
          <GoalDetail goalId={goalId} forms={goalForms} />
        )
      ) : (
        <Records>
          <GoalsSection goals={goals.data} isPending={goals.isPending} isError={goals.isError} onRetry={() => void goals.refetch()} />
          <StrategiesSection goals={goals.data ?? []} everyChild={view.everyChild} />
        </Records>
      )}
    </div>
  );
}
