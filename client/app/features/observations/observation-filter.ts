import { OBSERVATION_LIMITS, SETTINGS } from '#shared/schemas/observation.ts';
import type { Setting } from './observation-draft.ts';

/** What the list asks the server for (paging is added by the list hook). */
export interface ListFilter {
  from?: string;
  to?: string;
  setting?: Setting;
  tag?: string;
  winsOnly?: boolean;
  search?: string;
}

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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A message for the "To" date when the range runs backwards, else null. */
export function dateRangeError(state: Pick<FilterState, 'from' | 'to'>): string | null {
  return DATE.test(state.from) && DATE.test(state.to) && state.to < state.from ? 'Choose a date on or after the "From" date.' : null;
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
  if (DATE.test(state.from)) filter.from = state.from;
  if (DATE.test(state.to) && !dateRangeError(state)) filter.to = state.to;
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
