import { MutationCache, QueryClient, hashKey, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { apiRequest, httpStatusOf } from './api-request.ts';
import { isChildScopedRestPath, isChildScopedRouter, trpcRouterOfKey, withChildIdParam } from './child-scope.ts';
import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from './data-cache.ts';
import { mutationPathOfKey, refreshAfter } from './refresh-map.ts';
import { getSelectedChildId } from './session-storage.ts';

/**
 * SPEC §7's default query fetch: GET on the first element of the key, with the bearer header and
 * credentials. Paths of child-scoped data get `childId` from the key's second element.
 */
export async function defaultQueryFn({ queryKey }: Pick<QueryFunctionContext, 'queryKey'>): Promise<unknown> {
  const [head, second] = queryKey;
  if (typeof head !== 'string') throw new Error(`The default query fetch needs a URL as the first key element, got ${typeof head}`);
  const url =
    isChildScopedRestPath(head) && queryKey.length > 1 && second !== undefined && second !== null && second !== ''
      ? withChildIdParam(head, String(second))
      : head;
  return apiRequest('GET', url);
}

/**
 * Query-key hashing that keeps each child's data apart. A child-scoped tRPC query is called without
 * a childId (the link injects it), so its key alone would be the same for every child; the hash
 * therefore adds the selected child's id, and switching child can never show the previous child's
 * cached data. Keys that already carry a childId, and all other keys, hash as usual.
 */
export function childAwareQueryKeyHash(queryKey: QueryKey): string {
  if (!isChildScopedRouter(trpcRouterOfKey(queryKey))) return hashKey(queryKey);
  const meta = queryKey[1];
  const input = meta && typeof meta === 'object' && 'input' in meta ? (meta as { input?: unknown }).input : undefined;
  if (input && typeof input === 'object' && 'childId' in input && (input as { childId?: unknown }).childId != null) {
    return hashKey(queryKey);
  }
  return hashKey([...queryKey, { selectedChildId: getSelectedChildId() }]);
}

/**
 * SPEC §9 defaults: fresh 30 min, kept 60 min, no retry, no refetch on focus/reconnect/mount, no
 * polling, online only. After every successful tRPC mutation, the refresh map (refresh-map.ts) says
 * which queries to refetch; after a refusal (403), the children list with each child's role. "Online only": offline, a mutation pauses (still pending) and the client
 * resumes it when the browser is back online; the forms say so (decision 0029).
 */
export function createAppQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        const path = mutationPathOfKey(mutation.options.mutationKey);
        if (path) refreshAfter(queryClient, path);
      },
      // Refused for the person's role on the child (decision 0060): their access changed while the
      // screen was open. The children list carries each child's role; asked again, the screens
      // hide what is no longer allowed (and a child no longer shared leaves the list).
      onError: (error) => {
        if (httpStatusOf(error) === 403) void queryClient.invalidateQueries({ queryKey: [['children', 'list']] });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        queryKeyHashFn: childAwareQueryKeyHash,
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        refetchInterval: false,
        networkMode: 'online',
      },
      mutations: {
        retry: false,
        networkMode: 'online',
      },
    },
  });
  return queryClient;
}
