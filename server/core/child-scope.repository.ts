import type { Db } from '../db/database.ts';

export async function childExists(db: Db, ownerId: string, childId: number): Promise<boolean> {
  const row = await db.selectFrom('children').select('id').where('ownerId', '=', ownerId).where('id', '=', childId).executeTakeFirst();
  return row !== undefined;
}

/** Locks the child's row until the transaction ends; false when the row is gone. */
export async function lockChildRow(db: Db, ownerId: string, childId: number): Promise<boolean> {
  const row = await db
    .selectFrom('children')
    .select('id')
    .where('ownerId', '=', ownerId)
    .where('id', '=', childId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids among `goalIds` that are this child's goals. */
export async function childGoalIds(db: Db, childId: number, goalIds: readonly number[]): Promise<Set<number>> {
  if (goalIds.length === 0) return new Set();
  const rows = await db.selectFrom('goals').select('id').where('childId', '=', childId).where('id', 'in', goalIds).execute();
  return new Set(rows.map((row) => row.id));
}
