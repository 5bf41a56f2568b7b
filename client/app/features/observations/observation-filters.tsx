import { useId } from 'react';
import { OBSERVATION_LIMITS, SETTINGS } from '#shared/schemas/observation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import type { Setting } from '#shared/schemas/observation.ts';
import { SETTING_LABELS } from './observation-labels.ts';
import { EMPTY_FILTERS, dateRangeError, hasActiveFilters, type FilterState } from './observation-filter.ts';

export interface ObservationFiltersProps {
  value: FilterState;
  onChange: (next: FilterState) => void;
  /** Tags seen so far, offered as suggestions in the tag filter. */
  knownTags: readonly string[];
}

/** Search, date range, where, tag and "wins only" over the list. */
export function ObservationFilters({ value, onChange, knownTags }: ObservationFiltersProps) {
  const prefix = useId();
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  const rangeError = dateRangeError(value);
  return (
    <search aria-label="Filter observations" className="grid gap-4 rounded-2xl border border-ink/10 bg-white p-4">
      <TextField
        id={`${prefix}-search`}
        label="Search notes"
        type="search"
        placeholder="A word from the note"
        autoComplete="off"
        limit={OBSERVATION_LIMITS.search}
        overLimit={`only the first ${OBSERVATION_LIMITS.search} are searched`}
        value={value.search}
        onChange={(event) => set({ search: event.target.value })}
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          id={`${prefix}-from`}
          label="From"
          type="date"
          max={value.to || undefined}
          value={value.from}
          onChange={(event) => set({ from: event.target.value })}
        />
        <TextField
          id={`${prefix}-to`}
          label="To"
          type="date"
          min={value.from || undefined}
          value={value.to}
          error={rangeError ?? undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
        <SelectField
          id={`${prefix}-setting`}
          label="Where"
          value={value.setting}
          onChange={(event) => set({ setting: event.target.value as Setting | '' })}
        >
          <option value="">Anywhere</option>
          {SETTINGS.map((setting) => (
            <option key={setting} value={setting}>
              {SETTING_LABELS[setting]}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${prefix}-tag`}
          label="Tag"
          placeholder="Any tag"
          autoComplete="off"
          limit={OBSERVATION_LIMITS.tagLength}
          overLimit={`only the first ${OBSERVATION_LIMITS.tagLength} are used`}
          list={knownTags.length > 0 ? `${prefix}-tags` : undefined}
          value={value.tag}
          onChange={(event) => set({ tag: event.target.value })}
        />
        {knownTags.length > 0 ? (
          <datalist id={`${prefix}-tags`}>
            {knownTags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </datalist>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-ink">
          <input
            type="checkbox"
            checked={value.winsOnly}
            onChange={(event) => set({ winsOnly: event.target.checked })}
            className="size-5 accent-brand-800"
          />
          Wins only
        </label>
        {hasActiveFilters(value) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </search>
  );
}
