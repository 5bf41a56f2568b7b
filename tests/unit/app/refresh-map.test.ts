import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '../../../client/lib/query-client.ts';
import {
  CHANGED_BY,
  REFETCH_AFTER_CREATE_DELAY_MS,
  SHOWN_IN,
  mutationPathOfKey,
  queriesToRefresh,
  type MutationPath,
} from '../../../client/lib/refresh-map.ts';
import { appRouter } from '../../../server/trpc/root.ts';

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>;
const pathsOfType = (type: string) =>
  Object.entries(procedures)
    .filter(([, procedure]) => procedure._def.type === type)
    .map(([path]) => path)
    .sort();

/** Runs a successful mutation the way a tRPC hook does: keyed `[['goals', 'create']]`. */
function mutate(queryClient: ReturnType<typeof createAppQueryClient>, path: string) {
  return new MutationObserver(queryClient, { mutationKey: [path.split('.')], mutationFn: async () => ({ ok: true }) }).mutate();
}

/** A cached answer no screen is showing right now, as a screen the parent left behind leaves it. */
async function cacheUnwatched(queryClient: ReturnType<typeof createAppQueryClient>, path: string, answers: string[]) {
  const fetches = { count: 0 };
  const queryKey = [path.split('.'), { type: 'query' }];
  await queryClient.fetchQuery({ queryKey, queryFn: async () => answers[Math.min(fetches.count++, answers.length - 1)] });
  return { fetches, read: () => queryClient.getQueryData(queryKey) };
}

afterEach(() => vi.useRealTimers());

describe('the refresh map', () => {
  it('says what every mutation of the API changes, and names nothing else', () => {
    expect(Object.keys(CHANGED_BY).sort()).toEqual(pathsOfType('mutation'));
  });

  it('names only queries the API has', () => {
    const queries = new Set(pathsOfType('query'));
    const named = Object.values(SHOWN_IN).flat();
    expect(named.filter((path) => !queries.has(path))).toEqual([]);
  });

  it('refreshes each query once, however many kinds of record name it', () => {
    const refreshed = queriesToRefresh('goals.delete');
    expect(refreshed).toEqual([...new Set(refreshed)]);
    expect(refreshed).toEqual(expect.arrayContaining(['goals.list', 'strategies.list', 'observations.list', 'dashboard.stats']));
  });

  it('refreshes the expenses when a vault document is deleted, since it is unlinked from them', () => {
    expect(queriesToRefresh('documents.delete')).toEqual(expect.arrayContaining(['expenses.list', 'expenses.get']));
  });

  it('knows tRPC mutation keys and ignores any other', () => {
    expect(mutationPathOfKey([['goals', 'create']])).toBe('goals.create');
    expect(mutationPathOfKey([['goals', 'list']])).toBeNull();
    expect(mutationPathOfKey(['sign-in'])).toBeNull();
    expect(mutationPathOfKey(undefined)).toBeNull();
  });
});

describe('after a change', () => {
  it('a screen not on view already has the new answer when the parent goes back to it', async () => {
    const queryClient = createAppQueryClient();
    const goals = await cacheUnwatched(queryClient, 'goals.list', ['before', 'after']);
    const roadmap = await cacheUnwatched(queryClient, 'milestones.list', ['untouched', 'refetched by mistake']);
    await mutate(queryClient, 'goals.create' satisfies MutationPath);
    await vi.waitFor(() => expect(goals.read()).toBe('after'));
    expect(roadmap.read()).toBe('untouched');
    expect(roadmap.fetches.count).toBe(1);
  });

  it('a milestone marked done takes its suggestion out of the guide', async () => {
    const queryClient = createAppQueryClient();
    const suggestions = await cacheUnwatched(queryClient, 'guide.suggestions', ['annual review in 3 weeks', 'nothing due']);
    await mutate(queryClient, 'milestones.update' satisfies MutationPath);
    await vi.waitFor(() => expect(suggestions.read()).toBe('nothing due'));
  });

  it('a new child refreshes the children and the dashboard 100 ms later (SPEC §4)', async () => {
    const queryClient = createAppQueryClient();
    const children = await cacheUnwatched(queryClient, 'children.list', ['one child', 'two children']);
    const stats = await cacheUnwatched(queryClient, 'dashboard.stats', ['old stats', 'new stats']);
    vi.useFakeTimers();
    await mutate(queryClient, 'children.create');
    await vi.advanceTimersByTimeAsync(REFETCH_AFTER_CREATE_DELAY_MS - 1);
    expect([children.read(), stats.read()]).toEqual(['one child', 'old stats']);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect([children.read(), stats.read()]).toEqual(['two children', 'new stats']));
  });

  it('a failed change refreshes nothing', async () => {
    const queryClient = createAppQueryClient();
    const goals = await cacheUnwatched(queryClient, 'goals.list', ['before', 'after']);
    const failing = new MutationObserver(queryClient, {
      mutationKey: [['goals', 'create']],
      mutationFn: async () => Promise.reject(new Error('offline')),
    });
    await expect(failing.mutate()).rejects.toThrow('offline');
    expect(goals.fetches.count).toBe(1);
  });
});
