import type { Db } from '../../db/database.ts';

/** A stored object's wrapped data key, as rotation reads and rewrites it. */
export interface WrappedKeyRow {
  id: number;
  keyId: string;
  wrappedKey: Buffer;
}

/** The next rows (by id, after `afterId`) whose data key is wrapped by another master key than `currentKeyId`. */
export async function rowsWrappedByOtherKeys(db: Db, currentKeyId: string, afterId: number, limit: number): Promise<WrappedKeyRow[]> {
  const rows = await db
    .selectFrom('storedObjects')
    .select(['id', 'keyId', 'wrappedKey'])
    .where('keyId', '<>', currentKeyId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, wrappedKey: Buffer.from(row.wrappedKey) }));
}

/** Replaces one row's wrapped key, only if nobody changed it since it was read. True when it was replaced. */
export async function replaceWrappedKey(db: Db, row: WrappedKeyRow, next: { keyId: string; wrappedKey: Buffer }): Promise<boolean> {
  const result = await db
    .updateTable('storedObjects')
    .set({ keyId: next.keyId, wrappedKey: next.wrappedKey })
    .where('id', '=', row.id)
    .where('keyId', '=', row.keyId)
    .where('wrappedKey', '=', row.wrappedKey)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Every master key id some stored object still needs. */
export async function masterKeyIdsInUse(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('storedObjects').select('keyId').distinct().orderBy('keyId').execute();
  return rows.map((row) => row.keyId);
}
