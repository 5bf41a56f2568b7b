import { useId, useState, type FormEvent } from 'react';
import { toIssues } from '#shared/api-error.ts';
import { earliestPlanDate, latestPlanDate } from '#shared/schemas/dates.ts';
import {
  GOAL_AREAS,
  GOAL_LIMITS,
  GOAL_SOURCES,
  GOAL_STATUSES,
  goalCreateSchema,
  goalUpdateSchema,
  type Goal,
} from '#shared/schemas/goal.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError, submitFailureErrors } from '../../../lib/field-errors.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { useHasChanged, useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { EMPTY_GOAL_FORM, goalFormToInput, goalToFormValues, hasMoreDetails, type GoalFormValues } from './goal-logic.ts';
import { GOAL_AREA_LABELS, GOAL_SOURCE_LABELS, GOAL_STATUS_LABELS } from './progress-planner-labels.ts';
import { useCreateGoal, useUpdateGoal } from './use-goals.ts';

const FIELD_ORDER = ['area', 'title', 'baseline', 'target', 'unit', 'targetDate', 'status', 'source', 'description'] as const;
const DETAIL_FIELDS = new Set<string>(['targetDate', 'status', 'source', 'description']);

export interface GoalFormProps {
  /** The goal being edited; without it the form adds a goal. */
  goal?: Goal;
  onDone: (goal: Goal | null) => void;
}

/**
 * Adds or edits a goal. Only the area and a short title are needed; the baseline, target and unit
 * are in view too (the chart and the dashboard measure by them); date, status, where it comes from
 * and a description wait behind "More details".
 */
export function GoalForm({ goal, onDone }: GoalFormProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const mode = goal ? 'edit' : 'create';
  const [values, setValues] = useState<GoalFormValues>(() => (goal ? goalToFormValues(goal) : EMPTY_GOAL_FORM));
  const [moreOpen, setMoreOpen] = useState(() => (goal ? hasMoreDetails(goalToFormValues(goal)) : false));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const pending = create.isPending || update.isPending;
  const changed = useHasChanged(values);
  useUnsavedChangesWarning(changed || pending);

  const show = (next: Record<string, string>) => {
    if (Object.keys(next).some((field) => DETAIL_FIELDS.has(field))) setMoreOpen(true);
    setErrors(next);
    // The details may be opening in this render: focus once they are in the page.
    setTimeout(() => focusFirstError(next, FIELD_ORDER, idFor), 0);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const { input, errors: local } = goalFormToInput(values, mode);
    // A target date the goal already has is not checked again: an old goal may be long overdue.
    if (goal && input.targetDate === goal.targetDate) delete input.targetDate;
    const parsed = mode === 'create' ? goalCreateSchema.safeParse(input) : goalUpdateSchema.safeParse(input);
    const schemaErrors = parsed.success ? {} : fieldErrorsFromIssues(toIssues(parsed.error));
    const all = { ...schemaErrors, ...local };
    if (!parsed.success || Object.keys(local).length > 0) {
      show(all);
      return;
    }
    setErrors({});
    try {
      const saved = goal
        ? await update.mutateAsync({ id: goal.id, data: goalUpdateSchema.parse(input) })
        : await create.mutateAsync({ data: goalCreateSchema.parse(input) });
      onDone(saved);
    } catch (error) {
      show(submitFailureErrors(error, 'We could not save this goal. Please try again.'));
    }
  };

  const bind = (field: keyof GoalFormValues) => ({
    id: idFor(field),
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-label={goal ? `Edit goal: ${goal.title}` : 'Add a goal'}>
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <SelectField label="Area" required {...bind('area')}>
          <option value="">Choose an area</option>
          {GOAL_AREAS.map((area) => (
            <option key={area} value={area}>
              {GOAL_AREA_LABELS[area]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Goal"
          required
          limit={GOAL_LIMITS.title}
          placeholder="e.g. Read a page aloud fluently"
          autoComplete="off"
          {...bind('title')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Baseline" optional type="number" inputMode="decimal" step="any" hint="Where it is now" {...bind('baseline')} />
        <TextField
          label="Target"
          optional
          type="number"
          inputMode="decimal"
          step="any"
          hint="Where you hope it gets to"
          {...bind('target')}
        />
        <TextField
          label="Unit"
          optional
          limit={GOAL_LIMITS.unit}
          placeholder="e.g. words per minute"
          autoComplete="off"
          {...bind('unit')}
        />
      </div>
      <div>
        <Button
          variant="link"
          aria-expanded={moreOpen}
          aria-controls={idFor('more')}
          onClick={() => setMoreOpen((open) => !open)}
          className="text-base"
        >
          {moreOpen ? 'Fewer details' : 'More details'}
        </Button>
      </div>
      <div id={idFor('more')} hidden={!moreOpen} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Target date" optional type="date" min={earliestPlanDate()} max={latestPlanDate()} {...bind('targetDate')} />
          <SelectField label="Status" {...bind('status')}>
            {GOAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {GOAL_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Where it comes from" {...bind('source')}>
            {GOAL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {GOAL_SOURCE_LABELS[source]}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField label="Description" optional limit={GOAL_LIMITS.description} rows={3} {...bind('description')} />
      </div>
      <div className="flex flex-wrap gap-3">
        <OfflineNotice pending={pending} what="goal" />
        <SubmitButton pending={pending}>{goal ? 'Save goal' : 'Add goal'}</SubmitButton>
        <Button variant="outline" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
