import { useId, useState, type FormEvent } from 'react';
import { toIssues } from '#shared/api-error.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import {
  STRATEGY_KINDS,
  STRATEGY_LIMITS,
  STRATEGY_PLACES,
  strategyCreateSchema,
  strategyUpdateSchema,
  type Strategy,
} from '#shared/schemas/strategy.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError, submitFailureErrors } from '../../../lib/field-errors.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { useHasChanged, useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { EffectivenessRating } from './effectiveness-rating.tsx';
import { STRATEGY_KIND_LABELS, STRATEGY_PLACE_LABELS } from './progress-planner-labels.ts';
import { useCreateStrategy, useUpdateStrategy } from './use-strategies.ts';

const FIELD_ORDER = ['title', 'kind', 'whereUsed', 'goalIds', 'effectiveness', 'description'] as const;

interface Values {
  title: string;
  kind: string;
  whereUsed: string;
  description: string;
  goalIds: number[];
  effectiveness: number | null;
}

function toValues(strategy: Strategy | undefined): Values {
  if (!strategy) return { title: '', kind: 'routine', whereUsed: 'home', description: '', goalIds: [], effectiveness: null };
  return {
    title: strategy.title,
    kind: strategy.kind,
    whereUsed: strategy.whereUsed,
    description: strategy.description ?? '',
    goalIds: [...strategy.goalIds],
    effectiveness: strategy.effectiveness,
  };
}

/** The form's values as a strategy input: an empty description is left out (create) or cleared (edit). */
export function strategyFormToInput(values: Values, mode: 'create' | 'edit'): Record<string, unknown> {
  const input: Record<string, unknown> = { title: values.title, kind: values.kind, whereUsed: values.whereUsed, goalIds: values.goalIds };
  const description = values.description.trim();
  if (description !== '') input['description'] = description;
  else if (mode === 'edit') input['description'] = null;
  if (values.effectiveness !== null) input['effectiveness'] = values.effectiveness;
  else if (mode === 'edit') input['effectiveness'] = null;
  return input;
}

export interface StrategyFormProps {
  strategy?: Strategy;
  /** The child's goals, to link the strategy to. */
  goals: readonly Goal[];
  onDone: (strategy: Strategy | null) => void;
}

/** Adds or edits a strategy: a title is all it needs; the rest has sensible defaults. */
export function StrategyForm({ strategy, goals, onDone }: StrategyFormProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const mode = strategy ? 'edit' : 'create';
  const [values, setValues] = useState<Values>(() => toValues(strategy));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateStrategy();
  const update = useUpdateStrategy();
  const pending = create.isPending || update.isPending;
  // Offline, the save waits for the connection: the fields are frozen so what is saved is what is shown.
  const online = useOnline();
  const waiting = pending && !online;
  const changed = useHasChanged(values);
  useUnsavedChangesWarning(changed || pending);

  const show = (next: Record<string, string>) => {
    setErrors(next);
    focusFirstError(next, FIELD_ORDER, idFor);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const input = strategyFormToInput(values, mode);
    const parsed = mode === 'create' ? strategyCreateSchema.safeParse(input) : strategyUpdateSchema.safeParse(input);
    if (!parsed.success) {
      show(fieldErrorsFromIssues(toIssues(parsed.error)));
      return;
    }
    setErrors({});
    try {
      const saved = strategy
        ? await update.mutateAsync({ id: strategy.id, data: strategyUpdateSchema.parse(input) })
        : await create.mutateAsync({ data: strategyCreateSchema.parse(input) });
      onDone(saved);
    } catch (error) {
      show(submitFailureErrors(error, 'We could not save this strategy. Please try again.'));
    }
  };

  const bind = (field: 'title' | 'kind' | 'whereUsed' | 'description') => ({
    id: idFor(field),
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  const toggleGoal = (goalId: number, checked: boolean) =>
    setValues((current) => ({
      ...current,
      goalIds: checked ? [...current.goalIds, goalId] : current.goalIds.filter((id) => id !== goalId),
    }));

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-4"
      aria-label={strategy ? `Edit strategy: ${strategy.title}` : 'Add a strategy'}
    >
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      <fieldset disabled={waiting} className="grid min-w-0 gap-4">
        <TextField
          label="Strategy"
          required
          limit={STRATEGY_LIMITS.title}
          placeholder="e.g. Visual timer for homework"
          autoComplete="off"
          {...bind('title')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Kind" {...bind('kind')}>
            {STRATEGY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {STRATEGY_KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Where it is used" {...bind('whereUsed')}>
            {STRATEGY_PLACES.map((place) => (
              <option key={place} value={place}>
                {STRATEGY_PLACE_LABELS[place]}
              </option>
            ))}
          </SelectField>
        </div>
        {goals.length > 0 ? (
          <fieldset id={idFor('goalIds')} tabIndex={-1} className="grid gap-2">
            <legend className="text-sm font-semibold text-ink">
              Goals it helps with <span className="font-normal text-ink-muted">(optional)</span>
            </legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {goals.map((goal) => (
                <label key={goal.id} className="flex items-center gap-2 rounded-md px-1 py-1 text-ink">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-800"
                    checked={values.goalIds.includes(goal.id)}
                    onChange={(event) => toggleGoal(goal.id, event.target.checked)}
                  />
                  {goal.title}
                </label>
              ))}
            </div>
            {errors['goalIds'] ? <p className="text-sm font-medium text-red-800">{errors['goalIds']}</p> : null}
          </fieldset>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <EffectivenessRating
            legend="How well it works (optional)"
            value={values.effectiveness}
            onChange={(effectiveness) => setValues((current) => ({ ...current, effectiveness }))}
          />
          {values.effectiveness !== null ? (
            <Button size="sm" variant="ghost" onClick={() => setValues((current) => ({ ...current, effectiveness: null }))}>
              Clear rating
            </Button>
          ) : null}
        </div>
        <TextAreaField label="Description" optional limit={STRATEGY_LIMITS.description} rows={3} {...bind('description')} />
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <OfflineNotice pending={pending} what="strategy" />
        <SubmitButton pending={pending}>{strategy ? 'Save strategy' : 'Add strategy'}</SubmitButton>
        <Button variant="outline" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
