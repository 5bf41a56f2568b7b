import { EMPTY_STATE_GUIDES } from '#shared/guide.ts';
import { Fragment, useMemo, useRef, useState } from 'react';
import { observationActions, type Observation } from '#shared/schemas/observation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ReadOnlyRecords, RoleGate } from '../../components/child-role.tsx';
import { EMPTY_FILTERS, SEARCH_DEBOUNCE_MS, hasActiveFilters, mergeTags, toListFilter, type FilterState } from './observation-filter.ts';
import { ObservationFilters } from './observation-filters.tsx';
import { countLabel } from './observation-format.ts';
import { ObservationItem } from './observation-item.tsx';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useGoalTitles, useObservationList } from './use-observations.ts';
import { GuideLink } from '../../components/guide-link.tsx';

export interface ObservationListProps {
  /** "Write the first note" on an empty list: takes the parent to the quick capture. */
  onWriteFirst: () => void;
  /** Every child's notes, each named by its child and read-only (decision 0098). */
  everyChild?: boolean;
}

/**
 * Every note of the selected child, newest first, with filters, search, "Load more", edit and delete;
 * with `everyChild`, the notes of every child the person sees (changed in each child's own view).
 */
export function ObservationList({ onWriteFirst, everyChild = false }: ObservationListProps) {
  const [filters, setFilters] = useState<FilterState>(EMPTY_FILTERS);
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const tag = useDebouncedValue(filters.tag, SEARCH_DEBOUNCE_MS);
  const listFilter = useMemo(() => toListFilter({ ...filters, search, tag }), [filters, search, tag]);
  const list = useObservationList(listFilter, { everyChild });
  const goalTitles = useGoalTitles({ everyChild });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Tags seen so far stay suggested in the tag filter, even when the list is narrowed to one of them.
  const [tagMemory, setTagMemory] = useState<{ source: readonly Observation[]; tags: string[] }>({ source: [], tags: [] });
  if (tagMemory.source !== list.observations) {
    setTagMemory({ source: list.observations, tags: mergeTags(tagMemory.tags, list.observations) });
  }
  const knownTags = tagMemory.tags;
  const filtered = hasActiveFilters(filters);
  // Another child's notes are changed in that child's own view.
  const Records = everyChild ? ReadOnlyRecords : Fragment;

  let body;
  if (list.isPending) {
    body = <Spinner label="Loading observations" showLabel className="py-8" />;
  } else if (list.isError) {
    body = (
      <div className="grid justify-items-start gap-3 rounded-2xl border border-ink/10 bg-white p-6">
        <p className="text-ink">We could not load the observations just now.</p>
        <Button variant="outline" size="sm" onClick={list.refetch}>
          Try again
        </Button>
      </div>
    );
  } else if (list.observations.length === 0) {
    body = filtered ? (
      <div className="grid justify-items-start gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
        <p className="text-ink">Nothing matches these filters. Try a wider date range, another word, or clear the filters.</p>
        <Button variant="outline" size="sm" onClick={() => setFilters(EMPTY_FILTERS)}>
          Clear filters
        </Button>
      </div>
    ) : (
      <div className="grid justify-items-start gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
        <RoleGate action={observationActions.create} otherwise={<p className="text-lg text-ink">No observations yet.</p>}>
          <p className="text-lg text-ink">No observations yet — note one thing you noticed today, big or small.</p>
          <Button variant="outline" onClick={onWriteFirst}>
            Write the first note
          </Button>
        </RoleGate>
        <GuideLink link={EMPTY_STATE_GUIDES.observations} />
      </div>
    );
  } else {
    body = (
      <>
        <Records>
          <ul aria-label="Observations, newest first" aria-busy={list.isUpdating || undefined} className="grid gap-3">
            {list.observations.map((observation) => (
              <ObservationItem
                key={observation.id}
                observation={observation}
                childName={observation.childName}
                goalTitle={observation.goalId === null ? undefined : goalTitles.get(observation.goalId)}
                onTagSelect={(selected) => setFilters({ ...filters, tag: selected })}
                onDeleted={() => headingRef.current?.focus()}
              />
            ))}
          </ul>
        </Records>
        {list.hasMore ? (
          <div>
            <Button variant="outline" loading={list.isLoadingMore} onClick={list.loadMore}>
              Load more
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  const status =
    list.isPending || list.isError ? '' : `${countLabel(list.observations.length)} shown${list.hasMore ? ', more to load' : ''}.`;

  return (
    <section aria-labelledby="observations-list-heading" className="grid gap-4">
      <h2 id="observations-list-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
        {everyChild ? 'Every child\u2019s observations' : 'All observations'}
      </h2>
      <ObservationFilters value={filters} onChange={setFilters} knownTags={knownTags} />
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {body}
    </section>
  );
}
