import { useId, useState } from 'react';
import type { Goal } from '#shared/schemas/goal.ts';
import type { Strategy } from '#shared/schemas/strategy.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { SwitchButton } from '../../components/switch.tsx';
import { EffectivenessRating } from './effectiveness-rating.tsx';
import { STRATEGY_KIND_LABELS, STRATEGY_PLACE_LABELS, effectivenessLabel } from './progress-planner-labels.ts';
import { StrategyForm } from './strategy-form.tsx';
import { useDeleteStrategy, useUpdateStrategy } from './use-strategies.ts';

/** An on/off switch with its label beside it. */
function InUseSwitch({ checked, disabled, onChange }: { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void }) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <SwitchButton checked={checked} onChange={onChange} labelledBy={labelId} disabled={disabled} />
      <span id={labelId} className="text-sm font-semibold text-ink">
        In use
      </span>
    </div>
  );
}

/** A strategy: what it is, where, what it is for, how well it works (rated in one click), in use or retired. */
export function StrategyCard({ strategy, goals }: { strategy: Strategy; goals: readonly Goal[] }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const update = useUpdateStrategy({ toastErrors: true });
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
        <p className="text-sm text-ink-muted">
          {STRATEGY_KIND_LABELS[strategy.kind]} · {STRATEGY_PLACE_LABELS[strategy.whereUsed]}
        </p>
        <h3 id={titleId} className="text-lg font-bold text-ink">
          {strategy.title}
        </h3>
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
        needs="updater"
        otherwise={
          <p className="text-sm text-ink">
            <span className="font-semibold">How well it works:</span> {effectivenessLabel(strategy.effectiveness)}
          </p>
        }
      >
        <EffectivenessRating
          value={strategy.effectiveness}
          disabled={update.isPending}
          onChange={(effectiveness) => update.mutate({ id: strategy.id, data: { effectiveness } })}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <InUseSwitch
            checked={strategy.active}
            disabled={update.isPending}
            onChange={(active) => update.mutate({ id: strategy.id, data: { active } })}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="ghost" aria-label={`Edit strategy: ${strategy.title}`} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <RoleGate needs="owner">
              <ConfirmDelete
                label="Delete"
                accessibleName={`Delete strategy: ${strategy.title}`}
                question={`Delete "${strategy.title}"?`}
                pending={remove.isPending}
                onConfirm={() => remove.mutateAsync({ id: strategy.id }).catch(() => undefined)}
              />
            </RoleGate>
          </div>
        </div>
      </RoleGate>
    </article>
  );
}
