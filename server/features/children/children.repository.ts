import type { ChildCreate, ChildUpdate } from '#shared/schemas/child.ts';
import type { Db } from '../../db/database.ts';
import type { ChildRow } from '../../db/schema.ts';

export async function listChildren(db: Db, ownerId: string): Promise<ChildRow[]> {
  return db.selectFrom('children').selectAll().where('ownerId', '=', ownerId).orderBy('id').execute();
}

export async function findChild(db: Db, ownerId: string, id: number): Promise<ChildRow | undefined> {
  return db.selectFrom('children').selectAll().where('ownerId', '=', ownerId).where('id', '=', id).executeTakeFirst();
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

export async function updateChild(db: Db, ownerId: string, id: number, patch: ChildUpdate, now: Date): Promise<ChildRow | undefined> {
  return db
    .updateTable('children')
    .set({ ...patch, updatedAt: now })
    .where('ownerId', '=', ownerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteChild(db: Db, ownerId: string, id: number): Promise<boolean> {
  const result = await db.deleteFrom('children').where('ownerId', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
