import { useEffect, useId, useState, type FormEvent } from 'react';
import { toIssues } from '#shared/api-error.ts';
import { earliestPlanDate, latestPlanDate } from '#shared/schemas/dates.ts';
import {
  MILESTONE_LIMITS,
  milestoneCreateSchema,
  milestoneUpdateSchema,
  type Milestone,
  type MilestoneCreate,
  type MilestoneUpdate,
} from '#shared/schemas/milestone.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError, submitFailureErrors } from '../../../lib/field-errors.ts';
import { FormAlert, TextAreaField, TextField } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { useHasChanged, useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';

const FIELD_ORDER = ['title', 'dueDate', 'whyItMatters', 'whatToDo'] as const;
type Field = (typeof FIELD_ORDER)[number];
type Values = Record<Field, string>;

const optionalText = (value: string) => (value.trim() === '' ? null : value);

interface MilestoneFormProps {
  /** "add" asks for a due date; "edit" changes the words only (rescheduling has its own control). */
  mode: 'add' | 'edit';
  initial?: Pick<Milestone, 'title' | 'whyItMatters' | 'whatToDo'>;
  submitLabel: string;
  onSubmit(data: MilestoneCreate | MilestoneUpdate): Promise<unknown>;
  onCancel?: () => void;
  /** Pre-fills the due date of a new milestone. */
  defaultDueDate?: string;
}

/** Add a milestone (title and due date; the rest optional) or edit a milestone's title and notes. */
export function MilestoneForm({ mode, initial, submitLabel, onSubmit, onCancel, defaultDueDate = '' }: MilestoneFormProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const [values, setValues] = useState<Values>({
    title: initial?.title ?? '',
    dueDate: defaultDueDate,
    whyItMatters: initial?.whyItMatters ?? '',
    whatToDo: initial?.whatToDo ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const changed = useHasChanged(values);
  useUnsavedChangesWarning(changed || submitting);
  // The form opens when the parent asks for it (Add, Edit): move focus into it.
  useEffect(() => {
    document.getElementById(`${prefix}-title`)?.focus();
  }, [prefix]);

  const show = (next: Record<string, string>) => {
    setErrors(next);
    focusFirstError(next, FIELD_ORDER, idFor);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const words = { title: values.title, whyItMatters: optionalText(values.whyItMatters), whatToDo: optionalText(values.whatToDo) };
    const parsed =
      mode === 'add' ? milestoneCreateSchema.safeParse({ ...words, dueDate: values.dueDate }) : milestoneUpdateSchema.safeParse(words);
    if (!parsed.success) {
      const issues = toIssues(parsed.error).map((issue) =>
        // An empty date input reads better as "choose a date" than as a format error.
        issue.path === 'dueDate' && values.dueDate === '' ? { ...issue, message: 'Choose a due date' } : issue,
      );
      show(fieldErrorsFromIssues(issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
      if (mode === 'add') setValues({ title: '', dueDate: defaultDueDate, whyItMatters: '', whatToDo: '' });
    } catch (error) {
      show(submitFailureErrors(error, 'We could not save this milestone. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  const bind = (field: Field) => ({
    id: idFor(field),
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-label={mode === 'add' ? 'Add a milestone' : 'Edit milestone'}>
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      <div className={mode === 'add' ? 'grid gap-4 sm:grid-cols-[2fr_1fr]' : 'grid gap-4'}>
        <TextField label="Title" required autoComplete="off" limit={MILESTONE_LIMITS.title} {...bind('title')} />
        {mode === 'add' ? (
          <TextField label="Due date" type="date" required min={earliestPlanDate()} max={latestPlanDate()} {...bind('dueDate')} />
        ) : null}
      </div>
      <TextAreaField
        label="Why it matters"
        optional
        rows={2}
        limit={MILESTONE_LIMITS.whyItMatters}
        className="min-h-16"
        {...bind('whyItMatters')}
      />
      <TextAreaField label="What to do" optional rows={2} limit={MILESTONE_LIMITS.whatToDo} className="min-h-16" {...bind('whatToDo')} />
      <div className="flex flex-wrap gap-3">
        <OfflineNotice pending={submitting} what="milestone" />
        <SubmitButton pending={submitting}>{submitLabel}</SubmitButton>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
