import { useId, useState, type FormEvent } from 'react';
import { toIssues } from '../../../../shared/api-error.ts';
import { todayIso } from '../../../../shared/schemas/dates.ts';
import { GRADES, SUPPORT_PLANS, childCreateSchema, type ChildCreate } from '../../../../shared/schemas/child.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SUPPORT_PLAN_LABELS, gradeLabel } from '../../../lib/child-labels.ts';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError, issuesFromError } from '../../../lib/field-errors.ts';
import { FormAlert, SelectField, TextField } from '../../components/form-field.tsx';

const FIELD_ORDER = ['firstName', 'lastName', 'dateOfBirth', 'pronouns', 'grade', 'school', 'supportPlan'] as const;
type Field = (typeof FIELD_ORDER)[number];
type Values = Record<Field, string>;

const EMPTY: Values = { firstName: '', lastName: '', dateOfBirth: '', pronouns: '', grade: '', school: '', supportPlan: '' };

/** Turns the form's strings into the create input: empty optional fields are left out. */
export function toChildInput(values: Values): Record<string, string> {
  const input: Record<string, string> = { firstName: values.firstName, dateOfBirth: values.dateOfBirth };
  for (const field of ['lastName', 'pronouns', 'grade', 'school', 'supportPlan'] as const) {
    if (values[field].trim() !== '') input[field] = values[field];
  }
  return input;
}

export interface ChildFormProps {
  submitLabel: string;
  onSubmit(input: ChildCreate): Promise<unknown>;
}

/**
 * The child profile form. Validated with the shared `childCreateSchema` before sending; errors the
 * server reports for a field are shown next to that field too.
 */
export function ChildForm({ submitLabel, onSubmit }: ChildFormProps) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const show = (next: Record<string, string>) => {
    setErrors(next);
    setFormError(next[FORM_ERROR] ?? null);
    focusFirstError(next, FIELD_ORDER, idFor);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = childCreateSchema.safeParse(toChildInput(values));
    if (!parsed.success) {
      show(fieldErrorsFromIssues(toIssues(parsed.error)));
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const fieldErrors = fieldErrorsFromIssues(issuesFromError(error));
      if (Object.keys(fieldErrors).length > 0) show(fieldErrors);
      else setFormError(error instanceof Error && error.message ? `We could not save this profile: ${error.message}` : 'We could not save this profile. Please try again.');
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
    <form noValidate onSubmit={handleSubmit} className="grid max-w-xl gap-5" aria-label="Child profile">
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" required {...bind('firstName')} />
        <TextField label="Last name" autoComplete="off" optional {...bind('lastName')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Date of birth" type="date" required max={todayIso()} {...bind('dateOfBirth')} />
        <TextField label="Pronouns" optional placeholder="e.g. she/her" {...bind('pronouns')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField label="Grade" optional {...bind('grade')}>
          <option value="">Choose a grade</option>
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {gradeLabel(grade)}
            </option>
          ))}
        </SelectField>
        <TextField label="School" optional {...bind('school')} />
      </div>
      <SelectField label="Support plan" optional hint="An IEP or 504 plan, if your child has one." {...bind('supportPlan')}>
        <option value="">Choose a plan</option>
        {SUPPORT_PLANS.map((plan) => (
          <option key={plan} value={plan}>
            {SUPPORT_PLAN_LABELS[plan]}
          </option>
        ))}
      </SelectField>
      <div>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
