import type { Db } from '../db/database.ts';
import type { NewActivityRow } from '../db/schema.ts';

export async function insertActivity(db: Db, activity: NewActivityRow): Promise<void> {
  await db.insertInto('activities').values(activity).execute();
}
