import { useEffect, useId, useState, type FormEvent } from 'react';
import { toIssues } from '#shared/api-error.ts';
import { IN_FUTURE_MESSAGE, earliestPastDay } from '#shared/schemas/dates.ts';
import { GOAL_LIMITS, progressEntryUpdateSchema, type ProgressEntry } from '#shared/schemas/goal.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, localToday } from '../../../lib/dates.ts';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError, submitFailureErrors } from '../../../lib/field-errors.ts';
import { FormAlert, TextField } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { useHasChanged, useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { parseProgressValue } from './goal-logic.ts';
import { useUpdateProgress } from './use-goals.ts';

const FIELD_ORDER = ['value', 'recordedOn', 'note'] as const;

/**
 * What both progress forms check before the schema: Value holds a number, and the day is not after the
 * parent's today (the server's rule allows a day begun in any time zone; the form holds the parent to
 * their own). `number` is the parsed value, null when it is not one.
 */
export function checkProgressEntry(value: string, recordedOn: string): { number: number | null; errors: Record<string, string> } {
  const number = parseProgressValue(value);
  const errors: Record<string, string> = {};
  if (number === null) errors['value'] = value.trim() === '' ? 'Enter a value' : 'Use a number';
  if (/^\d{4}-\d{2}-\d{2}$/.test(recordedOn) && recordedOn > localToday()) errors['recordedOn'] = IN_FUTURE_MESSAGE;
  return { number, errors };
}

export interface ProgressEntryValues {
  value: string;
  recordedOn: string;
  note: string;
}

interface ProgressEntryFieldsProps {
  values: ProgressEntryValues;
  onChange: { [Field in keyof ProgressEntryValues]: (next: string) => void };
  errors: Record<string, string>;
  unit: string | null;
  idFor(field: keyof ProgressEntryValues): string;
  notePlaceholder?: string;
}

/** An entry's value, day (none after the parent's today) and note: recording one and correcting one ask the same. */
export function ProgressEntryFields({ values, onChange, errors, unit, idFor, notePlaceholder }: ProgressEntryFieldsProps) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={idFor('value')}
          label={unit ? `Value (${unit})` : 'Value'}
          type="number"
          inputMode="decimal"
          step="any"
          required
          value={values.value}
          error={errors['value']}
          onChange={(event) => onChange.value(event.target.value)}
        />
        <TextField
          id={idFor('recordedOn')}
          label="Date"
          type="date"
          required
          min={earliestPastDay()}
          max={localToday()}
          value={values.recordedOn}
          error={errors['recordedOn']}
          onChange={(event) => onChange.recordedOn(event.target.value)}
        />
      </div>
      <TextField
        id={idFor('note')}
        label="Note"
        optional
        limit={GOAL_LIMITS.progressNote}
        value={values.note}
        error={errors['note']}
        placeholder={notePlaceholder}
        onChange={(event) => onChange.note(event.target.value)}
      />
    </>
  );
}

interface ProgressEntryFormProps {
  entry: ProgressEntry;
  unit: string | null;
  onDone(): void;
}

/** Corrects one progress entry in place: its value, day and note. */
export function ProgressEntryForm({ entry, unit, onDone }: ProgressEntryFormProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const update = useUpdateProgress();
  const [value, setValue] = useState(String(entry.value));
  const [recordedOn, setRecordedOn] = useState(entry.recordedOn);
  const [note, setNote] = useState(entry.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChangesWarning(useHasChanged({ value, recordedOn, note }) || update.isPending);
  useEffect(() => document.getElementById(`${prefix}-value`)?.focus(), [prefix]);

  const show = (next: Record<string, string>) => {
    setErrors(next);
    focusFirstError(next, FIELD_ORDER, idFor);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const { number, errors: local } = checkProgressEntry(value, recordedOn);
    if (Object.keys(local).length > 0) return show(local);
    const parsed = progressEntryUpdateSchema.safeParse({ value: number, recordedOn, note: note.trim() === '' ? null : note });
    if (!parsed.success) return show(fieldErrorsFromIssues(toIssues(parsed.error)));
    setErrors({});
    try {
      await update.mutateAsync({ id: entry.id, data: parsed.data });
      onDone();
    } catch (error) {
      show(submitFailureErrors(error, 'We could not save this entry. Please try again.'));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-3" aria-label={`Edit the ${formatDate(entry.recordedOn)} entry`}>
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      <ProgressEntryFields
        values={{ value, recordedOn, note }}
        onChange={{ value: setValue, recordedOn: setRecordedOn, note: setNote }}
        errors={errors}
        unit={unit}
        idFor={idFor}
      />
      <div className="flex flex-wrap gap-3">
        <OfflineNotice pending={update.isPending} what="entry" />
        <SubmitButton pending={update.isPending}>Save entry</SubmitButton>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
