// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Child } from '#shared/schemas/child.ts';
import { AuthSeamProvider, type AppUser, type AuthSeam } from '../../../client/app/auth/auth-context.tsx';
import { ChildProvider, useChildContext, type ChildContextValue } from '../../../client/app/child-context.tsx';
import { useCreateChild } from '../../../client/app/features/children/use-child-mutations.ts';
import { UserSessionGuard } from '../../../client/app/providers.tsx';
import { childIdLink } from '../../../client/app/trpc/child-id-link.ts';
import { trpc, type ClientRouter } from '../../../client/app/trpc/trpc.ts';
import { getSelectedChildId, readSession, writeSession } from '../../../client/lib/session-storage.ts';
import { childFixture, fakeTrpc, type FakeOp } from '../../helpers/fake-trpc.tsx';

function child(id: number, firstName: string): Child {
  return childFixture({ id, firstName });
}

function user(id: string): AppUser {
  return {
    id,
    emailAddresses: [{ emailAddress: `${id}@example.com` }],
    fullName: null,
    createdAt: new Date(),
    publicMetadata: {},
    unsafeMetadata: {},
  };
}

function seam(signedIn: AppUser | null): AuthSeam {
  return {
    provider: 'local',
    status: signedIn ? 'signed-in' : 'signed-out',
    user: signedIn,
    getToken: async () => (signedIn ? 'aaa.bbb.ccc' : null),
    signOut: async () => undefined,
    updateUnsafeMetadata: async () => undefined,
    refreshUser: async () => undefined,
    SignIn: () => null,
    SignUp: () => null,
  };
}

/**
 * A fake server: answers children.list from `server.children` and records in `server.ops` every
 * operation that reaches it; `links` run before it, as in fakeTrpc.
 */
function fakeServer(initial: Child[], links: readonly TRPCLink<ClientRouter>[] = []) {
  const server = { children: initial, ops: [] as FakeOp[] };
  const { ops, wrapper, queryClient } = fakeTrpc(
    (op) =>
      op.path === 'children.list'
        ? server.children
        : op.path === 'children.create'
          ? server.children.at(-1)
          : op.path === 'dashboard.stats'
            ? {}
            : [],
    { links },
  );
  server.ops = ops;
  return { server, Api: wrapper, queryClient };
}

/** `showStats`: the page also shows the selected child's dashboard stats (a query to see refetched). */
function setup(initial: Child[], signedIn: AppUser | null = user('user_a'), { showStats = false } = {}) {
  const { server, Api, queryClient } = fakeServer(initial, [childIdLink<ClientRouter>(getSelectedChildId)]);
  function Stats() {
    trpc.dashboard.stats.useQuery();
    return null;
  }
  const latest: { value: ChildContextValue | null; create: ReturnType<typeof useCreateChild> | null } = { value: null, create: null };
  function Probe() {
    latest.value = useChildContext();
    latest.create = useCreateChild();
    const selected = latest.value.selectedChild;
    return (
      <>
        <p>{selected ? `Selected: ${selected.firstName}` : 'No child selected'}</p>
        {showStats && selected ? <Stats /> : null}
      </>
    );
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthSeamProvider value={seam(signedIn)}>
      <Api>
        <UserSessionGuard>
          <ChildProvider>{children}</ChildProvider>
        </UserSessionGuard>
      </Api>
    </AuthSeamProvider>
  );
  render(<Probe />, { wrapper });
  const ctx = () => {
    if (!latest.value) throw new Error('not rendered');
    return latest.value;
  };
  const createChild = (firstName: string) => {
    if (!latest.create) throw new Error('not rendered');
    return latest.create.mutateAsync({ firstName, dateOfBirth: '2018-01-01' });
  };
  return { server, queryClient, ctx, createChild };
}

