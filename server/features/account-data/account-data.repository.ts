import type { Db } from '../../db/database.ts';
import type { ExportRow } from '../../db/schema.ts';

/** A new queued export, or undefined when the owner already has one queued or running. */
export async function insertExport(db: Db, ownerId: string): Promise<ExportRow | undefined> {
  return db
    .insertInto('exports')
    .values({ ownerId, status: 'queued' })
    .onConflict((conflict) => conflict.column('ownerId').where('status', 'in', ['queued', 'running']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The owner's newest export. */
export async function latestExport(db: Db, ownerId: string): Promise<ExportRow | undefined> {
  return db.selectFrom('exports').selectAll().where('ownerId', '=', ownerId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findExport(db: Db, id: number): Promise<ExportRow | undefined> {
  return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes the owner's exports other than `keepId` (their ZIPs are released by a trigger). */
export async function deleteOtherExports(db: Db, ownerId: string, keepId: number): Promise<void> {
  await db.deleteFrom('exports').where('ownerId', '=', ownerId).where('id', '<>', keepId).execute();
}

/** Moves a queued (or retried) export to running; false when it is gone or already finished. */
export async function markRunning(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('exports')
    .set({ status: 'running', itemsDone: 0 })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records progress; false when the export is gone (its account was deleted) or no longer running. */
export async function setProgress(db: Db, id: number, itemsDone: number, itemsTotal: number): Promise<boolean> {
  const result = await db
    .updateTable('exports')
    .set({ itemsDone, itemsTotal })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a running export ready with its ZIP; false when it is gone or no longer running. */
export async function finishExport(
  db: Db,
  id: number,
  values: { objectId: number; sizeBytes: number; finishedAt: Date; expiresAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('exports')
    .set({ ...values, status: 'ready' })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function failExport(db: Db, id: number, finishedAt: Date, expiresAt: Date): Promise<void> {
  await db
    .updateTable('exports')
    .set({ status: 'failed', finishedAt, expiresAt })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** Marks as failed an export queued or running since before `staleBefore` (its job died with a process). */
export async function failStaleExport(db: Db, ownerId: string, staleBefore: Date, now: Date): Promise<void> {
  await db
    .updateTable('exports')
    .set({ status: 'failed', finishedAt: now, expiresAt: now })
    .where('ownerId', '=', ownerId)
    .where('status', 'in', ['queued', 'running'])
    .where('createdAt', '<', staleBefore)
    .execute();
}

/**
 * Marks the owner's exports that are ready or being built as withdrawn (a child or a document they hold
 * was deleted); returns the ZIPs they had, for the caller to release.
 */
export async function withdrawExports(db: Db, ownerId: string, at: Date, expiresAt: Date): Promise<{ objectId: number | null }[]> {
  const held = await db
    .selectFrom('exports')
    .select(['id', 'objectId'])
    .where('ownerId', '=', ownerId)
    .where('status', 'in', ['running', 'ready'])
    .forUpdate()
    .execute();
  if (held.length === 0) return [];
  await db
    .updateTable('exports')
    .set({ status: 'withdrawn', objectId: null, sizeBytes: null, finishedAt: at, expiresAt })
    .where(
      'id',
      'in',
      held.map((row) => row.id),
    )
    .execute();
  return held;
}

/** Deletes exports whose time is up (their ZIPs are released by a trigger); returns how many went. */
export async function deleteExpiredExports(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('exports').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
