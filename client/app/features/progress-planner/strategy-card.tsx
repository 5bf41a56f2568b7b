import { useId, useRef, useState } from 'react';
import type { Goal } from '#shared/schemas/goal.ts';
import { strategyActions, type Strategy } from '#shared/schemas/strategy.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { SaveError } from '../../components/save-error.tsx';
import { SwitchButton } from '../../components/switch.tsx';
import { useSaveError } from '../../hooks/use-save-error.ts';
import { EffectivenessRating } from './effectiveness-rating.tsx';
import { STRATEGY_KIND_LABELS, STRATEGY_PLACE_LABELS, effectivenessLabel } from './progress-planner-labels.ts';
import { StrategyForm } from './strategy-form.tsx';
import { useDeleteStrategy, useUpdateStrategy } from './use-strategies.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { ChildTag } from '../../components/every-child-switch.tsx';

/** An on/off switch with its label beside it. */
function InUseSwitch({
  checked,
  describedBy,
  onChange,
}: {
  checked: boolean;
  describedBy: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <SwitchButton checked={checked} onChange={onChange} labelledBy={labelId} describedBy={describedBy} />
      <span id={labelId} className="text-sm font-semibold text-ink">
        In use
      </span>
    </div>
  );
}

/** The id of a strategy card's title: focus goes to it after the strategy is added, or moved. */
export function strategyTitleId(strategyId: number): string {
  return `strategy-${strategyId}-title`;
}

/** The retired strategies' summary (strategies-section): a strategy just retired goes there, and focus with it. */
export const RETIRED_SUMMARY_ID = 'strategies-retired';

/**
 * "How well it works" on a strategy's card. Choosing stars and saving them are two steps (WCAG 3.2.2):
 * arrow keys move through a radio group, and each move would otherwise save. After saving, or
 * cancelling, focus is back on the stars.
 */
function RatingChoice({ strategy }: { strategy: Strategy }) {
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  const update = useUpdateStrategy();
  const failure = useSaveError();
  // A choice holds only over the rating it was made on: once the saved rating changes, the card shows that.
  const [choice, setChoice] = useState<{ value: number; over: number | null } | null>(null);
  const chosen = choice !== null && choice.over === strategy.effectiveness ? choice.value : null;
  const changed = chosen !== null && chosen !== strategy.effectiveness;
  const backToStars = () =>
    (group.current?.querySelector<HTMLInputElement>('input:checked') ?? group.current?.querySelector<HTMLInputElement>('input'))?.focus();

  const save = () => {
    if (!changed || update.isPending) return;
    failure.clear();
    update.mutate(
      { id: strategy.id, data: { effectiveness: chosen } },
      {
        onSuccess: () => requestAnimationFrame(backToStars),
        onError: failure.report('The rating did not save'),
      },
    );
  };
  const cancel = () => {
    setChoice(null);
    failure.clear();
    requestAnimationFrame(backToStars);
  };

  return (
    <div ref={group} className="flex flex-wrap items-end gap-3">
      <EffectivenessRating
        value={chosen ?? strategy.effectiveness}
        describedBy={failure.message ? `${id}-error` : undefined}
        onChange={(value) => setChoice({ value, over: strategy.effectiveness })}
      />
      {changed ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" loading={update.isPending} onClick={save}>
            Save rating
          </Button>
          <Button size="sm" variant="ghost" onClick={cancel}>
            Cancel
          </Button>
        </div>
      ) : null}
      <SaveError id={`${id}-error`} message={failure.message} />
    </div>
  );
}

/** A strategy: what it is, where, what it is for, how well it works (chosen, then saved), in use or retired. */
export function StrategyCard({
  strategy,
  goals,
  childName,
}: {
  strategy: Strategy;
  goals: readonly Goal[];
  /** In a list across children (decision 0098). */
  childName?: string;
}) {
  const titleId = strategyTitleId(strategy.id);
  const [editing, setEditing] = useState(false);
  const update = useUpdateStrategy();
  const inUseFailure = useSaveError();
  const inUseErrorId = useId();
  const remove = useDeleteStrategy();
  const linked = goals.filter((goal) => strategy.goalIds.includes(goal.id));

  if (editing) {
    return (
      <article aria-label={`Editing ${strategy.title}`} className="rounded-2xl border border-brand-700 bg-white p-5 shadow-sm">
        <StrategyForm strategy={strategy} goals={goals} onDone={() => setEditing(false)} />
      </article>
    );
  }

  return (
    <article
      aria-labelledby={titleId}
      className={cn('grid gap-3 rounded-2xl border border-ink/10 bg-white p-5 shadow-sm', !strategy.active && 'bg-white/70')}
    >
      <div>
        {childName ? <ChildTag name={childName} /> : null}
        <p className="text-sm text-ink-muted">
          {STRATEGY_KIND_LABELS[strategy.kind]} · {STRATEGY_PLACE_LABELS[strategy.whereUsed]}
        </p>
        <h3 id={titleId} className="text-lg font-bold text-ink">
          {strategy.title}
        </h3>
        <AddedBy author={strategy.addedBy} at={strategy.createdAt} />
      </div>
      {strategy.description ? <p className="whitespace-pre-line text-ink">{strategy.description}</p> : null}
      {linked.length > 0 ? (
        <div className="text-sm">
          <p className="font-semibold text-ink-muted">Helps with</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {linked.map((goal) => (
              <li key={goal.id} className="rounded-full bg-brand-100 px-2.5 py-0.5 text-ink">
                {goal.title}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <RoleGate
        action={strategyActions.update}
        otherwise={
          <p className="text-sm text-ink">
            <span className="font-semibold">How well it works:</span> {effectivenessLabel(strategy.effectiveness)}
          </p>
        }
      >
        <RatingChoice strategy={strategy} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <InUseSwitch
            checked={strategy.active}
            describedBy={inUseFailure.message ? inUseErrorId : undefined}
            onChange={(active) => {
              // Not disabled while saving: a disabled switch would drop focus to the page.
              if (update.isPending) return;
              inUseFailure.clear();
              update.mutate(
                { id: strategy.id, data: { active } },
                {
                  // The card moves to the other list: focus follows it (a retired one is under the closed "Retired").
                  onSuccess: () =>
                    active ? focusWhenShown(titleId, { notThis: document.getElementById(titleId) }) : focusWhenShown(RETIRED_SUMMARY_ID),
                  onError: inUseFailure.report('That change did not save'),
                },
              );
            }}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="ghost" aria-label={`Edit strategy: ${strategy.title}`} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <RoleGate action={strategyActions.delete}>
              <ConfirmDelete
                label="Delete"
                accessibleName={`Delete strategy: ${strategy.title}`}
                question={`Delete "${strategy.title}"?`}
                pending={remove.isPending}
                onConfirm={() => remove.mutateAsync({ id: strategy.id }).then(() => focusWhenShown('strategies-heading'))}
              />
            </RoleGate>
          </div>
          <SaveError id={inUseErrorId} message={inUseFailure.message} />
        </div>
      </RoleGate>
    </article>
  );
}
