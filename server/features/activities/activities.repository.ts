import { sql, type RawBuilder } from 'kysely';
import { AUDIT_ONLY_ACTIONS, type Activity } from '#shared/schemas/activity.ts';
import type { ActivityTitle } from '../../core/feature.ts';
import type { Db } from '../../db/database.ts';

/** The first of `columns` that is not null (at most one subject joins an activity), or null when there are none. */
function firstOf<T>(columns: readonly RawBuilder<unknown>[]): RawBuilder<T | null> {
  return columns.length === 0 ? sql<null>`null` : sql<T | null>`coalesce(${sql.join(columns)})`;
}

/**
 * Activities, each joined to its subject as it is now, with `title`: the words the feed shows for it,
 * and the subject's own date where the feed shows one. Each feature declares how its subjects are named
 * (its `activityTitles`, decision 0102); each declaration is one LEFT JOIN on the subject's id and
 * child, aliased by the subject's kind, so the feed stays one query that pages by index.
 */
function withSubjects(db: Db, subjects: readonly ActivityTitle[]) {
  const activities = db.selectFrom('activities as a');
  let query = activities;
  const titles: RawBuilder<unknown>[] = [];
  const occurredAt: RawBuilder<unknown>[] = [];
  const recordedOn: RawBuilder<unknown>[] = [];
  for (const subject of subjects) {
    const row = subject.subject;
    // The joins' aliases and columns are not known to kysely's types; the select below types what they give.
    query = query.leftJoin(sql.table(subject.table).as(row), (join) =>
      join.on(
        sql<boolean>`${sql.ref(`${row}.id`)} = ${sql.ref('a.subjectId')} and ${sql.ref(`${row}.childId`)} = ${sql.ref('a.childId')} and ${sql.ref('a.subjectType')} = ${subject.subject}`,
      ),
    ) as unknown as typeof activities;
    const title = subject.title;
    if (typeof title === 'string') titles.push(sql.ref(`${row}.${title}`));
    else if (!('table' in title)) titles.push(...title.map((column) => sql.ref(`${row}.${column}`)));
    else {
      // The title is on the row the subject points at (a progress entry's goal): by id alone, as the subject's row is the child's already.
      const named = `${row}_title`;
      query = query.leftJoin(sql.table(title.table).as(named), (join) =>
        join.on(sql<boolean>`${sql.ref(`${named}.id`)} = ${sql.ref(`${row}.${title.by}`)}`),
      ) as unknown as typeof activities;
      titles.push(sql.ref(`${named}.${title.column}`));
    }
    if (subject.shows.occurredAt) occurredAt.push(sql.ref(`${row}.${subject.shows.occurredAt}`));
    if (subject.shows.recordedOn) recordedOn.push(sql.ref(`${row}.${subject.shows.recordedOn}`));
  }
  return query.select([
    firstOf<string>(titles).as('title'),
    firstOf<Date>(occurredAt).as('occurredAt'),
    firstOf<string>(recordedOn).as('recordedOn'),
  ]);
}

/** An activity as read, with the id of who made it (the service reads their name). */
export type ActivityRow = Omit<Activity, 'actor'> & { actorId: string | null };

/**
 * The child's latest activities, each with its subject as it is now: joined at read time, so an edited
 * title shows its new words and a deleted record leaves nothing of itself in the feed (decision 0023).
 */
export async function listActivities(db: Db, subjects: readonly ActivityTitle[], childId: number, limit: number): Promise<ActivityRow[]> {
  const rows = await withSubjects(db, subjects)
    .select(['a.id', 'a.childId', 'a.actorId', 'a.action', 'a.subjectType', 'a.subjectId', 'a.createdAt'])
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
export async function activityTitles(
  db: Db,
  subjects: readonly ActivityTitle[],
  childId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await withSubjects(db, subjects)
    .select('a.id')
    .where('a.childId', '=', childId)
    .where('a.id', 'in', [...ids])
    .execute();
  return new Map(rows.flatMap((row) => (row.title === null ? [] : [[Number(row.id), row.title] as const])));
}
