import type { z } from 'zod';
import { toIssues } from '#shared/api-error.ts';
import { fieldErrorsFromIssues, FORM_ERROR, submitFailureErrors } from '../../../lib/field-errors.ts';
import { failureText } from './use-reimbursements.ts';

export { FORM_ERROR };

/** A shared schema's verdict on a form's input: the data, or the first message per field. */
export function check<S extends z.ZodType>(schema: S, input: unknown): { data: z.output<S> } | { errors: Record<string, string> } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  return { errors: fieldErrorsFromIssues(toIssues(parsed.error)) };
}

/** A failed save: the server's field issues by field, or its sentence (a 409's) about the whole form. */
export function saveErrors(error: unknown): Record<string, string> {
  const errors = submitFailureErrors(error, failureText(error));
  if (errors[FORM_ERROR]) errors[FORM_ERROR] = failureText(error);
  return errors;
}
