import { toIssues } from '#shared/api-error.ts';
import { GRADES, SUPPORT_PLANS, childCreateSchema, type Child, type ChildCreate } from '#shared/schemas/child.ts';
import { FORM_ERROR, fieldErrorsFromIssues, type FieldIssue } from '../../../lib/field-errors.ts';

/** What the wizard holds while the parent types: strings for inputs, lists for the chips. */
export interface WizardValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  pronouns: string;
  grade: string;
  school: string;
  diagnoses: string[];
  supportPlan: string;
  planReviewDate: string;
  lastEvaluationDate: string;
  strengths: string[];
  interests: string[];
  challenges: string[];
  notes: string;
}

export type WizardField = keyof WizardValues;

export const EMPTY_VALUES: WizardValues = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  pronouns: '',
  grade: '',
  school: '',
  diagnoses: [],
  supportPlan: '',
  planReviewDate: '',
  lastEvaluationDate: '',
  strengths: [],
  interests: [],
  challenges: [],
  notes: '',
};

export interface WizardStep {
  title: string;
  /** The fields on this step, in the order they appear (errors focus the first one). */
  fields: readonly WizardField[];
  /** Steps after the first can be skipped and filled in later. */
  skippable: boolean;
}

export const STEPS: readonly WizardStep[] = [
  { title: 'About your child', fields: ['firstName', 'lastName', 'dateOfBirth', 'pronouns', 'grade', 'school'], skippable: false },
  {
    title: 'Learning profile and support plan',
    fields: ['diagnoses', 'supportPlan', 'planReviewDate', 'lastEvaluationDate'],
    skippable: true,
  },
  { title: 'Strengths and interests', fields: ['strengths', 'interests'], skippable: true },
  { title: 'Challenges and notes', fields: ['challenges', 'notes'], skippable: true },
];

export const LAST_STEP = STEPS.length - 1;

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'pronouns',
  'grade',
  'school',
  'supportPlan',
  'planReviewDate',
  'lastEvaluationDate',
  'notes',
] as const;
const LIST_FIELDS = ['diagnoses', 'strengths', 'interests', 'challenges'] as const;
const OPTIONAL_TEXT = TEXT_FIELDS.filter((field) => field !== 'firstName' && field !== 'dateOfBirth');

/** "Step 2 of 4". */
export function stepLabel(step: number): string {
  return `Step ${step + 1} of ${STEPS.length}`;
}

function fieldsOf(skipped: ReadonlySet<number>): Set<WizardField> {
  return new Set(STEPS.flatMap((step, index) => (skipped.has(index) ? [] : step.fields)));
}

/**
 * The create input: empty optional fields and the fields of skipped steps are left out, so a step
 * the parent skipped never blocks finishing.
 */
export function toCreateInput(values: WizardValues, skipped: ReadonlySet<number> = new Set()): Record<string, unknown> {
  const included = fieldsOf(skipped);
  const input: Record<string, unknown> = { firstName: values.firstName, dateOfBirth: values.dateOfBirth };
  for (const field of OPTIONAL_TEXT) {
    if (included.has(field) && values[field].trim() !== '') input[field] = values[field];
  }
  for (const field of LIST_FIELDS) {
    if (included.has(field) && values[field].length > 0) input[field] = values[field];
  }
  return input;
}

/**
 * The update input when editing a profile: every field of the steps not skipped, with cleared
 * optional fields sent as null (or an empty list) so the parent can remove what was there.
 */
export function toUpdateInput(values: WizardValues, skipped: ReadonlySet<number> = new Set()): Record<string, unknown> {
  const included = fieldsOf(skipped);
  const input: Record<string, unknown> = {};
  if (included.has('firstName')) input.firstName = values.firstName;
  if (included.has('dateOfBirth')) input.dateOfBirth = values.dateOfBirth;
  for (const field of OPTIONAL_TEXT) {
    if (included.has(field)) input[field] = values[field].trim() === '' ? null : values[field];
  }
  for (const field of LIST_FIELDS) {
    if (included.has(field)) input[field] = values[field];
  }
  return input;
}

/** The wizard's values for an existing child (editing the profile). */
export function valuesFromChild(child: Child): WizardValues {
  return {
    firstName: child.firstName,
    lastName: child.lastName ?? '',
    dateOfBirth: child.dateOfBirth,
    pronouns: child.pronouns ?? '',
    grade: child.grade ?? '',
    school: child.school ?? '',
    diagnoses: [...child.diagnoses],
    supportPlan: child.supportPlan ?? '',
    planReviewDate: child.planReviewDate ?? '',
    lastEvaluationDate: child.lastEvaluationDate ?? '',
    strengths: [...child.strengths],
    interests: [...child.interests],
    challenges: [...child.challenges],
    notes: child.notes ?? '',
  };
}

export type ValidationResult = { ok: true; data: ChildCreate } | { ok: false; errors: Record<string, string> };

/** Validates everything not skipped with the shared schema; errors keyed by field. */
export function validateAll(values: WizardValues, skipped: ReadonlySet<number> = new Set()): ValidationResult {
  const parsed = childCreateSchema.safeParse(toCreateInput(values, skipped));
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrorsFromIssues(toIssues(parsed.error)) };
}

/** The schema's errors for the fields of one step only (the later steps are not judged yet). */
export function validateStep(step: number, values: WizardValues): Record<string, string> {
  const result = validateAll(values);
  if (result.ok) return {};
  const fields = new Set<string>(STEPS[step]?.fields ?? []);
  return Object.fromEntries(Object.entries(result.errors).filter(([field]) => fields.has(field)));
}

/** The step holding the first field with an error, or null when no error names a wizard field. */
export function firstStepWithError(errors: Record<string, string>): number | null {
  const index = STEPS.findIndex((step) => step.fields.some((field) => errors[field]));
  return index === -1 ? null : index;
}

/** Server issues as field errors; issues naming no wizard field become the form's message. */
export function errorsFromServer(issues: readonly FieldIssue[]): Record<string, string> {
  const errors = fieldErrorsFromIssues(issues);
  const known = new Set<string>(STEPS.flatMap((step) => step.fields));
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (known.has(field)) result[field] = message;
    else result[FORM_ERROR] ??= message;
  }
  return result;
}

/** Adds a chip, trimmed, ignoring blanks and case-insensitive duplicates. */
export function addChip(list: readonly string[], raw: string): string[] {
  const item = raw.trim().replace(/\s+/g, ' ');
  if (item === '' || list.some((existing) => existing.toLowerCase() === item.toLowerCase())) return [...list];
  return [...list, item];
}

export function removeChip(list: readonly string[], item: string): string[] {
  return list.filter((existing) => existing !== item);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Reads a stored draft back, keeping only well-formed fields (a stale or tampered draft cannot break the form). */
export function sanitizeValues(raw: unknown): WizardValues {
  const values: WizardValues = { ...EMPTY_VALUES, diagnoses: [], strengths: [], interests: [], challenges: [] };
  if (typeof raw !== 'object' || raw === null) return values;
  const record = raw as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') values[field] = value;
  }
  for (const field of LIST_FIELDS) {
    const value = record[field];
    if (isStringList(value)) values[field] = value;
  }
  if (values.grade !== '' && !(GRADES as readonly string[]).includes(values.grade)) values.grade = '';
  if (values.supportPlan !== '' && !(SUPPORT_PLANS as readonly string[]).includes(values.supportPlan)) values.supportPlan = '';
  return values;
}
