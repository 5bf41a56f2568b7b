import { sql } from 'kysely';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { ACTIVE_GOAL_STATUSES } from '#shared/schemas/goal.ts';
import { OPEN_MILESTONE_STATUSES } from '#shared/schemas/milestone.ts';
import type { Db } from '../../db/database.ts';

export interface StatsWindow {
  /** Monday of this week, Monday of last week, first of this month, today: YYYY-MM-DD (UTC). */
  weekStart: string;
  lastWeekStart: string;
  monthStart: string;
  today: string;
  milestoneCount: number;
}

/**
 * Every dashboard number in one round trip. The status lists are `IN (...)` with each status its own parameter (sql.join).
 * Next milestones: the open ones still to come and, before them, those already past their date (the most recently
 * due, up to the same count), flagged `overdue` (decision 0023).
 */
export async function dashboardStats(db: Db, childId: number, window: StatsWindow): Promise<DashboardStats> {
  const { rows } = await sql<{
    thisWeek: number;
    lastWeek: number;
    winsThisMonth: number;
    strategiesInUse: number;
    activeGoals: DashboardStats['activeGoals'];
    nextMilestones: DashboardStats['nextMilestones'];
  }>`
    SELECT
      (SELECT count(*) FROM observations
        WHERE child_id = ${childId} AND occurred_at >= ${window.weekStart}::date
          AND occurred_at < ${window.weekStart}::date + 7)::int AS this_week,
      (SELECT count(*) FROM observations
        WHERE child_id = ${childId} AND occurred_at >= ${window.lastWeekStart}::date AND occurred_at < ${window.weekStart}::date)::int AS last_week,
      (SELECT count(*) FROM observations
        WHERE child_id = ${childId} AND is_win AND occurred_at >= ${window.monthStart}::date
          AND occurred_at < ${window.monthStart}::date + interval '1 month')::int AS wins_this_month,
      (SELECT count(*) FROM strategies WHERE child_id = ${childId} AND active)::int AS strategies_in_use,
      (SELECT coalesce(json_agg(json_build_object(
          'id', g.id, 'title', g.title, 'area', g.area, 'status', g.status,
          'baseline', g.baseline, 'target', g.target, 'unit', g.unit,
          'latestValue', latest.value, 'latestOn', to_char(latest.recorded_on, 'YYYY-MM-DD')
        ) ORDER BY g.id), '[]'::json)
        FROM goals g
        LEFT JOIN LATERAL (
          SELECT p.value, p.recorded_on FROM progress_entries p
          WHERE p.goal_id = g.id ORDER BY p.recorded_on DESC, p.id DESC LIMIT 1
        ) latest ON true
        WHERE g.child_id = ${childId} AND g.status IN (${sql.join(ACTIVE_GOAL_STATUSES)})) AS active_goals,
      (SELECT coalesce(json_agg(json_build_object(
          'id', m.id, 'title', m.title, 'dueDate', to_char(m.due_date, 'YYYY-MM-DD'), 'category', m.category, 'overdue', m.overdue
        ) ORDER BY m.due_date, m.id), '[]'::json)
        FROM (
          (SELECT id, title, due_date, category, true AS overdue FROM milestones
            WHERE child_id = ${childId} AND status IN (${sql.join(OPEN_MILESTONE_STATUSES)}) AND due_date < ${window.today}::date
            ORDER BY due_date DESC, id DESC LIMIT ${window.milestoneCount})
          UNION ALL
          (SELECT id, title, due_date, category, false AS overdue FROM milestones
            WHERE child_id = ${childId} AND status IN (${sql.join(OPEN_MILESTONE_STATUSES)}) AND due_date >= ${window.today}::date
            ORDER BY due_date, id LIMIT ${window.milestoneCount})
        ) m) AS next_milestones
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error('dashboard query returned no row');
  return {
    observations: { thisWeek: row.thisWeek, lastWeek: row.lastWeek },
    winsThisMonth: row.winsThisMonth,
    activeGoals: row.activeGoals,
    strategiesInUse: row.strategiesInUse,
    nextMilestones: row.nextMilestones,
  };
}
