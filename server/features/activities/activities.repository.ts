import type { ActivityAction, ActivitySubject } from '../../../shared/schemas/activity.ts';
import type { Activity } from '../../../shared/schemas/activity.ts';
import type { Db } from '../../db/database.ts';

export interface ActivityRecord {
  ownerId: string;
  childId: number | null;
  actorId: string;
  action: ActivityAction;
  subjectType: ActivitySubject;
  subjectId: number;
}

/** Called inside the transaction of the change it records. */
export async function recordActivity(db: Db, activity: ActivityRecord): Promise<void> {
  await db.insertInto('activities').values(activity).execute();
}

export async function listActivities(db: Db, childId: number, limit: number): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activities')
    .select(['id', 'childId', 'action', 'subjectType', 'subjectId', 'createdAt'])
    .where('childId', '=', childId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
