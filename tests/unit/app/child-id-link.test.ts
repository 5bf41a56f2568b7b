import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { initTRPC } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NO_CHILD_SELECTED_MESSAGE, childIdLink } from '../../../client/app/trpc/child-id-link.ts';
import type { WithChildIdInjected } from '../../../client/app/trpc/child-scoped-types.ts';
import type { ClientRouter } from '../../../client/app/trpc/trpc.ts';
import { CHILD_SCOPED_ROUTERS } from '../../../client/lib/child-scope.ts';
import { childAwareQueryKeyHash } from '../../../client/lib/query-client.ts';

// A small router of the same shape as the server's: child-scoped procedures take `childId`.
const t = initTRPC.create();
const childId = z.object({ childId: z.number().int().positive() });
const testRouter = t.router({
  observations: t.router({
    list: t.procedure.input(childId.extend({ filter: z.object({ limit: z.number() }).optional() })).query(() => []),
    weeklyTrend: t.procedure.input(childId).query(() => []),
    create: t.procedure.input(childId.extend({ data: z.object({ text: z.string() }) })).mutation(() => ({ id: 1 })),
  }),
  goals: t.router({ list: t.procedure.input(childId).query(() => []) }),
  children: t.router({
    list: t.procedure.query(() => []),
    byId: t.procedure.input(z.object({ id: z.number() })).query(() => null),
  }),
});
type TestRouter = WithChildIdInjected<typeof testRouter>;

/** The end of the chain: answers every operation with the input it received. */
function echoLink(seen: { path: string; input: unknown }[]): TRPCLink<TestRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        seen.push({ path: op.path, input: op.input });
        observer.next({ result: { type: 'data', data: op.input } });
        observer.complete();
      });
}

function clientWith(selected: () => number | null) {
  const seen: { path: string; input: unknown }[] = [];
  const client = createTRPCClient<TestRouter>({ links: [childIdLink<TestRouter>(selected), echoLink(seen)] });
  return { client, seen };
}

describe('childIdLink', () => {
  it('puts the selected child into child-scoped inputs, so callers never pass it', async () => {
    const { client, seen } = clientWith(() => 7);
    await client.observations.list.query({ filter: { limit: 5 } });
    await client.observations.weeklyTrend.query();
    await client.observations.create.mutate({ data: { text: 'Read for 20 minutes' } });
    await client.goals.list.query({});
    expect(seen).toEqual([
      { path: 'observations.list', input: { filter: { limit: 5 }, childId: 7 } },
      { path: 'observations.weeklyTrend', input: { childId: 7 } },
      { path: 'observations.create', input: { data: { text: 'Read for 20 minutes' }, childId: 7 } },
      { path: 'goals.list', input: { childId: 7 } },
    ]);
  });

  it('reads the selection at call time', async () => {
    let selected = 1;
    const { client, seen } = clientWith(() => selected);
    await client.goals.list.query({});
    selected = 2;
    await client.goals.list.query({});
    expect(seen.map((op) => op.input)).toEqual([{ childId: 1 }, { childId: 2 }]);
  });

  it('leaves other routers alone', async () => {
    const { client, seen } = clientWith(() => 7);
    await client.children.byId.query({ id: 3 });
    await client.children.list.query();
    expect(seen).toEqual([
      { path: 'children.byId', input: { id: 3 } },
      { path: 'children.list', input: undefined },
    ]);
  });

  it('keeps an explicit childId', async () => {
    const { client, seen } = clientWith(() => 7);
    await client.goals.list.query({ childId: 3 });
    expect(seen[0]?.input).toEqual({ childId: 3 });
  });

  it('fails at once, without a request, when no child is selected', async () => {
    const { client, seen } = clientWith(() => null);
    const error = await client.observations.list.query({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as Error).message).toBe(NO_CHILD_SELECTED_MESSAGE);
    expect(seen).toEqual([]);
  });

  it('covers the child-scoped routers the app knows', () => {
    expect([...CHILD_SCOPED_ROUTERS].sort()).toEqual([
      'activities',
      'claims',
      'dashboard',
      'expenses',
      'formResponses',
      'forms',
      'fundingSources',
      'goals',
      'milestones',
      'observations',
      'reimbursements',
      'snapshots',
      'strategies',
    ]);
  });
});

describe('query cache keys of child-scoped queries', () => {
  it("differ per selected child when the key carries no childId, so one child never sees another child's data", () => {
    sessionStorageShim.set('1');
    const key = [['observations', 'list'], { input: {}, type: 'query' }] as const;
    const forOne = childAwareQueryKeyHash(key);
    sessionStorageShim.set('2');
    const forTwo = childAwareQueryKeyHash(key);
    expect(forOne).not.toBe(forTwo);
    expect(childAwareQueryKeyHash([['children', 'list'], { type: 'query' }])).toBe(
      JSON.stringify([['children', 'list'], { type: 'query' }]),
    );
    expect(childAwareQueryKeyHash(['/api/observations', 2])).toBe(JSON.stringify(['/api/observations', 2]));
    sessionStorageShim.clear();
  });
});

// Node has no sessionStorage: give the session-storage module a minimal one.
const sessionStorageShim = (() => {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
  (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
  return {
    set: (id: string) => storage.setItem('selectedChildId', id),
    clear: () => values.clear(),
  };
})();

// Type-level checks, compiled by `tsc` and never run. With the mapped router type, child-scoped inputs
// may leave childId out; everything else keeps its input type.
export function typeChecks(
  client: ReturnType<typeof createTRPCClient<TestRouter>>,
  app: ReturnType<typeof createTRPCClient<ClientRouter>>,
) {
  void client.observations.list.query({});
  void client.observations.weeklyTrend.query();
  void client.observations.list.query({ childId: 2 });
  // @ts-expect-error the procedure's own fields are still required
  void client.observations.create.mutate({});
  // @ts-expect-error a childId must still be a number when given
  void client.observations.list.query({ childId: 'two' });
  // @ts-expect-error children.byId still needs its own id
  void client.children.byId.query({});
  // The real server router: routers that are not child-scoped keep their exact inputs.
  void app.children.byId.query({ id: 1 });
  // @ts-expect-error children.byId needs its id
  void app.children.byId.query({});
}
