import { sql } from 'kysely';
import { ACTIVE_GOAL_STATUSES } from '#shared/schemas/goal.ts';
import { OPEN_MILESTONE_STATUSES } from '#shared/schemas/milestone.ts';
import type { Db } from '../../db/database.ts';

/** What the suggestions read of the child's profile. */
export async function findChildProfile(db: Db, childId: number) {
  return db
    .selectFrom('children')
    .select(['firstName', 'dateOfBirth', 'grade', 'supportPlan', 'challenges', 'diagnoses'])
    .where('id', '=', childId)
    .executeTakeFirst();
}

/** Who last wrote the child's profile: the latest profile change's author, else the account it belongs to. */
export async function profileAuthorId(db: Db, childId: number): Promise<string | null> {
  const latest = await db
    .selectFrom('activities')
    .select('actorId')
    .where('childId', '=', childId)
    .where('action', 'in', ['child.created', 'child.updated'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest) return latest.actorId;
  const child = await db.selectFrom('children').select('ownerId').where('id', '=', childId).executeTakeFirst();
  return child?.ownerId ?? null;
}

/** The child's open milestones due from `from` to `to` (YYYY-MM-DD, both included), earliest first. */
export async function listOpenMilestones(db: Db, childId: number, from: string, to: string) {
  return db
    .selectFrom('milestones')
    .select(['id', 'title', 'category', 'dueDate'])
    .where('childId', '=', childId)
    .where('status', 'in', OPEN_MILESTONE_STATUSES)
    .where('dueDate', '>=', from)
    .where('dueDate', '<=', to)
    .orderBy('dueDate')
    .orderBy('id')
    .execute();
}

/** The child's active goals with the day each was set (UTC), how many progress entries it has and the day of the last one. */
export async function listActiveGoalsWithProgress(db: Db, childId: number) {
  return db
    .selectFrom('goals as g')
    .leftJoin('progressEntries as p', 'p.goalId', 'g.id')
    .select([
      'g.id',
      'g.title',
      sql<string>`to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('createdOn'),
      sql<number>`count(p.id)::int`.as('progressEntries'),
      sql<string | null>`to_char(max(p.recorded_on), 'YYYY-MM-DD')`.as('lastEntryOn'),
    ])
    .where('g.childId', '=', childId)
    .where('g.status', 'in', ACTIVE_GOAL_STATUSES)
    .groupBy(['g.id', 'g.title', 'g.createdAt'])
    .orderBy('g.id')
    .execute();
}
