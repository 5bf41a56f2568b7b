import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** Which rows of a table belong to an account: by its children, or by an owner column. */
export type RowsOf =
  | { table: keyof Database; childColumn: string; childIds: readonly number[] }
  | { table: keyof Database; ownerColumn: string; ownerId: string };

/** A table named at run time (the parts of server/core/account-data.ts name theirs). */
const dynamic = (db: Db) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

/** One page of the rows, every column, in `orderBy` order. */
export async function readRowsPage(
  db: Db,
  rows: RowsOf,
  orderBy: readonly string[],
  offset: number,
  limit: number,
): Promise<Record<string, unknown>[]> {
  let query = dynamic(db).selectFrom(rows.table).selectAll();
  if ('childIds' in rows) {
    if (rows.childIds.length === 0) return [];
    query = query.where(rows.childColumn, 'in', [...rows.childIds]);
  } else {
    query = query.where(rows.ownerColumn, '=', rows.ownerId);
  }
  for (const column of orderBy) query = query.orderBy(column);
  return query.offset(offset).limit(limit).execute();
}

export async function countRows(db: Db, rows: RowsOf): Promise<number> {
  let query = dynamic(db)
    .selectFrom(rows.table)
    .select((eb) => eb.fn.countAll<number>().as('count'));
  if ('childIds' in rows) {
    if (rows.childIds.length === 0) return 0;
    query = query.where(rows.childColumn, 'in', [...rows.childIds]);
  } else {
    query = query.where(rows.ownerColumn, '=', rows.ownerId);
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes the rows an owner column names (what no cascade reaches). */
export async function deleteOwnedRows(db: Db, table: keyof Database, ownerColumn: string, ownerId: string): Promise<void> {
  await dynamic(db).deleteFrom(table).where(ownerColumn, '=', ownerId).execute();
}

/** The children an account owns (not the ones it was invited to), oldest first. */
export async function ownedChildren(db: Db, ownerId: string): Promise<{ id: number; firstName: string }[]> {
  return db.selectFrom('children').select(['id', 'firstName']).where('ownerId', '=', ownerId).orderBy('id').execute();
}

/** The account's own row, without its password hash. */
export async function accountRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'createdAt', 'publicMetadata', 'unsafeMetadata'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
