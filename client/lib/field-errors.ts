import { refusalMessageOf } from './api-request.ts';

/** Where an issue without a field path goes in the errors map (a message about the whole form). */
export const FORM_ERROR = '$form';

/** A validation issue as the API and `toIssues` report it: `{path: "firstName", message}`. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * The first message for each field (the first segment of the issue's path), for showing next to
 * inputs. Issues without a path go under `$form`.
 */
export function fieldErrorsFromIssues(issues: readonly FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] || FORM_ERROR;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Moves focus to the first field (in `order`) that has an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(errors: Record<string, string>, order: readonly string[], idFor: (field: string) => string): void {
  const first = order.find((field) => errors[field]);
  if (!first) return;
  const element = document.getElementById(idFor(first));
  if (element instanceof HTMLElement) element.focus();
}

function asIssues(value: unknown): FieldIssue[] | null {
  if (!Array.isArray(value)) return null;
  const issues = value.filter(
    (item): item is FieldIssue =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FieldIssue).path === 'string' &&
      typeof (item as FieldIssue).message === 'string',
  );
  return issues.length > 0 ? issues : null;
}

/**
 * Validation issues carried by an API error: a tRPC error's `data.issues` (or its shape's), a zod
 * `fieldErrors` map, or a REST body `{error: {issues}}`. Empty when there are none.
 */
export function issuesFromError(error: unknown): FieldIssue[] {
  if (typeof error !== 'object' || error === null) return [];
  const candidate = error as {
    data?: { issues?: unknown; zodError?: { fieldErrors?: Record<string, unknown> } | null } | null;
    shape?: { data?: { issues?: unknown } } | null;
    error?: { issues?: unknown };
  };
  const direct = asIssues(candidate.data?.issues) ?? asIssues(candidate.shape?.data?.issues) ?? asIssues(candidate.error?.issues);
  if (direct) return direct;
  const fieldErrors = candidate.data?.zodError?.fieldErrors;
  if (fieldErrors && typeof fieldErrors === 'object') {
    return Object.entries(fieldErrors).flatMap(([path, messages]) =>
      Array.isArray(messages) && typeof messages[0] === 'string' ? [{ path, message: messages[0] }] : [],
    );
  }
  return [];
}

/**
 * What a form shows when saving failed: the server's field issues next to their fields, or else a
 * message about the whole form: the server's own when it refused the call for the person's role,
 * `fallbackMessage` otherwise. Forms send `{ data: {...} }`, so the server names a field
 * of it "data.title": the form's field is "title".
 */
export function submitFailureErrors(error: unknown, fallbackMessage: string): Record<string, string> {
  const issues = issuesFromError(error).map((issue) => ({ ...issue, path: issue.path.replace(/^data\./, '') }));
  const fieldErrors = fieldErrorsFromIssues(issues);
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : { [FORM_ERROR]: refusalMessageOf(error) ?? fallbackMessage };
}
