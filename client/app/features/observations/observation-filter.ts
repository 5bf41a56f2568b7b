import type { z } from 'zod';
import { isCalendarDate } from '#shared/schemas/dates.ts';
import { OBSERVATION_LIMITS, SETTINGS, type observationFilterSchema, type Setting } from '#shared/schemas/observation.ts';

/** What the list asks the server for (paging is added by the list hook). */
export type ListFilter = Pick<z.input<typeof observationFilterSchema>, 'from' | 'to' | 'setting' | 'tag' | 'winsOnly' | 'search'>;

/** The filter controls as the parent sets them: strings, '' meaning "any". */
export interface FilterState {
  search: string;
  from: string;
  to: string;
  setting: Setting | '';
  tag: string;
  winsOnly: boolean;
}

export const EMPTY_FILTERS: FilterState = { search: '', from: '', to: '', setting: '', tag: '', winsOnly: false };

/** How long the list waits after the last key press in search (and tag) before asking again (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** A message for the "To" date when the range runs backwards, else null. */
export function dateRangeError(state: Pick<FilterState, 'from' | 'to'>): string | null {
  return isCalendarDate(state.from) && isCalendarDate(state.to) && state.to < state.from
    ? 'Choose a date on or after the "From" date.'
    : null;
}

/** True when any filter narrows the list. */
export function hasActiveFilters(state: FilterState): boolean {
  return (
    state.search.trim() !== '' || state.from !== '' || state.to !== '' || state.setting !== '' || state.tag.trim() !== '' || state.winsOnly
  );
}

/**
 * The server filter for the controls: empty controls are left out, text is trimmed (and cut to what
 * the server accepts), and a backwards date range drops its "to" until it is fixed.
 */
export function toListFilter(state: FilterState): ListFilter {
  const filter: ListFilter = {};
  const search = state.search.trim().slice(0, OBSERVATION_LIMITS.search);
  if (search) filter.search = search;
  if (isCalendarDate(state.from)) filter.from = state.from;
  if (isCalendarDate(state.to) && !dateRangeError(state)) filter.to = state.to;
  if (state.setting !== '' && (SETTINGS as readonly string[]).includes(state.setting)) filter.setting = state.setting;
  const tag = state.tag.trim().replace(/\s+/g, ' ').slice(0, OBSERVATION_LIMITS.tagLength);
  if (tag) filter.tag = tag;
  if (state.winsOnly) filter.winsOnly = true;
  return filter;
}

/** `known` plus the tags of `observations`, each once, sorted. */
export function mergeTags(known: readonly string[], observations: readonly { tags: readonly string[] }[]): string[] {
  const all = new Set(known);
  for (const observation of observations) for (const tag of observation.tags) all.add(tag);
  if (all.size === known.length) return [...known];
  return [...all].sort((a, b) => a.localeCompare(b));
}
