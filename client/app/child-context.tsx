import { useQueryClient, type Query } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Child } from '#shared/schemas/child.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import { INVALIDATE_ON_CHILD_CHANGE, isChildScopedRouter, queryKeyMatchesAreas, trpcRouterOfKey } from '../lib/child-scope.ts';
import { getSelectedChildId, setSelectedChildId, subscribeSession } from '../lib/session-storage.ts';
import { useAuth } from './auth/auth-context.tsx';
import { trpc } from './trpc/trpc.ts';

export interface ChildContextValue {
  children: Child[];
  /** True until the first answer of the children list. */
  isLoading: boolean;
  error: Error | null;
  refetch(): void;
  selectedChildId: number | null;
  selectedChild: Child | null;
  selectChild(childId: number | null): void;
  /**
   * SPEC §4: appends the new child to the cache and selects it. (The refetch 100 ms later belongs
   * to `children.create` in the refresh map, client/lib/refresh-map.ts.)
   */
  childCreated(child: Child): void;
  /** SPEC §4: removes the child from the cache and moves the selection (the refresh map refetches the list). */
  childDeleted(childId: number): void;
  /** Replaces a changed child in the cache. */
  childUpdated(child: Child): void;
}

const ChildContext = createContext<ChildContextValue | null>(null);

/** A child-scoped tRPC query that relies on the link for its childId (its key has none). */
function usesInjectedChildId(query: Query): boolean {
  if (!isChildScopedRouter(trpcRouterOfKey(query.queryKey))) return false;
  const meta = query.queryKey[1] as { input?: { childId?: unknown } } | undefined;
  return meta?.input?.childId == null;
}

/** SPEC §4: the selected child, kept in session storage (the tRPC link reads the same store). */
export function useSelectedChildId(): number | null {
  return useSyncExternalStore(subscribeSession, getSelectedChildId, () => null);
}

/**
 * SPEC §4 child selection. The children list comes from `children.list`; the selection lives in
 * session storage so the childId link and a page reload see the same child.
 */
export function ChildProvider({ children: content }: { children: ReactNode }) {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const list = trpc.children.list.useQuery(undefined, { enabled: status === 'signed-in' });
  const selectedChildId = useSelectedChildId();

  const selectChild = useCallback(
    (childId: number | null) => {
      if (childId === getSelectedChildId()) return;
      setSelectedChildId(childId);
      // Queries whose key has no childId belonged to the previous child: drop them so nothing can
      // show (or refetch into) the wrong child's data; the rest are invalidated (SPEC §4).
      queryClient.removeQueries({ predicate: usesInjectedChildId });
      void queryClient.invalidateQueries({
        predicate: (query) => queryKeyMatchesAreas(query.queryKey, INVALIDATE_ON_CHILD_CHANGE),
      });
    },
    [queryClient],
  );

  const listed = list.data;
  useEffect(() => {
    if (!listed) return;
    const stillThere = selectedChildId !== null && listed.some((child) => child.id === selectedChildId);
    if (!stillThere) selectChild(listed[0]?.id ?? null);
  }, [listed, selectedChildId, selectChild]);

  const childCreated = useCallback(
    (child: Child) => {
      utils.children.list.setData(undefined, (old) => [...(old ?? []).filter((item) => item.id !== child.id), child]);
      selectChild(child.id);
    },
    [utils, selectChild],
  );

  const childDeleted = useCallback(
    (childId: number) => {
      const before = utils.children.list.getData() ?? [];
      const remaining = before.filter((child) => child.id !== childId);
      utils.children.list.setData(undefined, remaining);
      if (before.length > 1) selectChild(remaining[0]?.id ?? null);
      else selectChild(null);
    },
    [utils, selectChild],
  );

  const childUpdated = useCallback(
    (child: Child) => {
      utils.children.list.setData(undefined, (old) => old?.map((item) => (item.id === child.id ? child : item)));
    },
    [utils],
  );

  const refetch = list.refetch;
  const value = useMemo<ChildContextValue>(() => {
    const all = listed ?? [];
    return {
      children: all,
      isLoading: status === 'signed-in' && list.isPending,
      error: list.error ? new Error(list.error.message) : null,
      refetch: () => void refetch(),
      selectedChildId,
      selectedChild: all.find((child) => child.id === selectedChildId) ?? null,
      selectChild,
      childCreated,
      childDeleted,
      childUpdated,
    };
  }, [listed, status, list.isPending, list.error, refetch, selectedChildId, selectChild, childCreated, childDeleted, childUpdated]);

  return <ChildContext.Provider value={value}>{content}</ChildContext.Provider>;
}

/** The child context; throws when used outside ChildProvider (SPEC §8). */
export function useChildContext(): ChildContextValue {
  const value = useContext(ChildContext);
  if (!value) throw new Error('useChildContext must be used within a ChildProvider');
  return value;
}

/**
 * The signed-in person's role on the selected child (decision 0044); `RoleGate` asks it whether they may
 * do an action (decision 0094). Screens hide what the role does not allow; the server refuses it anyway.
 */
export function useChildAccess(): { role: ChildRole | null } {
  const { selectedChild } = useChildContext();
  return { role: selectedChild?.role ?? null };
}
