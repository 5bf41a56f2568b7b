import { addDays } from '#shared/calendar.ts';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type { Db } from '../../db/database.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { weekStart } from '../../core/dates.ts';
import { dashboardStats, type StatsWindow } from './dashboard.repository.ts';

/** How many milestones to come the dashboard lists, and at most how many overdue ones before them. */
export const NEXT_MILESTONES = 3;

/** The calendar boundaries the dashboard counts within (UTC, weeks start on Monday). */
export function statsWindow(now: Date): StatsWindow {
  const thisWeek = weekStart(now);
  const today = todayIso(now);
  return {
    weekStart: thisWeek,
    lastWeekStart: addDays(thisWeek, -7),
    monthStart: `${today.slice(0, 7)}-01`,
    today,
    milestoneCount: NEXT_MILESTONES,
  };
}

export function createDashboardService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    stats(scope: ChildScope): Promise<DashboardStats> {
      return dashboardStats(deps.db, scope.childId, statsWindow(now()));
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
