import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { toIssues } from '#shared/api-error.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FORM_ERROR, fieldErrorsFromIssues, focusFirstError, submitFailureErrors } from '../../../lib/field-errors.ts';
import { FormAlert } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { useHasChanged, useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';

/** What a medication or person form holds: text as typed, and switches. */
export type ProfileValues = Record<string, string | boolean>;

/**
 * The form's values as an input: text trimmed; an empty optional field is left out when adding and
 * cleared (null) when editing, so a parent can remove what was there. `required` fields go as typed.
 */
export function profileInput(values: ProfileValues, required: readonly string[], mode: 'create' | 'edit'): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (typeof value === 'boolean' || required.includes(field)) input[field] = value;
    else if (value.trim() !== '') input[field] = value.trim();
    else if (mode === 'edit') input[field] = null;
  }
  return input;
}

/** What a field needs from the form: its id, value, error and change handler. */
export interface FieldBinding {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

export interface ProfileFormProps<V extends ProfileValues, S extends z.ZodType> {
  /** The form's accessible name: "Add a medication", "Edit Melatonin". */
  label: string;
  initial: V;
  required: readonly (keyof V & string)[];
  mode: 'create' | 'edit';
  /** The shared schema the input is checked with before it is sent (create or update). */
  schema: S;
  save: (data: z.output<S>) => Promise<unknown>;
  pending: boolean;
  /** For the offline notice: "Your medication is kept here...". */
  what: string;
  submitLabel: string;
  onDone: () => void;
  renderFields: (bind: (field: keyof V & string) => FieldBinding, toggle: (field: keyof V & string) => CheckboxBinding) => ReactNode;
}

export interface CheckboxBinding {
  id: string;
  checked: boolean;
  onChange: (event: { target: { checked: boolean } }) => void;
}

/**
 * The one form behind adding and editing a medication or a person: checked with the shared schema,
 * the server's issues placed next to their fields, frozen while a save waits for the connection.
 */
export function ProfileForm<V extends ProfileValues, S extends z.ZodType>({
  label,
  initial,
  required,
  mode,
  schema,
  save,
  pending,
  what,
  submitLabel,
  onDone,
  renderFields,
}: ProfileFormProps<V, S>) {
  const prefix = useId();
  const idFor = (field: string) => `${prefix}-${field}`;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const online = useOnline();
  const changed = useHasChanged(values);
  useUnsavedChangesWarning(changed || pending);
  const order = Object.keys(initial);

  const show = (next: Record<string, string>) => {
    setErrors(next);
    focusFirstError(next, order, idFor);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const parsed = schema.safeParse(profileInput(values, required, mode));
    if (!parsed.success) {
      show(fieldErrorsFromIssues(toIssues(parsed.error)));
      return;
    }
    setErrors({});
    try {
      await save(parsed.data);
      onDone();
    } catch (error) {
      show(submitFailureErrors(error, `We could not save this ${what}. Please try again.`));
    }
  };

  const set = (field: keyof V & string, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const bind = (field: keyof V & string): FieldBinding => ({
    id: idFor(field),
    value: String(values[field]),
    error: errors[field],
    onChange: (event) => set(field, event.target.value),
  });
  const toggle = (field: keyof V & string): CheckboxBinding => ({
    id: idFor(field),
    checked: values[field] === true,
    onChange: (event) => set(field, event.target.checked),
  });

  return (
    <form noValidate onSubmit={submit} aria-label={label} className="grid gap-4">
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      {/* Offline, the save waits for the connection: the fields are frozen so what is saved is what is shown. */}
      <fieldset disabled={pending && !online} className="grid min-w-0 gap-4">
        {renderFields(bind, toggle)}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <OfflineNotice pending={pending} what={what} />
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
