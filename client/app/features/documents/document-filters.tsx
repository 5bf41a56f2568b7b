import { DOCUMENT_LIMITS, type DocumentCategory, type DocumentFacets } from '#shared/schemas/document.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { CATEGORY_LABELS } from './document-labels.ts';

export interface VaultFilterState {
  search: string;
  category: DocumentCategory | '';
  schoolYear: string;
  tag: string;
}

export const EMPTY_VAULT_FILTERS: VaultFilterState = { search: '', category: '', schoolYear: '', tag: '' };

export function hasVaultFilters(filters: VaultFilterState): boolean {
  return filters.search.trim() !== '' || filters.category !== '' || filters.schoolYear !== '' || filters.tag !== '';
}

/** The filter the list query takes: only what is set. */
export function toDocumentFilter(filters: VaultFilterState) {
  const q = filters.search.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.schoolYear ? { schoolYear: filters.schoolYear } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
  };
}

export interface DocumentFiltersProps {
  value: VaultFilterState;
  onChange: (next: VaultFilterState) => void;
  facets: DocumentFacets | undefined;
}

/** Search (titles, tags, notes, the text inside PDFs) and the category, school year and tag the vault holds. */
export function DocumentFilters({ value, onChange, facets }: DocumentFiltersProps) {
  const set = (patch: Partial<VaultFilterState>) => onChange({ ...value, ...patch });
  // A filter chosen from a tag's button stays offered even once no document has it any more.
  const tags = facets?.tags ?? [];
  const tagOptions = value.tag && !tags.some((item) => item.tag === value.tag) ? [...tags, { tag: value.tag, count: 0 }] : tags;
  return (
    <div className="grid gap-3 rounded-2xl border border-ink/10 bg-white p-4">
      <TextField
        id="vault-search"
        type="search"
        label="Search documents"
        hint="Finds words in titles, tags, notes and inside PDFs."
        value={value.search}
        limit={DOCUMENT_LIMITS.search}
        autoComplete="off"
        onChange={(event) => set({ search: event.target.value })}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          id="vault-category"
          label="Category"
          value={value.category}
          onChange={(event) => set({ category: event.target.value as VaultFilterState['category'] })}
        >
          <option value="">All categories</option>
          {(facets?.categories ?? []).map(({ category, count }) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]} ({count})
            </option>
          ))}
        </SelectField>
        <SelectField
          id="vault-school-year"
          label="School year"
          value={value.schoolYear}
          onChange={(event) => set({ schoolYear: event.target.value })}
        >
          <option value="">All school years</option>
          {(facets?.schoolYears ?? []).map(({ schoolYear, count }) => (
            <option key={schoolYear} value={schoolYear}>
              {schoolYear} ({count})
            </option>
          ))}
        </SelectField>
        <SelectField id="vault-tag" label="Tag" value={value.tag} onChange={(event) => set({ tag: event.target.value })}>
          <option value="">All tags</option>
          {tagOptions.map(({ tag, count }) => (
            <option key={tag} value={tag}>
              {tag} ({count})
            </option>
          ))}
        </SelectField>
      </div>
      {hasVaultFilters(value) ? (
        <div>
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_VAULT_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}
