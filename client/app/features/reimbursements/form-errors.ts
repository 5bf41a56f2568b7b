import { useState } from 'react';
import type { z } from 'zod';
import { toIssues } from '#shared/api-error.ts';
import { fieldErrorsFromIssues, focusFirstError, FORM_ERROR, submitFailureErrors } from '../../../lib/field-errors.ts';
import { readAmount } from './reimbursement-logic.ts';
import { failureText } from './use-reimbursements.ts';

export { FORM_ERROR };

type Errors = Record<string, string>;

/**
 * A shared schema's verdict on a form's input, with the form's own findings (an amount it could not
 * read) beside it: the data only when neither found anything, else the first message per field.
 */
export function check<S extends z.ZodType>(
  schema: S,
  input: unknown,
  own: Record<string, string | null> = {},
): { data: z.output<S> } | { errors: Errors } {
  const parsed = schema.safeParse(input);
  const found: Errors = parsed.success ? {} : fieldErrorsFromIssues(toIssues(parsed.error));
  for (const [field, message] of Object.entries(own)) if (message) found[field] = message;
  if (parsed.success && Object.keys(found).length === 0) return { data: parsed.data };
  return { errors: found };
}

/** A failed save: the server's field issues by field, or its sentence (a 409's) about the whole form. */
export function saveErrors(error: unknown): Errors {
  const errors = submitFailureErrors(error, failureText(error));
  if (errors[FORM_ERROR]) errors[FORM_ERROR] = failureText(error);
  return errors;
}

/**
 * Saves: `then` gets what was saved; a refusal goes to `refused` instead, as errors by field (the
 * 409's sentence about the whole form).
 */
async function saveOr<T>(saving: () => Promise<T>, then: (saved: T) => unknown, refused: (errors: Errors) => void) {
  let saved: T;
  try {
    saved = await saving();
  } catch (error) {
    refused(saveErrors(error));
    return;
  }
  await then(saved);
}

/**
 * A full form's errors: `show` puts them beside the fields and focus in the first, in `order`;
 * `save` saves then goes on, or shows the refusal.
 */
export function useFieldErrors(order: readonly string[], id: (field: string) => string) {
  const [errors, setErrors] = useState<Errors>({});
  const show = (found: Errors) => {
    setErrors(found);
    focusFirstError(found, order, id);
  };
  const save = <T>(saving: () => Promise<T>, then: (saved: T) => unknown) => saveOr(saving, then, show);
  return { errors, setErrors, show, save };
}

/**
 * A small form's errors (a claim, a move, a payment): `amount` reads the amount it cannot go without,
 * or says why beside the field and focuses it; `save` saves then closes, or keeps the refusal.
 */
export function useCardErrors() {
  const [errors, setErrors] = useState<Errors>({});
  const amount = (typed: string, currency: string, field: string, fieldId: string): number | null => {
    const read = readAmount(typed, currency);
    if (read.cents !== null) return read.cents;
    setErrors({ [field]: read.error ?? 'Enter an amount' });
    document.getElementById(fieldId)?.focus();
    return null;
  };
  const save = (saving: () => Promise<unknown>, onDone: () => void) => saveOr(saving, onDone, setErrors);
  return { errors, amount, save };
}
