import { roleAllows, type ChildRole } from '#shared/schemas/roles.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import { childGoalIds, findChildAccess, lockChildRow } from './child-scope.repository.ts';

/** Proof that the caller may act on the child with `role`: only `checkChildScope` makes one, after checking. */
export interface ChildScope {
  /** Who is calling: the parent, or a caregiver the owners invited. */
  readonly userId: string;
  /** The account the child belongs to: its quota holds the child's files, its export holds its records. */
  readonly ownerId: string;
  readonly childId: number;
  /** The caller's role on this child (at least the one the procedure needs). */
  readonly role: ChildRole;
  readonly __checked: unique symbol;
}

const NEEDS: Record<ChildRole, string> = {
  viewer: 'You do not have access to this child.',
  updater: 'You can view this child\u2019s record but not change it. An owner can give you more access.',
  owner: 'Only an owner of this child\u2019s record can do this.',
};

/**
 * The caller's scope over one child for something that needs `needed`: NOT_FOUND (never FORBIDDEN)
 * when the caller has no access at all, so existence is not revealed; FORBIDDEN when their role is too small.
 */
export async function checkChildScope(db: Db, userId: string, childId: number, needed: ChildRole): Promise<ChildScope> {
  const access = await findChildAccess(db, userId, childId);
  if (!access) throw AppError.notFound('Child');
  if (!roleAllows(access.role, needed)) throw new AppError('FORBIDDEN', NEEDS[needed]);
  return { userId, ownerId: access.ownerId, childId, role: access.role } as ChildScope;
}

/**
 * Locks the child's row for the rest of the transaction, so work that rebuilds the child's records
 * (roadmap generation) takes turns. NOT_FOUND when the child was deleted meanwhile.
 */
export async function lockChild(trx: Db, scope: ChildScope): Promise<void> {
  if (!(await lockChildRow(trx, scope.childId))) throw AppError.notFound('Child');
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
