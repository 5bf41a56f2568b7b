import { AUDIT_ONLY_ACTIONS, type Activity } from '#shared/schemas/activity.ts';
import type { Db } from '../../db/database.ts';

/** Activities, each joined to its subject as it is now, with `title`: the words the feed shows for it. */
function withSubjects(db: Db) {
  return (
    db
      .selectFrom('activities as a')
      .leftJoin('observations as o', (join) =>
        join.onRef('o.id', '=', 'a.subjectId').onRef('o.childId', '=', 'a.childId').on('a.subjectType', '=', 'observation'),
      )
      .leftJoin('goals as g', (join) =>
        join.onRef('g.id', '=', 'a.subjectId').onRef('g.childId', '=', 'a.childId').on('a.subjectType', '=', 'goal'),
      )
      .leftJoin('progressEntries as p', (join) =>
        join.onRef('p.id', '=', 'a.subjectId').onRef('p.childId', '=', 'a.childId').on('a.subjectType', '=', 'progress'),
      )
      .leftJoin('goals as pg', 'pg.id', 'p.goalId')
      .leftJoin('strategies as s', (join) =>
        join.onRef('s.id', '=', 'a.subjectId').onRef('s.childId', '=', 'a.childId').on('a.subjectType', '=', 'strategy'),
      )
      .leftJoin('milestones as m', (join) =>
        join.onRef('m.id', '=', 'a.subjectId').onRef('m.childId', '=', 'a.childId').on('a.subjectType', '=', 'milestone'),
      )
      .leftJoin('documents as d', (join) =>
        join.onRef('d.id', '=', 'a.subjectId').onRef('d.childId', '=', 'a.childId').on('a.subjectType', '=', 'document'),
      )
      .leftJoin('medications as med', (join) =>
        join.onRef('med.id', '=', 'a.subjectId').onRef('med.childId', '=', 'a.childId').on('a.subjectType', '=', 'medication'),
      )
      .leftJoin('childPeople as cp', (join) =>
        join.onRef('cp.id', '=', 'a.subjectId').onRef('cp.childId', '=', 'a.childId').on('a.subjectType', '=', 'person'),
      )
      // At most one of the joins matches an activity.
      .select((eb) =>
        eb.fn.coalesce('o.what', 'g.title', 'pg.title', 's.title', eb.fn.coalesce('m.title', 'd.title', 'med.name', 'cp.name')).as('title'),
      )
  );
}

/** An activity as read, with the id of who made it (the service reads their name). */
export type ActivityRow = Omit<Activity, 'actor'> & { actorId: string | null };

/**
 * The child's latest activities, each with its subject as it is now: joined at read time, so an edited
 * title shows its new words and a deleted record leaves nothing of itself in the feed (decision 0023).
 */
export async function listActivities(db: Db, childId: number, limit: number): Promise<ActivityRow[]> {
  const rows = await withSubjects(db)
    .select(['a.id', 'a.childId', 'a.actorId', 'a.action', 'a.subjectType', 'a.subjectId', 'a.createdAt', 'o.occurredAt', 'p.recordedOn'])
    .where('a.childId', '=', childId)
    .where('a.action', 'not in', AUDIT_ONLY_ACTIONS)
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    occurredAt: row.occurredAt ? row.occurredAt.toISOString() : null,
  }));
}

/**
 * The title of each of the child's activities `ids` whose subject has one (decision 0072): the audit log
 * names its entries with the feed's words, read now. A deleted subject has none.
 */
export async function activityTitles(db: Db, childId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await withSubjects(db)
    .select('a.id')
    .where('a.childId', '=', childId)
    .where('a.id', 'in', [...ids])
    .execute();
  return new Map(rows.flatMap((row) => (row.title === null ? [] : [[Number(row.id), row.title] as const])));
}
