import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Observation } from '../../../../shared/schemas/observation.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useChildContext } from '../../child-context.tsx';
import { QuickObservationForm } from '../../components/quick-observation-form.tsx';
import { EMPTY_FILTERS, SEARCH_DEBOUNCE_MS, hasActiveFilters, mergeTags, toListFilter, type FilterState } from './observation-filter.ts';
import { ObservationFilters } from './observation-filters.tsx';
import { countLabel } from './observation-format.ts';
import { ObservationItem } from './observation-item.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useGoalTitles, useObservationList } from './use-observations.ts';
import { WeeklyTrendChart } from './weekly-trend-chart.tsx';

const QUICK_CAPTURE_ID = 'observations-quick-capture';

function focusQuickCapture() {
  const field = document.querySelector<HTMLTextAreaElement>(`#${QUICK_CAPTURE_ID} textarea`);
  field?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  field?.focus({ preventScroll: true });
}

const card = 'grid content-start gap-4 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm';

function ObservationList({ filters, onFiltersChange }: { filters: FilterState; onFiltersChange: (next: FilterState) => void }) {
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const tag = useDebouncedValue(filters.tag, SEARCH_DEBOUNCE_MS);
  const listFilter = useMemo(() => toListFilter({ ...filters, search, tag }), [filters, search, tag]);
  const list = useObservationList(listFilter);
  const goalTitles = useGoalTitles();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Tags seen so far stay suggested in the tag filter, even when the list is narrowed to one of them.
  const [tagMemory, setTagMemory] = useState<{ source: readonly Observation[]; tags: string[] }>({ source: [], tags: [] });
  if (tagMemory.source !== list.observations) {
    setTagMemory({ source: list.observations, tags: mergeTags(tagMemory.tags, list.observations) });
  }
  const knownTags = tagMemory.tags;
  const filtered = hasActiveFilters(filters);

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
        <Button variant="outline" size="sm" onClick={() => onFiltersChange(EMPTY_FILTERS)}>
          Clear filters
        </Button>
      </div>
    ) : (
      <div className="grid justify-items-start gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
        <p className="text-lg text-ink">No observations yet — note one thing you noticed today, big or small.</p>
        <Button variant="outline" onClick={focusQuickCapture}>
          Write the first note
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-label="Observations, newest first" aria-busy={list.isUpdating || undefined} className="grid gap-3">
          {list.observations.map((observation) => (
            <ObservationItem
              key={observation.id}
              observation={observation}
              goalTitle={observation.goalId === null ? undefined : goalTitles.get(observation.goalId)}
              onTagSelect={(selected) => onFiltersChange({ ...filters, tag: selected })}
              onDeleted={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
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

  const status = list.isPending || list.isError ? '' : `${countLabel(list.observations.length)} shown${list.hasMore ? ', more to load' : ''}.`;

  return (
    <section aria-labelledby="observations-list-heading" className="grid gap-4">
      <h2 id="observations-list-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
        All observations
      </h2>
      <ObservationFilters value={filters} onChange={onFiltersChange} knownTags={knownTags} />
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      {body}
    </section>
  );
}

/**
 * /observations for the selected child: a quick capture (what, when, where, a win in one click), the
 * last 12 weeks of wins against concerns, and every note with filters, search, edit and delete.
 */
export default function ObservationsPage() {
  const { children, selectedChild } = useChildContext();
  const [filters, setFilters] = useState<FilterState>(EMPTY_FILTERS);

  if (!selectedChild) {
    return (
      <div className="grid gap-6">
        <h1 className="text-3xl font-bold text-ink">Observations</h1>
        <div className="grid max-w-2xl justify-items-start gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
          <p className="text-lg text-ink">
            {children.length === 0 ? 'Add your child first, then note what you notice here.' : 'Choose a child to see their observations.'}
          </p>
          {children.length === 0 ? (
            <Link to={PATHS.onboarding} className={buttonClasses()}>
              Add your child
            </Link>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-ink">Observations</h1>
        <p className="max-w-2xl text-ink-muted">
          What you notice about {selectedChild.firstName}, day to day: the wins as much as the worries. A sentence is enough.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section id={QUICK_CAPTURE_ID} aria-labelledby="quick-capture-heading" className={card}>
          <h2 id="quick-capture-heading" className="text-xl font-bold text-ink">
            Note something
          </h2>
          <QuickObservationForm />
        </section>
        <section aria-labelledby="trend-heading" className={card}>
          <h2 id="trend-heading" className="text-xl font-bold text-ink">
            Wins and concerns, last 12 weeks
          </h2>
          <WeeklyTrendChart />
        </section>
      </div>
      <ObservationList filters={filters} onFiltersChange={setFilters} />
    </div>
  );
}
