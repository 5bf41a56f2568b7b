import type { Activity } from '#shared/schemas/activity.ts';
import type { Db } from '../../db/database.ts';

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
