import type { RecentWindow, SnapshotAudience, SnapshotSection } from '#shared/schemas/snapshot.ts';
import type { Db } from '../../db/database.ts';
import type { SnapshotRow } from '../../db/schema.ts';

/** A snapshot's choices as written: `sections` is stored as JSON text (jsonb). */
export interface SnapshotValues {
  audience: SnapshotAudience;
  title: string | null;
  sections: SnapshotSection[];
  recentWindow: RecentWindow;
  photoDocumentId: number | null;
}

/** The child's snapshots, newest first. */
export async function listSnapshots(db: Db, childId: number): Promise<SnapshotRow[]> {
  return db.selectFrom('snapshots').selectAll().where('childId', '=', childId).orderBy('id', 'desc').execute();
}

export async function findSnapshot(db: Db, childId: number, id: number): Promise<SnapshotRow | undefined> {
  return db.selectFrom('snapshots').selectAll().where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

/** The snapshot, locked until the transaction ends (a share counts its open links in turn). */
export async function lockSnapshot(db: Db, childId: number, id: number): Promise<SnapshotRow | undefined> {
  return db.selectFrom('snapshots').selectAll().where('childId', '=', childId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function countSnapshots(db: Db, childId: number): Promise<number> {
  const row = await db
    .selectFrom('snapshots')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('childId', '=', childId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertSnapshot(db: Db, childId: number, values: SnapshotValues & { createdBy: string }): Promise<SnapshotRow> {
  return db
    .insertInto('snapshots')
    .values({ ...values, childId, sections: JSON.stringify(values.sections) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSnapshot(db: Db, childId: number, id: number, values: SnapshotValues, now: Date) {
  return db
    .updateTable('snapshots')
    .set({ ...values, sections: JSON.stringify(values.sections), updatedAt: now })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSnapshot(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('snapshots').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
