import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { GOAL_STALE_DAYS, GOAL_STATUSES, type Goal } from '#shared/schemas/goal.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { QuickProgressForm } from './quick-progress-form.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { GoalForm } from './goal-form.tsx';
import { formatValue, progressPercent, progressPercentText, progressTowardTarget } from './goal-logic.ts';
import { GOAL_AREA_LABELS, GOAL_SOURCE_LABELS, GOAL_STATUS_LABELS } from './progress-planner-labels.ts';
import { useDeleteGoal, useUpdateGoal } from './use-goals.ts';

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
export function GoalCard({ goal }: { goal: Goal }) {
  const titleId = useId();
  const statusId = useId();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const update = useUpdateGoal({ toastErrors: true });
  const remove = useDeleteGoal();

  if (editing) {
    return (
      <article aria-label={`Editing ${goal.title}`} className="rounded-2xl border border-brand-700 bg-white p-5 shadow-sm">
        <GoalForm goal={goal} onDone={() => setEditing(false)} />
      </article>
    );
  }

  return (
    <article aria-labelledby={titleId} className="grid gap-4 rounded-2xl border border-ink/10 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">
            {GOAL_AREA_LABELS[goal.area]} · {GOAL_SOURCE_LABELS[goal.source]}
          </p>
          <h4 id={titleId} className="text-lg font-bold text-ink">
            {goal.title}
          </h4>
        </div>
        <RoleGate needs="updater">
          <div className="flex items-center gap-2">
            <label htmlFor={statusId} className="text-sm font-semibold text-ink-muted">
              Status
            </label>
            <select
              id={statusId}
              value={goal.status}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ id: goal.id, data: { status: event.target.value as Goal['status'] } })}
              className="rounded-lg border border-ink/25 bg-white px-2 py-1.5 text-sm text-ink"
            >
              {GOAL_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {GOAL_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
        </RoleGate>
      </div>
      <ProgressSummary goal={goal} />
      {goal.isStale ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-sun px-4 py-3">
          <p className="text-sm font-medium text-ink">No progress recorded in {GOAL_STALE_DAYS} days</p>
          {!adding ? (
            <RoleGate needs="updater">
              <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
                Add progress
              </Button>
            </RoleGate>
          ) : null}
        </div>
      ) : null}
      {adding ? (
        <div className="grid gap-3 rounded-xl border border-brand-300 bg-brand-50 p-4">
          <QuickProgressForm goalId={goal.id} onSaved={() => setAdding(false)} />
          <div>
            <Button size="sm" variant="ghost" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Link to={goalViewHref(goal.id)} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          See progress<span className="sr-only"> on {goal.title}</span>
        </Link>
        <RoleGate needs="updater">
          {!goal.isStale && !adding ? (
            <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
              Add progress
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" aria-label={`Edit goal: ${goal.title}`} onClick={() => setEditing(true)}>
            Edit
          </Button>
        </RoleGate>
        <RoleGate needs="owner">
          <ConfirmDelete
            label="Delete"
            accessibleName={`Delete goal: ${goal.title}`}
            question={`Delete "${goal.title}" and its progress?`}
            pending={remove.isPending}
            onConfirm={() => remove.mutateAsync({ id: goal.id }).catch(() => undefined)}
          />
        </RoleGate>
      </div>
    </article>
  );
}
