import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { StoredObjectRow } from '../db/schema.ts';

export async function insertStoredObject(
  db: Db,
  values: { objectKey: string; ownerId: string; keyId: string; wrappedKey: Buffer; countsTowardQuota?: boolean },
): Promise<number> {
  const row = await db.insertInto('storedObjects').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setStoredObjectSize(db: Db, id: number, sizeBytes: number): Promise<void> {
  await db.updateTable('storedObjects').set({ sizeBytes }).where('id', '=', id).execute();
}

/** Marks a written object as in use; false when it is gone (purged as abandoned). */
export async function commitStoredObject(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('storedObjects')
    .set({ committedAt: sql`now()` })
    .where('id', '=', id)
    .where('releasedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function releaseStoredObject(db: Db, id: number): Promise<void> {
  await db
    .updateTable('storedObjects')
    .set({ releasedAt: sql`now()` })
    .where('id', '=', id)
    .where('releasedAt', 'is', null)
    .execute();
}

export async function findStoredObject(db: Db, id: number): Promise<StoredObjectRow | undefined> {
  return db.selectFrom('storedObjects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteStoredObjectRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('storedObjects').where('id', '=', id).execute();
}

/** Objects to remove from the store: released ones, and uncommitted ones older than `abandonedBefore` (a write that died). */
export async function objectsToPurge(db: Db, abandonedBefore: Date, limit: number): Promise<{ id: number; objectKey: string }[]> {
  return db
    .selectFrom('storedObjects')
    .select(['id', 'objectKey'])
    .where((eb) =>
      eb.or([eb('releasedAt', 'is not', null), eb.and([eb('committedAt', 'is', null), eb('createdAt', '<', abandonedBefore)])]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Bytes of the owner's objects in use or being written (an upload in progress counts against the quota). */
export async function usedBytes(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('storedObjects')
    .select(sql<number>`coalesce(sum(size_bytes), 0)::int8`.as('used'))
    .where('ownerId', '=', ownerId)
    .where('releasedAt', 'is', null)
    .where('countsTowardQuota', '=', true)
    .executeTakeFirstOrThrow();
  return row.used;
}

/** Releases every object of the owner (their account is being deleted); the purge then removes them. */
export async function releaseObjectsOfOwner(db: Db, ownerId: string): Promise<void> {
  await db
    .updateTable('storedObjects')
    .set({ releasedAt: sql`now()` })
    .where('ownerId', '=', ownerId)
    .where('releasedAt', 'is', null)
    .execute();
}

/** Serialises quota checks of one owner until the transaction ends. */
export async function lockOwnerQuota(db: Db, ownerId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`quota:${ownerId}`}))`.execute(db);
}
