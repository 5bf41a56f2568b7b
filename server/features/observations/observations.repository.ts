import { sql } from 'kysely';
import type { EntrySource } from '#shared/schemas/entry-source.ts';
import type { ObservationCreate, ObservationFilter, ObservationUpdate, Setting } from '#shared/schemas/observation.ts';
import type { Db } from '../../db/database.ts';
import type { ObservationRow } from '../../db/schema.ts';

export async function listObservations(db: Db, childId: number, filter: ObservationFilter): Promise<ObservationRow[]> {
  return listObservationsOfChildren(db, [childId], filter);
}

/** The observations of any of `childIds` matching `filter`, newest first (one child's, or every child's the caller sees). */
export async function listObservationsOfChildren(
  db: Db,
  childIds: readonly number[],
  filter: ObservationFilter,
): Promise<ObservationRow[]> {
  if (childIds.length === 0) return [];
  // One id reads `child_id IN ($1)`, which PostgreSQL plans as `child_id = $1`.
  let query = db
    .selectFrom('observations')
    .selectAll()
    .where('childId', 'in', [...childIds]);
  if (filter.from) query = query.where('occurredAt', '>=', sql<Date>`${filter.from}::date`);
  if (filter.to) query = query.where('occurredAt', '<', sql<Date>`${filter.to}::date + 1`);
  if (filter.setting) query = query.where('setting', '=', filter.setting);
  if (filter.tag) query = query.where(sql<boolean>`${filter.tag} = ANY(tags)`);
  if (filter.winsOnly) query = query.where('isWin', '=', true);
  if (filter.goalId) query = query.where('goalId', '=', filter.goalId);
  if (filter.before) {
    // Keyset paging in the list's own order, so a note logged late for an earlier day is not skipped.
    query = query.where(
      sql<boolean>`(occurred_at, id) < (SELECT o.occurred_at, o.id FROM observations o WHERE o.id = ${filter.before} AND o.child_id IN (${sql.join(childIds)}))`,
    );
  }
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('what', 'ilike', pattern),
        eb('antecedent', 'ilike', pattern),
        eb('behaviour', 'ilike', pattern),
        eb('consequence', 'ilike', pattern),
      ]),
    );
  }
  return query.orderBy('occurredAt', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/**
 * The child's observations tied to one of `goalIds` from `from` to `to` (days, both included): each
 * goal's latest `perGoal`, newest first (one query).
 */
export async function listLinkedToGoals(
  db: Db,
  childId: number,
  goalIds: readonly number[],
  range: { from: string; to: string },
  perGoal: number,
): Promise<ObservationRow[]> {
  if (goalIds.length === 0) return [];
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('observations')
        .selectAll()
        .select(sql<number>`row_number() OVER (PARTITION BY goal_id ORDER BY occurred_at DESC, id DESC)`.as('rank'))
        .where('childId', '=', childId)
        .where('goalId', 'in', [...goalIds])
        .where('occurredAt', '>=', sql<Date>`${range.from}::date`)
        .where('occurredAt', '<', sql<Date>`${range.to}::date + 1`)
        .as('ranked'),
    )
    .selectAll()
    .where('rank', '<=', perGoal)
    .orderBy('occurredAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(({ rank: _rank, ...row }) => row);
}

/** Which of `patterns` (PostgreSQL regular expressions, any case) some observation of the child matches, by index in the list. */
export async function patternsMatched(db: Db, childId: number, patterns: readonly string[]): Promise<number[]> {
  if (patterns.length === 0) return [];
  const { rows } = await sql<{ index: number }>`
    SELECT (t.ordinality - 1)::int AS index FROM unnest(${sql.val([...patterns])}::text[]) WITH ORDINALITY AS t(pattern, ordinality)
    WHERE EXISTS (
      SELECT 1 FROM observations o
      WHERE o.child_id = ${childId} AND concat_ws(' ', o.what, o.antecedent, o.behaviour, o.consequence) ~* t.pattern
    )`.execute(db);
  return rows.map((row) => row.index);
}

export async function insertObservation(
  db: Db,
  childId: number,
  values: ObservationCreate & { occurredAt: string; createdBy: string },
): Promise<ObservationRow> {
  return db
    .insertInto('observations')
    .values({ ...values, childId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An observation from an approved form answer, with its source (jsonb, written as JSON text). */
export async function insertObservationFromForm(
  db: Db,
  childId: number,
  values: { what: string; occurredAt: Date; setting: Setting; goalId: number | null; createdBy: string },
  source: EntrySource,
): Promise<ObservationRow> {
  return db
    .insertInto('observations')
    .values({ ...values, childId, source: JSON.stringify(source) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findObservation(db: Db, childId: number, id: number): Promise<ObservationRow | undefined> {
  return db.selectFrom('observations').selectAll().where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

export async function updateObservation(db: Db, childId: number, id: number, patch: ObservationUpdate, now: Date) {
  return db
    .updateTable('observations')
    .set({ ...patch, updatedAt: now })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteObservation(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('observations').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Wins and concerns per ISO week (Monday start, UTC) since `since`. */
export async function weeklyCounts(db: Db, childId: number, since: string) {
  return db
    .selectFrom('observations')
    .select([
      sql<string>`to_char(date_trunc('week', occurred_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`.as('weekStart'),
      sql<number>`count(*) FILTER (WHERE is_win)::int`.as('wins'),
      sql<number>`count(*) FILTER (WHERE NOT is_win)::int`.as('concerns'),
    ])
    .where('childId', '=', childId)
    .where('occurredAt', '>=', sql<Date>`${since}::date`)
    .groupBy(sql`1`)
    .execute();
}

/** The child's observations since `since`: the latest `limit`, how many in all, and per week (Monday, UTC) the count and average mood. */
export async function recentObservations(db: Db, childId: number, since: Date, limit: number) {
  const inWindow = db.selectFrom('observations').where('childId', '=', childId).where('occurredAt', '>=', since);
  const [latest, weeks] = await Promise.all([
    inWindow.selectAll().orderBy('occurredAt', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    inWindow
      .select([
        sql<string>`to_char(date_trunc('week', occurred_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`.as('weekStart'),
        sql<number>`count(*)::int`.as('count'),
        sql<number | null>`avg(mood)::float8`.as('averageMood'),
      ])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute(),
  ]);
  return { latest, weeks };
}
