import { useId, useState } from 'react';
import type { Goal } from '#shared/schemas/goal.ts';
import { strategyActions, type Strategy } from '#shared/schemas/strategy.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { focusWhenShown } from '../../../lib/focus.ts';
import { RETIRED_SUMMARY_ID, StrategyCard, strategyTitleId } from './strategy-card.tsx';
import { StrategyForm } from './strategy-form.tsx';
import { useStrategies } from './use-strategies.ts';

export const STRATEGIES_EMPTY_TEXT = 'Note a strategy that helps — a routine, a tool, or an accommodation.';

/** The child a strategy of a list across children is about. */
const childNameOf = (strategy: Strategy & { childName?: string }) => strategy.childName;

/** Strategies in use first, then the retired ones folded away under "Retired". */
export function splitStrategies(strategies: readonly Strategy[]): { active: Strategy[]; retired: Strategy[] } {
  return { active: strategies.filter((strategy) => strategy.active), retired: strategies.filter((strategy) => !strategy.active) };
}

/** With `everyChild`, every child's strategies, each named by its child (decision 0098); `goals` then every child's too. */
export function StrategiesSection({ goals, everyChild = false }: { goals: readonly Goal[]; everyChild?: boolean }) {
  const strategies = useStrategies({ everyChild });
  const [adding, setAdding] = useState(false);
  const addId = useId();
  // After the form: focus on the strategy it added, or back on the button that opened it.
  const doneAdding = (added: Strategy | null) => {
    setAdding(false);
    focusWhenShown(added ? strategyTitleId(added.id) : addId);
  };

  let body;
  if (strategies.isPending) body = <Spinner size="medium" label="Loading strategies" showLabel />;
  else if (strategies.isError) {
    body = (
      <div className="grid gap-3">
        <p className="text-ink">We could not load the strategies.</p>
        <div>
          <Button variant="outline" onClick={() => void strategies.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else {
    const { active, retired } = splitStrategies(strategies.data);
    body = (
      <div className="grid gap-4">
        {strategies.data.length === 0 && !adding ? (
          <div className="grid gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
            <RoleGate action={strategyActions.create} otherwise={<p className="text-lg text-ink">No strategies yet.</p>}>
              <p className="text-lg text-ink">{STRATEGIES_EMPTY_TEXT}</p>
              <div>
                <Button id={addId} onClick={() => setAdding(true)}>
                  Add a strategy
                </Button>
              </div>
            </RoleGate>
          </div>
        ) : null}
        {strategies.data.length > 0 && active.length === 0 ? (
          <p className="text-ink-muted">
            No strategy is in use right now.
            <RoleGate action={[strategyActions.create, strategyActions.update]}>
              {' '}
              Add one, or bring a retired one back with its "In use" switch.
            </RoleGate>
          </p>
        ) : null}
        {active.length > 0 ? (
          <div className="grid gap-4 md:grid-cols-2">
            {active.map((strategy) => (
              <StrategyCard key={strategy.id} strategy={strategy} goals={goals} childName={childNameOf(strategy)} />
            ))}
          </div>
        ) : null}
        {retired.length > 0 ? (
          <details className="group rounded-2xl border border-ink/10 bg-white/60 p-4">
            <summary id={RETIRED_SUMMARY_ID} className="cursor-pointer font-semibold text-ink">
              Retired ({retired.length})
            </summary>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              {retired.map((strategy) => (
                <StrategyCard key={strategy.id} strategy={strategy} goals={goals} childName={childNameOf(strategy)} />
              ))}
            </div>
          </details>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby="strategies-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="strategies-heading" className="text-2xl font-bold text-ink">
          Strategies
        </h2>
        {!adding && strategies.data && strategies.data.length > 0 ? (
          <RoleGate action={strategyActions.create}>
            <Button id={addId} variant="outline" onClick={() => setAdding(true)}>
              Add a strategy
            </Button>
          </RoleGate>
        ) : null}
      </div>
      {adding ? (
        <div className="rounded-2xl border border-brand-700 bg-white p-5 shadow-sm">
          <StrategyForm goals={goals} onDone={doneAdding} />
        </div>
      ) : null}
      {body}
    </section>
  );
}
