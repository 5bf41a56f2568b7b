import { sql, type RawBuilder } from 'kysely';
import { ACTIVE_GOAL_STATUSES } from '#shared/schemas/goal.ts';
import { OPEN_MILESTONE_STATUSES } from '#shared/schemas/milestone.ts';
import type { Db } from '../db/database.ts';
import type { ChildNow, ChildNowParts, ChildNowRequest } from './child-now.ts';

/*
 * The one place that reads several features' tables for "the child as of now" (decision 0097). Each
 * part is a scalar subquery (a number, or JSON built with camelCase keys), so whichever parts a caller
 * asks for come back in one statement: one round trip, and counts and lists that agree.
 */

const ACTIVE_GOALS = sql.join(ACTIVE_GOAL_STATUSES);
const OPEN_MILESTONES = sql.join(OPEN_MILESTONE_STATUSES);

type PartSql = { [K in keyof ChildNowParts]: (childId: number, request: NonNullable<ChildNowRequest[K]>) => RawBuilder<unknown> };

const PARTS: PartSql = {
  // Who last wrote the profile: the latest profile change's author (null once their account is gone), else the owner.
  profile: (childId) => sql`(SELECT json_build_object(
      'firstName', c.first_name, 'dateOfBirth', to_char(c.date_of_birth, 'YYYY-MM-DD'), 'grade', c.grade,
      'supportPlan', c.support_plan, 'challenges', c.challenges, 'diagnoses', c.diagnoses,
      'writtenBy', CASE WHEN written.id IS NULL THEN c.owner_id ELSE written.actor_id END)
    FROM children c
    LEFT JOIN LATERAL (
      SELECT a.id, a.actor_id FROM activities a
      WHERE a.child_id = c.id AND a.action IN ('child.created', 'child.updated') ORDER BY a.id DESC LIMIT 1
    ) written ON true
    WHERE c.id = ${childId}) AS profile`,

  observationCounts: (childId, weeks) => sql`json_build_object(
    'thisWeek', (SELECT count(*) FROM observations
      WHERE child_id = ${childId} AND occurred_at >= ${weeks.weekStart}::date AND occurred_at < ${weeks.weekStart}::date + 7)::int,
    'lastWeek', (SELECT count(*) FROM observations
      WHERE child_id = ${childId} AND occurred_at >= ${weeks.lastWeekStart}::date AND occurred_at < ${weeks.weekStart}::date)::int,
    'winsThisMonth', (SELECT count(*) FROM observations
      WHERE child_id = ${childId} AND is_win AND occurred_at >= ${weeks.monthStart}::date
        AND occurred_at < ${weeks.monthStart}::date + interval '1 month')::int
  ) AS observation_counts`,

  strategiesInUse: (childId) => sql`(SELECT count(*) FROM strategies WHERE child_id = ${childId} AND active)::int AS strategies_in_use`,

  // The latest entry of each goal is one step down progress_entries_goal_idx (goal_id, recorded_on, id),
  // not a sort of all the child's entries.
  activeGoals: (childId) => sql`(SELECT coalesce(json_agg(json_build_object(
      'id', g.id, 'title', g.title, 'area', g.area, 'status', g.status, 'baseline', g.baseline, 'target', g.target, 'unit', g.unit,
      'createdOn', to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
      'latestValue', latest.value, 'latestOn', to_char(latest.recorded_on, 'YYYY-MM-DD')
    ) ORDER BY g.id), '[]'::json)
    FROM goals g
    LEFT JOIN LATERAL (
      SELECT p.value, p.recorded_on FROM progress_entries p
      WHERE p.goal_id = g.id ORDER BY p.recorded_on DESC, p.id DESC LIMIT 1
    ) latest ON true
    WHERE g.child_id = ${childId} AND g.status IN (${ACTIVE_GOALS})) AS active_goals`,

  progressEntryCounts: (childId) => sql`(SELECT coalesce(json_object_agg(g.id,
      (SELECT count(*) FROM progress_entries p WHERE p.goal_id = g.id)), '{}'::json)
    FROM goals g WHERE g.child_id = ${childId} AND g.status IN (${ACTIVE_GOALS})) AS progress_entry_counts`,

  // The open milestones already past their date (the most recently due `count`), then the next `count` to come.
  nextMilestones: (childId, next) => sql`(SELECT coalesce(json_agg(json_build_object(
      'id', m.id, 'title', m.title, 'dueDate', to_char(m.due_date, 'YYYY-MM-DD'), 'category', m.category, 'overdue', m.overdue
    ) ORDER BY m.due_date, m.id), '[]'::json)
    FROM (
      (SELECT id, title, due_date, category, true AS overdue FROM milestones
        WHERE child_id = ${childId} AND status IN (${OPEN_MILESTONES}) AND due_date < ${next.today}::date
        ORDER BY due_date DESC, id DESC LIMIT ${next.count})
      UNION ALL
      (SELECT id, title, due_date, category, false AS overdue FROM milestones
        WHERE child_id = ${childId} AND status IN (${OPEN_MILESTONES}) AND due_date >= ${next.today}::date
        ORDER BY due_date, id LIMIT ${next.count})
    ) m) AS next_milestones`,

  milestonesDue: (childId, due) => sql`(SELECT coalesce(json_agg(json_build_object(
      'id', m.id, 'title', m.title, 'category', m.category, 'dueDate', to_char(m.due_date, 'YYYY-MM-DD')
    ) ORDER BY m.due_date, m.id), '[]'::json)
    FROM milestones m
    WHERE m.child_id = ${childId} AND m.status IN (${OPEN_MILESTONES})
      AND m.due_date >= ${due.from}::date AND m.due_date <= ${due.to}::date) AS milestones_due`,

  week: (childId, week) => {
    const inWeek = sql`o.occurred_at >= ${week.from}::date AND o.occurred_at < ${week.to}::date`;
    const recordedInWeek = sql`p.recorded_on >= ${week.from}::date AND p.recorded_on < ${week.to}::date`;
    return sql`json_build_object(
      'wins', (SELECT coalesce(json_agg(json_build_object('what', w.what) ORDER BY w.occurred_at, w.id), '[]'::json)
        FROM (SELECT o.what, o.occurred_at, o.id FROM observations o
          WHERE o.child_id = ${childId} AND o.is_win AND ${inWeek} ORDER BY o.occurred_at, o.id LIMIT ${week.listLimit}) w),
      'winCount', (SELECT count(*) FROM observations o WHERE o.child_id = ${childId} AND o.is_win AND ${inWeek})::int,
      'observationCount', (SELECT count(*) FROM observations o WHERE o.child_id = ${childId} AND ${inWeek})::int,
      'progress', (SELECT coalesce(json_agg(json_build_object(
          'goalTitle', e.title, 'value', e.value, 'unit', e.unit, 'recordedOn', to_char(e.recorded_on, 'YYYY-MM-DD')
        ) ORDER BY e.recorded_on, e.id), '[]'::json)
        FROM (SELECT g.title, p.value, g.unit, p.recorded_on, p.id FROM progress_entries p JOIN goals g ON g.id = p.goal_id
          WHERE p.child_id = ${childId} AND ${recordedInWeek} ORDER BY p.recorded_on, p.id LIMIT ${week.listLimit}) e),
      'progressCount', (SELECT count(*) FROM progress_entries p WHERE p.child_id = ${childId} AND ${recordedInWeek})::int
    ) AS week`;
  },
};

/** The statement that reads the parts `request` names (the bench explains it too). */
export function childNowQuery<R extends ChildNowRequest>(childId: number, request: R): RawBuilder<ChildNow<R>> {
  const columns = (Object.keys(PARTS) as (keyof ChildNowParts)[]).flatMap((part) => {
    const options = request[part];
    return options === undefined ? [] : [(PARTS[part] as (childId: number, options: unknown) => RawBuilder<unknown>)(childId, options)];
  });
  if (columns.length === 0) throw new Error('childNowQuery: no part asked for');
  return sql<ChildNow<R>>`SELECT ${sql.join(columns)}`;
}

/** The parts `request` names, read in one statement. */
export async function readChildNow<R extends ChildNowRequest>(db: Db, childId: number, request: R): Promise<ChildNow<R>> {
  const { rows } = await childNowQuery(childId, request).execute(db);
  const row = rows[0];
  if (!row) throw new Error('child-now query returned no row');
  return row;
}
