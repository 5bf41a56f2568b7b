import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { entrySourceLine } from '#shared/record-labels.ts';
import { type Goal, GOAL_STALE_DAYS, goalActions, type ProgressEntry } from '#shared/schemas/goal.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { QuickProgressForm } from './quick-progress-form.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { AddedBy } from '../../components/added-by.tsx';
import { ChildTag } from '../../components/every-child-switch.tsx';
import { GoalForm } from './goal-form.tsx';
import { formatValue, progressPercent, progressPercentText, progressTowardTarget } from './goal-logic.ts';
import { GoalStatusChoice } from './goal-status-choice.tsx';
import { GOAL_AREA_LABELS, GOAL_SOURCE_LABELS } from './progress-planner-labels.ts';
import { useDeleteGoal } from './use-goals.ts';

/** The id of a goal card's title: after the goal is added, focus goes to it. */
export function goalTitleId(goalId: number): string {
  return `goal-${goalId}-title`;
}

/** `?goal=<id>`: the goal's own view on the progress planner. */
export function goalViewHref(goalId: number): string {
  return `?goal=${goalId}`;
}

/** The latest value against the baseline and the target, with how far along it is. */
export function ProgressSummary({ goal }: { goal: Goal }) {
  const latest = goal.latestProgress;
  const fraction = progressTowardTarget(goal.baseline, goal.target, latest?.value ?? null);
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="font-semibold text-ink-muted">Latest</dt>
          <dd className="text-base text-ink">
            {latest ? (
              <>
                <span className="font-semibold">{formatValue(latest.value, goal.unit)}</span>
                <span className="block text-sm text-ink-muted">{formatDate(latest.recordedOn)}</span>
                {latest.source ? (
                  <span className="block text-sm wrap-anywhere text-ink-muted">{entrySourceLine(latest.source)}</span>
                ) : null}
              </>
            ) : (
              'Nothing yet'
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-muted">Baseline</dt>
          <dd className="text-base text-ink">{goal.baseline !== null ? formatValue(goal.baseline, goal.unit) : 'Not set'}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-muted">Target</dt>
          <dd className="text-base text-ink">
            {goal.target !== null ? formatValue(goal.target, goal.unit) : 'Not set'}
            {goal.targetDate ? <span className="block text-sm text-ink-muted">by {formatDate(goal.targetDate)}</span> : null}
          </dd>
        </div>
      </dl>
      {fraction !== null ? (
        <div className="grid gap-1">
          <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-brand-100">
            <div className="h-full rounded-full bg-brand-700" style={{ width: `${progressPercent(fraction)}%` }} />
          </div>
          <p className="text-sm text-ink-muted">{progressPercentText(fraction)}</p>
        </div>
      ) : null}
    </div>
  );
}

/** A goal on the planner: its measures, a nudge when it has gone quiet, and quick ways to act on it. */
export function GoalCard({ goal, childName }: { goal: Goal; /** In a list across children (decision 0098). */ childName?: string }) {
  const titleId = goalTitleId(goal.id);
  const addProgressId = useId();
  const recordedId = useId();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [recorded, setRecorded] = useState<ProgressEntry | null>(null);
  const remove = useDeleteGoal();
  // The form opens in place of its button: focus goes into it, and back to the button or the result after.
  const openProgress = () => {
    setRecorded(null);
    setAdding(true);
  };
  const closeProgress = (entry: ProgressEntry | null) => {
    setAdding(false);
    setRecorded(entry);
    // Once it is in the page: the save's refetch may render the card again before it shows.
    focusWhenShown(entry ? recordedId : addProgressId);
  };

  if (editing) {
    return (
      <article aria-label={`Editing ${goal.title}`} className="rounded-2xl border border-brand-700 bg-white p-5 shadow-sm">
        <GoalForm
          goal={goal}
          onDone={() => {
            setEditing(false);
            focusWhenShown(titleId);
          }}
        />
      </article>
    );
  }

  return (
    <article aria-labelledby={titleId} className="grid gap-4 rounded-2xl border border-ink/10 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {childName ? <ChildTag name={childName} /> : null}
          <p className="text-sm text-ink-muted">
            {GOAL_AREA_LABELS[goal.area]} · {GOAL_SOURCE_LABELS[goal.source]}
          </p>
          <h4 id={titleId} className="text-lg font-bold text-ink">
            {goal.title}
          </h4>
          <AddedBy author={goal.addedBy} at={goal.createdAt} />
        </div>
        <RoleGate action={goalActions.update}>
          <GoalStatusChoice goal={goal} />
        </RoleGate>
      </div>
      <ProgressSummary goal={goal} />
      {goal.isStale ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-sun px-4 py-3">
          <p className="text-sm font-medium text-ink">No progress recorded in {GOAL_STALE_DAYS} days</p>
          {!adding ? (
            <RoleGate action={goalActions.addProgress}>
              <Button id={addProgressId} size="sm" variant="outline" onClick={openProgress}>
                Add progress
              </Button>
            </RoleGate>
          ) : null}
        </div>
      ) : null}
      {adding ? (
        <div className="grid gap-3 rounded-xl border border-brand-300 bg-brand-50 p-4">
          <QuickProgressForm goalId={goal.id} autoFocus onSaved={closeProgress} />
          <div>
            <Button size="sm" variant="ghost" onClick={() => closeProgress(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {recorded ? (
        <p id={recordedId} tabIndex={-1} className="text-sm font-medium text-ink">
          Progress recorded: {formatValue(recorded.value, goal.unit)} on {formatDate(recorded.recordedOn)}.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Link to={goalViewHref(goal.id)} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          See progress<span className="sr-only"> on {goal.title}</span>
        </Link>
        <RoleGate action={[goalActions.addProgress, goalActions.update]}>
          {!goal.isStale && !adding ? (
            <Button id={addProgressId} size="sm" variant="outline" onClick={openProgress}>
              Add progress
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" aria-label={`Edit goal: ${goal.title}`} onClick={() => setEditing(true)}>
            Edit
          </Button>
        </RoleGate>
        <RoleGate action={goalActions.delete}>
          <ConfirmDelete
            label="Delete"
            accessibleName={`Delete goal: ${goal.title}`}
            question={`Delete "${goal.title}" and its progress?`}
            pending={remove.isPending}
            onConfirm={() => remove.mutateAsync({ id: goal.id }).then(() => focusWhenShown('goals-heading'))}
          />
        </RoleGate>
      </div>
    </article>
  );
}
