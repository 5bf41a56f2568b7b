import { keepPreviousData, useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { OBSERVATION_LIMITS, type Observation } from '#shared/schemas/observation.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSelectedChildId } from '../../child-context.tsx';
import { trpc } from '../../trpc/trpc.ts';
import type { ListFilter } from './observation-filter.ts';
import { useObservationGoalOptions } from './use-log-observation.ts';

/** How many observations one "Load more" brings. */
export const PAGE_SIZE = OBSERVATION_LIMITS.defaultPageSize;

/** An observation in a list across children names its child (decision 0098). */
export type ListedObservation = Observation & { childName?: string };

/**
 * The cache key of a paged list. It sits under tRPC's `observations.list` key (or `everyChild.observations`),
 * so invalidating that list refreshes every page.
 */
function listKey(filter: ListFilter, everyChild: boolean) {
  return [everyChild ? ['everyChild', 'observations'] : ['observations', 'list'], { input: { filter }, type: 'infinite' }] as const;
}

/** The pages as one list, newest first, each observation once (pages can overlap after a change). */
export function flattenPages<T extends Observation>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const all: T[] = [];
  for (const page of pages) {
    for (const observation of page) {
      if (seen.has(observation.id)) continue;
      seen.add(observation.id);
      all.push(observation);
    }
  }
  return all;
}

/** The id to page on after `page`, or undefined when it was the last one. */
export function nextCursor(page: readonly Observation[], pageSize = PAGE_SIZE): number | undefined {
  return page.length < pageSize ? undefined : page.at(-1)?.id;
}

/**
 * The selected child's observations matching `filter`, newest first, fifty at a time; with
 * `everyChild`, those of every child the person sees, each naming its child (decision 0098).
 */
export function useObservationList(filter: ListFilter, { everyChild = false }: { everyChild?: boolean } = {}) {
  const utils = trpc.useUtils();
  const childId = useSelectedChildId();
  const query = useInfiniteQuery<
    ListedObservation[],
    Error,
    InfiniteData<ListedObservation[], number | undefined>,
    readonly unknown[],
    number | undefined
  >({
    queryKey: listKey(filter, everyChild),
    queryFn: ({ pageParam }) => {
      const input = { filter: { ...filter, limit: PAGE_SIZE, ...(pageParam === undefined ? {} : { before: pageParam }) } };
      return everyChild ? utils.client.everyChild.observations.query(input) : utils.client.observations.list.query(input);
    },
    initialPageParam: undefined,
    getNextPageParam: (lastPage) => nextCursor(lastPage),
    enabled: everyChild || childId !== null,
    // While a new filter loads, keep showing the last answer instead of flashing a spinner.
    placeholderData: keepPreviousData,
    // Every cached list is refetched after each change (client/lib/refresh-map.ts), and each filter
    // or search typed is a list of its own: a filtered list leaves the cache as soon as nothing shows
    // it. The unfiltered list keeps the default, as the screen opens on it.
    ...(Object.keys(filter).length > 0 ? { gcTime: 0 } : {}),
  });
  const observations = useMemo(() => flattenPages(query.data?.pages ?? []), [query.data]);
  return {
    observations,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    /** True while a changed filter is loading and the list still shows the previous answer. */
    isUpdating: query.isPlaceholderData,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}

/** Wins and concerns for each of the last 12 weeks, oldest first. */
export function useWeeklyTrend() {
  const childId = useSelectedChildId();
  return trpc.observations.weeklyTrend.useQuery(undefined, { enabled: childId !== null });
}

/** Goal titles by id, to show which goal an observation is linked to (with `everyChild`, any child's goal). */
export function useGoalTitles({ everyChild = false }: { everyChild?: boolean } = {}): Map<number, string> {
  const goals = useObservationGoalOptions();
  const everyChildGoals = trpc.everyChild.goals.useQuery(undefined, { enabled: everyChild });
  const shown = everyChild ? everyChildGoals.data : goals.data;
  return useMemo(() => new Map((shown ?? []).map((goal) => [goal.id, goal.title])), [shown]);
}

type ListData = Observation[] | InfiniteData<Observation[], number | undefined>;

/** Drops an observation from every cached list at once (paged or not), so it disappears before the refetch. */
export function withoutObservation(data: ListData | undefined, id: number): ListData | undefined {
  if (!data) return data;
  if (Array.isArray(data)) return data.filter((item) => item.id !== id);
  return { ...data, pages: data.pages.map((page) => page.filter((item) => item.id !== id)) };
}

/* What a change refreshes is the refresh map's business (client/lib/refresh-map.ts); these say what happened. */

export function useUpdateObservation() {
  const { toast } = useToast();
  return trpc.observations.update.useMutation({
    onSuccess: () => toast({ title: 'Observation updated', variant: 'success' }),
  });
}

export function useDeleteObservation() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return trpc.observations.delete.useMutation({
    onSuccess: ({ id }) => {
      queryClient.setQueriesData<ListData>({ queryKey: [['observations', 'list']] }, (data) => withoutObservation(data, id));
      toast({ title: 'Observation deleted' });
    },
  });
}
