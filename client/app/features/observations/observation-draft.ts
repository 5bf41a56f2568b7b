import type { z } from 'zod';
import { toIssues } from '#shared/api-error.ts';
import {
  OBSERVATION_LIMITS,
  observationCreateSchema,
  observationUpdateSchema,
  type Observation,
  type ObservationCreate,
  type ObservationUpdate,
  type Setting,
} from '#shared/schemas/observation.ts';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/dates.ts';
import { fieldErrorsFromIssues, type FieldIssue } from '../../../lib/field-errors.ts';

/*
 * The observation form's model, without React: what the form holds while the parent types, how it
 * becomes an API input, and how it is checked. The only rules are the shared schema's.
 */

/** What the form holds while the parent types. `when` is a datetime-local value in local time. */
export interface ObservationDraft {
  what: string;
  when: string;
  /** False while `when` is the pre-filled "now": then the server's clock decides. */
  whenTouched: boolean;
  setting: Setting;
  isWin: boolean;
  antecedent: string;
  behaviour: string;
  consequence: string;
  mood: number | null;
  tags: string[];
  /** A tag being typed, not yet turned into a chip. */
  tagText: string;
  goalId: number | null;
}

/** The order fields are checked in, to focus the first one with a problem. */
export const OBSERVATION_FIELD_ORDER = [
  'what',
  'occurredAt',
  'setting',
  'antecedent',
  'behaviour',
  'consequence',
  'mood',
  'tags',
  'goalId',
] as const;

/** The fields behind "More details". */
export const MORE_DETAIL_FIELDS: ReadonlySet<string> = new Set(['antecedent', 'behaviour', 'consequence', 'mood', 'tags', 'goalId']);

/** Tags typed as text: split on commas, trimmed, empty pieces dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim().replace(/\s+/g, ' '))
    .filter((tag) => tag !== '');
}

/** Adds the tags in `text` to `tags`, skipping ones already there (any case), keeping at most the shared limit. */
export function addTags(tags: readonly string[], text: string): string[] {
  const next = [...tags];
  for (const tag of splitTags(text)) {
    if (next.length >= OBSERVATION_LIMITS.tags) break;
    if (!next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) next.push(tag);
  }
  return next;
}

export function emptyDraft(now: Date = new Date()): ObservationDraft {
  return {
    what: '',
    when: toDateTimeLocal(now),
    whenTouched: false,
    setting: 'home',
    isWin: false,
    antecedent: '',
    behaviour: '',
    consequence: '',
    mood: null,
    tags: [],
    tagText: '',
    goalId: null,
  };
}

export function draftFromObservation(observation: Observation): ObservationDraft {
  return {
    what: observation.what,
    when: toDateTimeLocal(new Date(observation.occurredAt)),
    whenTouched: true,
    setting: observation.setting,
    isWin: observation.isWin,
    antecedent: observation.antecedent ?? '',
    behaviour: observation.behaviour ?? '',
    consequence: observation.consequence ?? '',
    mood: observation.mood,
    tags: [...observation.tags],
    tagText: '',
    goalId: observation.goalId,
  };
}

/** True when anything behind "More details" has a value (so the edit form opens it). */
export function hasMoreDetails(draft: ObservationDraft): boolean {
  return (
    draft.antecedent.trim() !== '' ||
    draft.behaviour.trim() !== '' ||
    draft.consequence.trim() !== '' ||
    draft.mood !== null ||
    draft.tags.length > 0 ||
    draft.tagText.trim() !== '' ||
    draft.goalId !== null
  );
}

function optionalText(value: string): string | undefined {
  return value.trim() === '' ? undefined : value;
}

/**
 * The create input for a draft: only what the parent filled in. An untouched "when" is left out
 * so the server records the moment of saving; a tag still being typed is included.
 */
export function draftToCreateInput(draft: ObservationDraft): Record<string, unknown> {
  const input: Record<string, unknown> = { what: draft.what, setting: draft.setting, isWin: draft.isWin };
  if (draft.whenTouched) input.occurredAt = fromDateTimeLocal(draft.when) ?? '';
  for (const field of ['antecedent', 'behaviour', 'consequence'] as const) {
    const value = optionalText(draft[field]);
    if (value !== undefined) input[field] = value;
  }
  if (draft.mood !== null) input.mood = draft.mood;
  const tags = addTags(draft.tags, draft.tagText);
  if (tags.length > 0) input.tags = tags;
  if (draft.goalId !== null) input.goalId = draft.goalId;
  return input;
}

/** The update input for a draft: every field, cleared ones as null (or an empty tag list). */
export function draftToUpdateInput(draft: ObservationDraft): Record<string, unknown> {
  return {
    what: draft.what,
    occurredAt: fromDateTimeLocal(draft.when) ?? '',
    setting: draft.setting,
    isWin: draft.isWin,
    antecedent: optionalText(draft.antecedent) ?? null,
    behaviour: optionalText(draft.behaviour) ?? null,
    consequence: optionalText(draft.consequence) ?? null,
    mood: draft.mood,
    tags: addTags(draft.tags, draft.tagText),
    goalId: draft.goalId,
  };
}

/** Issues from the API name fields as `data.what`; the form's fields are `what`. */
export function observationFieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  return fieldErrorsFromIssues(issues.map((issue) => ({ ...issue, path: issue.path.replace(/^data\.?/, '') })));
}

export type DraftCheck<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

function check<T>(result: z.ZodSafeParseResult<T>): DraftCheck<T> {
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: observationFieldErrors(toIssues(result.error)) };
}

/** A new note's draft checked against the shared create schema: the input to send, or field errors. */
export function checkNewDraft(draft: ObservationDraft): DraftCheck<ObservationCreate> {
  return check(observationCreateSchema.safeParse(draftToCreateInput(draft)));
}

/** An edited note's draft checked against the shared update schema: the changes to send, or field errors. */
export function checkEditedDraft(draft: ObservationDraft): DraftCheck<ObservationUpdate> {
  return check(observationUpdateSchema.safeParse(draftToUpdateInput(draft)));
}
