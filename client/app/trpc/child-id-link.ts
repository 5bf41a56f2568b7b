import { TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { isChildScopedProcedure } from '../../lib/child-scope.ts';

export const NO_CHILD_SELECTED_MESSAGE = 'No child is selected. Choose a child first.';

function hasChildId(input: unknown): boolean {
  return typeof input === 'object' && input !== null && 'childId' in input && (input as { childId?: unknown }).childId != null;
}

/**
 * Puts the selected child's id into the input of every child-scoped procedure (observations.list,
 * goals.create...), so call sites never pass it. Sits before httpBatchLink. An explicit childId in
 * the input is kept. With no child selected the operation fails at once instead of reaching the
 * server without an id.
 */
export function childIdLink<TRouter extends AnyTRPCRouter>(getSelectedChildId: () => number | null): TRPCLink<TRouter> {
  return () =>
    ({ op, next }) => {
      if (!isChildScopedProcedure(op.path) || hasChildId(op.input)) return next(op);
      const childId = getSelectedChildId();
      if (childId === null) {
        return observable((observer) => {
          observer.error(TRPCClientError.from(new Error(NO_CHILD_SELECTED_MESSAGE)));
        });
      }
      const base = typeof op.input === 'object' && op.input !== null && !Array.isArray(op.input) ? op.input : {};
      return next({ ...op, input: { ...base, childId } });
    };
}
