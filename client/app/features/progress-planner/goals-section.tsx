import { EMPTY_STATE_GUIDES } from '#shared/guide.ts';
import { useId, useState } from 'react';
import { goalActions, type Goal } from '#shared/schemas/goal.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { focusWhenShown } from '../../../lib/focus.ts';
import { GoalCard, goalTitleId } from './goal-card.tsx';
import { GoalForm } from './goal-form.tsx';
import { groupGoalsByStatus } from './goal-logic.ts';
import { GuideLink } from '../../components/guide-link.tsx';

export const GOALS_EMPTY_TEXT = 'Add a first goal — something your child is working toward, at school or at home.';

export interface GoalsSectionProps {
  /** With `childName` on each in a list across children (decision 0098). */
  goals: (Goal & { childName?: string })[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** The child's goals, grouped by status (in progress first), with a short form to add one. */
export function GoalsSection({ goals, isPending, isError, onRetry }: GoalsSectionProps) {
  const [adding, setAdding] = useState(false);
  const addId = useId();
  // After the form: focus on the goal it added, or back on the button that opened it.
  const doneAdding = (added: Goal | null) => {
    setAdding(false);
    focusWhenShown(added ? goalTitleId(added.id) : addId);
  };

  let body;
  if (isPending) body = <Spinner size="medium" label="Loading goals" showLabel />;
  else if (isError || !goals) {
    body = (
      <div className="grid gap-3">
        <p className="text-ink">We could not load the goals.</p>
        <div>
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (goals.length === 0) {
    body = adding ? null : (
      <div className="grid gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
        <RoleGate action={goalActions.create} otherwise={<p className="text-lg text-ink">No goals yet.</p>}>
          <p className="text-lg text-ink">{GOALS_EMPTY_TEXT}</p>
          <div>
            <Button id={addId} onClick={() => setAdding(true)}>
              Add a first goal
            </Button>
          </div>
        </RoleGate>
        <GuideLink link={EMPTY_STATE_GUIDES.goals} />
      </div>
    );
  } else {
    body = (
      <div className="grid gap-6">
        {groupGoalsByStatus(goals).map((group) => (
          <section key={group.status} aria-labelledby={`goals-${group.status}`} className="grid gap-3">
            <h3 id={`goals-${group.status}`} className="text-lg font-semibold text-ink">
              {group.label} <span className="font-normal text-ink-muted">({group.goals.length})</span>
            </h3>
            <div className="grid gap-4 md:grid-cols-2">
              {group.goals.map((goal) => (
                <GoalCard key={goal.id} goal={goal} childName={goal.childName} />
              ))}
            </div>
          </section>
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby="goals-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="goals-heading" className="text-2xl font-bold text-ink">
          Goals
        </h2>
        {!adding && goals && goals.length > 0 ? (
          <RoleGate action={goalActions.create}>
            <Button id={addId} onClick={() => setAdding(true)}>
              Add a goal
            </Button>
          </RoleGate>
        ) : null}
      </div>
      {adding ? (
        <div className="rounded-2xl border border-brand-700 bg-white p-5 shadow-sm">
          <GoalForm onDone={doneAdding} />
        </div>
      ) : null}
      {body}
    </section>
  );
}
