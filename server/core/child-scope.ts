import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { childExists, childGoalIds, lockChildRow } from './child-scope.repository.ts';

/** Proof that the caller owns the child: only `checkChildScope` makes one, after checking. */
export interface ChildScope {
  readonly ownerId: string;
  readonly childId: number;
  readonly __checked: unique symbol;
}

/** The caller's scope over one child; NOT_FOUND (never FORBIDDEN) when the child is not theirs. */
export async function checkChildScope(db: Db, ownerId: string, childId: number): Promise<ChildScope> {
  if (!(await childExists(db, ownerId, childId))) throw AppError.notFound('Child');
  return { ownerId, childId } as ChildScope;
}

/**
 * Locks the child's row for the rest of the transaction, so work that rebuilds the child's records
 * (roadmap generation) takes turns. NOT_FOUND when the child was deleted meanwhile.
 */
export async function lockChild(trx: Db, scope: ChildScope): Promise<void> {
  if (!(await lockChildRow(trx, scope.ownerId, scope.childId))) throw AppError.notFound('Child');
}

export const NOT_THIS_CHILDS_GOAL = 'This goal is not one of this child\u2019s goals';

/**
 * BAD_REQUEST naming the first of `goalIds` that is not one of the child's goals (a goal id from
 * another child, even a sibling, must never be linked). `pathOf` names the field for an index.
 */
export async function requireChildGoals(
  trx: Db,
  scope: ChildScope,
  goalIds: readonly number[],
  pathOf: (index: number) => string,
): Promise<void> {
  const found = await childGoalIds(trx, scope.childId, [...new Set(goalIds)]);
  const missing = goalIds.findIndex((id) => !found.has(id));
  if (missing >= 0)
    throw new AppError('BAD_REQUEST', 'Some fields need attention', [{ path: pathOf(missing), message: NOT_THIS_CHILDS_GOAL }]);
}
