import { useId } from 'react';
import { STRATEGY_LIMITS } from '#shared/schemas/strategy.ts';
import { cn } from '../../../lib/cn.ts';
import { EFFECTIVENESS_LABELS, EFFECTIVENESS_VALUES, effectivenessLabel } from './progress-planner-labels.ts';

export interface EffectivenessRatingProps {
  value: number | null;
  onChange: (value: number) => void;
  legend?: string;
  disabled?: boolean;
  /** The id of what describes the group (a save that failed). */
  describedBy?: string | undefined;
}

/**
 * "How well it works" as five radio stars, each with its words ("Works well") as its name; the
 * chosen words are shown beside the stars. Arrow keys move between them like any radio group.
 */
export function EffectivenessRating({
  value,
  onChange,
  legend = 'How well it works',
  disabled = false,
  describedBy,
}: EffectivenessRatingProps) {
  const name = useId();
  return (
    <fieldset className="grid gap-1.5" disabled={disabled} aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex">
          {EFFECTIVENESS_VALUES.map((option) => {
            const filled = value !== null && option <= value;
            return (
              <label key={option} className="cursor-pointer">
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={value === option}
                  onChange={() => onChange(option)}
                  className="peer sr-only"
                />
                <span className="sr-only">{`${EFFECTIVENESS_LABELS[option]} (${option} of ${STRATEGY_LIMITS.effectivenessMax})`}</span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-9 items-center justify-center rounded-md text-2xl leading-none',
                    'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-brand-800',
                    'hover:bg-brand-50',
                    filled ? 'text-brand-800' : 'text-ink-muted',
                  )}
                >
                  {filled ? '★' : '☆'}
                </span>
              </label>
            );
          })}
        </div>
        <span className="text-sm text-ink" aria-hidden="true">
          {effectivenessLabel(value)}
        </span>
      </div>
    </fieldset>
  );
}
