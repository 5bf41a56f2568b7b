import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toIssues } from '#shared/api-error.ts';
import { progressEntryCreateSchema, type ProgressEntry } from '#shared/schemas/goal.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { localToday } from '../../../lib/dates.ts';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError, submitFailureErrors } from '../../../lib/field-errors.ts';
import { PATHS } from '../../../lib/paths.ts';
import { FormAlert, SelectField } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { progressGoalChoices } from './goal-logic.ts';
import { checkProgressEntry, ProgressEntryFields } from './progress-entry-form.tsx';
import { useGoals, useRecordProgress } from './use-goals.ts';

const FIELD_ORDER = ['goalId', 'value', 'recordedOn', 'note'] as const;

export interface QuickProgressFormProps {
  /** The goal to record on; without it the parent chooses one of the child's active goals. */
  goalId?: number;
  onSaved?: (entry: ProgressEntry) => void;
  /** Opened on request (a card's "Add progress"): focus starts in its first field. */
  autoFocus?: boolean;
}

/**
 * Records one measurement on a goal in as few steps as possible: (goal,) value, date (today by
 * default) and an optional note. On a goal's card and page, and in the dashboard's quick actions.
 */
export function QuickProgressForm({ goalId, onSaved, autoFocus = false }: QuickProgressFormProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const goalsQuery = useGoals();
  const record = useRecordProgress();
  const [chosenGoalId, setChosenGoalId] = useState('');
  const [value, setValue] = useState('');
  const [recordedOn, setRecordedOn] = useState(() => localToday());
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChangesWarning(value !== '' || note.trim() !== '' || record.isPending);
  const formReady = goalId !== undefined || goalsQuery.isSuccess;
  useEffect(() => {
    if (!autoFocus || !formReady) return;
    (document.getElementById(`${prefix}-goalId`) ?? document.getElementById(`${prefix}-value`))?.focus();
  }, [autoFocus, formReady, prefix]);

  if (goalsQuery.isPending && goalId === undefined) {
    return <Spinner size="small" label="Loading goals" showLabel />;
  }
  if (goalsQuery.isError && goalId === undefined) {
    return <FormAlert>We could not load the goals. Please try again.</FormAlert>;
  }
  const goals = goalsQuery.data ?? [];
  if (goalId === undefined && goals.length === 0) {
    return (
      <p className="text-ink">
        There are no goals yet to record progress on.{' '}
        <Link to={PATHS.progressPlanner} className="font-semibold text-brand-800 underline underline-offset-4">
          Add a first goal in the progress planner
        </Link>
        .
      </p>
    );
  }

  const choices = progressGoalChoices(goals);
  const onlyChoice = choices.length === 1 ? choices[0] : undefined;
  const selectedId = goalId ?? (chosenGoalId !== '' ? Number(chosenGoalId) : onlyChoice?.id);
  const goal = goals.find((candidate) => candidate.id === selectedId);
  const unit = goal?.unit?.trim() || null;

  const show = (next: Record<string, string>) => {
    setErrors(next);
    focusFirstError(next, FIELD_ORDER, idFor);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (record.isPending) return;
    const { number, errors: local } = checkProgressEntry(value, recordedOn);
    if (selectedId === undefined) local['goalId'] = 'Choose which goal this is for';
    if (Object.keys(local).length > 0) {
      show(local);
      return;
    }
    const parsed = progressEntryCreateSchema.safeParse({
      goalId: selectedId,
      value: number,
      recordedOn,
      ...(note.trim() !== '' ? { note } : {}),
    });
    if (!parsed.success) {
      show(fieldErrorsFromIssues(toIssues(parsed.error)));
      return;
    }
    setErrors({});
    try {
      const entry = await record.mutateAsync({ data: parsed.data });
      setValue('');
      setNote('');
      onSaved?.(entry);
    } catch (error) {
      show(submitFailureErrors(error, 'We could not record this. Please try again.'));
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-4"
      aria-label={goal ? `Record progress on ${goal.title}` : 'Record progress'}
    >
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      {goalId === undefined && !onlyChoice ? (
        <SelectField
          id={idFor('goalId')}
          label="Goal"
          value={chosenGoalId}
          error={errors['goalId']}
          onChange={(event) => setChosenGoalId(event.target.value)}
        >
          <option value="">Choose a goal</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title}
            </option>
          ))}
        </SelectField>
      ) : null}
      {goalId === undefined && onlyChoice ? (
        <p className="text-sm text-ink-muted">
          Goal: <span className="font-semibold text-ink">{onlyChoice.title}</span>
        </p>
      ) : null}
      <ProgressEntryFields
        values={{ value, recordedOn, note }}
        onChange={{ value: setValue, recordedOn: setRecordedOn, note: setNote }}
        errors={errors}
        unit={unit}
        idFor={idFor}
        notePlaceholder="e.g. read aloud at bedtime"
      />
      <div className="flex flex-wrap gap-3">
        <OfflineNotice pending={record.isPending} what="progress entry" />
        <SubmitButton pending={record.isPending}>Save progress</SubmitButton>
      </div>
    </form>
  );
}
