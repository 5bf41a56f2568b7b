import type { ChildCreate, ChildUpdate } from '#shared/schemas/child.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import type { Db } from '../../db/database.ts';
import type { ChildRow } from '../../db/schema.ts';

export type ChildWithRole = ChildRow & { role: ChildRole };

/** Every child the user has access to (their own and those shared with them), with their role on each. */
export async function listChildren(db: Db, userId: string): Promise<ChildWithRole[]> {
  return db
    .selectFrom('children')
    .innerJoin('childAccess', 'childAccess.childId', 'children.id')
    .selectAll('children')
    .select('childAccess.role')
    .where('childAccess.userId', '=', userId)
    .orderBy('children.id')
    .execute();
}

export async function findChild(db: Db, id: number): Promise<ChildRow | undefined> {
  return db.selectFrom('children').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countChildren(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('children')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ownerId', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertChild(db: Db, ownerId: string, values: ChildCreate): Promise<ChildRow> {
  return db
    .insertInto('children')
    .values({ ...values, ownerId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateChild(db: Db, id: number, patch: ChildUpdate, now: Date): Promise<ChildRow | undefined> {
  return db
    .updateTable('children')
    .set({ ...patch, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteChild(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('children').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Notes that `userId` viewed the child at `at`, unless a view was noted within `throttleMs` before:
 * true when this call noted it. One statement, so of two instances noting at once exactly one does.
 */
export async function noteViewOnce(db: Db, userId: string, childId: number, at: Date, throttleMs: number): Promise<boolean> {
  const noted = await db
    .insertInto('viewsNoted')
    .values({ userId, childId, notedAt: at })
    .onConflict((conflict) =>
      conflict
        .columns(['userId', 'childId'])
        .doUpdateSet({ notedAt: at })
        .where('viewsNoted.notedAt', '<=', new Date(at.getTime() - throttleMs)),
    )
    .returning('childId')
    .executeTakeFirst();
  return noted !== undefined;
}
