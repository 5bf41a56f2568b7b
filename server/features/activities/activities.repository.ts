import type { Db } from '../../db/database.ts';

export interface ActivityRecord {
  ownerId: string;
  childId: number | null;
  actorId: string;
  action: string;
  subjectType: string;
  subjectId: number;
}

/** Called inside the transaction of the change it records. */
export async function recordActivity(db: Db, activity: ActivityRecord): Promise<void> {
  await db.insertInto('activities').values(activity).execute();
}
