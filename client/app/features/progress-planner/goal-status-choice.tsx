import { useRef, useState } from 'react';
import { GOAL_STATUSES, type Goal } from '#shared/schemas/goal.ts';
import { Button } from '../../../components/ui/button.tsx';
import { focusWhenShown } from '../../../lib/focus.ts';
import { SaveError } from '../../components/save-error.tsx';
import { useSaveError } from '../../hooks/use-save-error.ts';
import { GOAL_STATUS_LABELS } from './progress-planner-labels.ts';
import { useUpdateGoal } from './use-goals.ts';

/** The id of a goal card's status select: the card moves to its new status's list, and focus follows it there. */
export function goalStatusId(goalId: number): string {
  return `goal-${goalId}-status`;
}

/**
 * A goal's status on its card. Choosing one and saving it are two steps (WCAG 3.2.2): arrowing
 * through the select only chooses, and "Save status" saves. The saved card moves to its status's
 * list; focus goes with it, back to this select.
 */
export function GoalStatusChoice({ goal }: { goal: Goal }) {
  const id = goalStatusId(goal.id);
  const errorId = `${id}-error`;
  const select = useRef<HTMLSelectElement>(null);
  const update = useUpdateGoal();
  const failure = useSaveError();
  const [chosen, setChosen] = useState<Goal['status'] | null>(null);
  const value = chosen ?? goal.status;
  const changed = chosen !== null && chosen !== goal.status;

  const save = () => {
    if (!changed || update.isPending) return;
    failure.clear();
    update.mutate(
      { id: goal.id, data: { status: chosen } },
      {
        onSuccess: () => {
          select.current?.focus();
          focusWhenShown(id, { notThis: select.current });
        },
        onError: failure.report('The status did not change'),
      },
    );
  };
  const cancel = () => {
    setChosen(null);
    failure.clear();
    select.current?.focus();
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-muted">
        Status
      </label>
      <select
        ref={select}
        id={id}
        value={value}
        aria-describedby={failure.message ? errorId : undefined}
        onChange={(event) => setChosen(event.target.value as Goal['status'])}
        className="rounded-lg border border-ink/25 bg-white px-2 py-1.5 text-sm text-ink"
      >
        {GOAL_STATUSES.map((status) => (
          <option key={status} value={status}>
            {GOAL_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      {changed ? (
        <>
          <Button size="sm" loading={update.isPending} onClick={save}>
            Save status
          </Button>
          <Button size="sm" variant="ghost" onClick={cancel}>
            Cancel
          </Button>
        </>
      ) : null}
      <SaveError id={errorId} message={failure.message} />
    </div>
  );
}