function calls(server: { ops: { path: string }[] }, path: string) {
  return server.ops.filter((op) => op.path === path).length;
}

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('child context (SPEC §4)', () => {
  it('throws a clear error when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useChildContext())).toThrow('useChildContext must be used within a ChildProvider');
    vi.mocked(console.error).mockRestore();
  });

  it('selects the first child when none is selected, and keeps it in session storage', async () => {
    setup([child(1, 'Maya'), child(2, 'Leo')]);
    await screen.findByText('Selected: Maya');
    expect(sessionStorage.getItem('selectedChildId')).toBe('1');
  });

  it('keeps a stored selection that still exists', async () => {
    writeSession('lastUserId', 'user_a');
    writeSession('selectedChildId', 2);
    setup([child(1, 'Maya'), child(2, 'Leo')]);
    expect(await screen.findByText('Selected: Leo')).toBeTruthy();
    expect(getSelectedChildId()).toBe(2);
  });

  it('falls back to the first child when the stored one no longer exists', async () => {
    writeSession('lastUserId', 'user_a');
    writeSession('selectedChildId', 99);
    setup([child(1, 'Maya'), child(2, 'Leo')]);
    await screen.findByText('Selected: Maya');
    expect(getSelectedChildId()).toBe(1);
  });

  it("changing child drops the previous child's scoped data and invalidates the REST lists", async () => {
    const { ctx, queryClient } = setup([child(1, 'Maya'), child(2, 'Leo')]);
    await screen.findByText('Selected: Maya');
    const scopedKey = [['observations', 'list'], { input: {}, type: 'query' }];
    queryClient.setQueryData(scopedKey, ['Maya observation']);
    queryClient.setQueryData(['/api/goals', 1], ['Maya goal']);
    queryClient.setQueryData(['/api/children'], ['kept']);
    act(() => ctx().selectChild(2));
    await screen.findByText('Selected: Leo');
    // Nothing of Maya's observations is left in the cache, under any hash.
    expect(queryClient.getQueryCache().findAll({ queryKey: [['observations']] })).toHaveLength(0);
    expect(queryClient.getQueryData(scopedKey)).toBeUndefined();
    expect(queryClient.getQueryState(['/api/goals', 1])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/children'])?.isInvalidated).toBe(false);
  });

  it('a created child is appended and selected at once; children and stats are refetched 100 ms later', async () => {
    const { ctx, server, createChild } = setup([child(1, 'Maya')], user('user_a'), { showStats: true });
    await screen.findByText('Selected: Maya');
    vi.useFakeTimers();
    server.children = [child(1, 'Maya'), child(5, 'Ava')];
    await act(() => createChild('Ava'));
    expect(screen.getByText('Selected: Ava')).toBeTruthy();
    expect(ctx().children.map((item) => item.id)).toEqual([1, 5]);
    const before = { list: calls(server, 'children.list'), stats: calls(server, 'dashboard.stats') };
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(calls(server, 'children.list')).toBe(before.list);
    expect(calls(server, 'dashboard.stats')).toBe(before.stats);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls(server, 'children.list')).toBe(before.list + 1);
    expect(calls(server, 'dashboard.stats')).toBe(before.stats + 1);
  });

  it('after deleting one of several children, the first remaining child is selected', async () => {
    writeSession('lastUserId', 'user_a');
    writeSession('selectedChildId', 1);
    const { ctx, server } = setup([child(1, 'Maya'), child(2, 'Leo'), child(3, 'Ava')]);
    await screen.findByText('Selected: Maya');
    server.children = [child(2, 'Leo'), child(3, 'Ava')];
    act(() => ctx().childDeleted(1));
    expect(await screen.findByText('Selected: Leo')).toBeTruthy();
    expect(ctx().children.map((item) => item.id)).toEqual([2, 3]);
  });

  it('after deleting the only child, the selection is cleared', async () => {
    const { ctx, server } = setup([child(1, 'Maya')]);
    await screen.findByText('Selected: Maya');
    server.children = [];
    act(() => ctx().childDeleted(1));
    await screen.findByText('No child selected');
    expect(sessionStorage.getItem('selectedChildId')).toBeNull();
  });
});

describe('a different user in the same tab (SPEC §4)', () => {
  it('clears every session key and empties the cache before the child context reads them', async () => {
    writeSession('lastUserId', 'user_a');
    writeSession('selectedChildId', 2);
    writeSession('betaAccess', 'granted');
    writeSession('showRoadmapBanner', true);
    const { queryClient }: { queryClient: QueryClient } = setup([child(8, 'Noor'), child(9, 'Sam')], user('user_b'));
    await screen.findByText('Selected: Noor');
    expect(readSession('lastUserId')).toBe('user_b');
    expect(readSession('betaAccess')).toBeNull();
    expect(readSession('showRoadmapBanner')).toBeNull();
    expect(getSelectedChildId()).toBe(8);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .every((query) => JSON.stringify(query.queryKey).includes('children')),
    ).toBe(true);
  });

  it('empties the data cache when the user changes', async () => {
    writeSession('lastUserId', 'user_a');
    const { server, Api, queryClient } = fakeServer([child(1, 'Maya')]);
    queryClient.setQueryData(['/api/goals', 1], ['user_a goal']);
    render(
      <AuthSeamProvider value={seam(user('user_b'))}>
        <Api>
          <UserSessionGuard>
            <p>ready</p>
          </UserSessionGuard>
        </Api>
      </AuthSeamProvider>,
    );
    await screen.findByText('ready');
    expect(queryClient.getQueryData(['/api/goals', 1])).toBeUndefined();
    expect(server.ops).toEqual([]);
  });
});
