import type { ChildRole } from '#shared/schemas/roles.ts';
import type { Db } from '../db/database.ts';

/** The caller's role on a child and the account the child belongs to; undefined when they have no access. */
export async function findChildAccess(db: Db, userId: string, childId: number): Promise<{ ownerId: string; role: ChildRole } | undefined> {
  return db
    .selectFrom('childAccess')
    .innerJoin('children', 'children.id', 'childAccess.childId')
    .select(['children.ownerId', 'childAccess.role'])
    .where('childAccess.userId', '=', userId)
    .where('childAccess.childId', '=', childId)
    .executeTakeFirst();
}

/** Locks the child's row until the transaction ends; false when the row is gone. */
export async function lockChildRow(db: Db, childId: number): Promise<boolean> {
  const row = await db.selectFrom('children').select('id').where('id', '=', childId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** The ids among `goalIds` that are this child's goals. */
export async function childGoalIds(db: Db, childId: number, goalIds: readonly number[]): Promise<Set<number>> {
  if (goalIds.length === 0) return new Set();
  const rows = await db.selectFrom('goals').select('id').where('childId', '=', childId).where('id', 'in', goalIds).execute();
  return new Set(rows.map((row) => row.id));
}
