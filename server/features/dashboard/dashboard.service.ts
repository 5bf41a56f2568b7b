import { addDays } from '#shared/calendar.ts';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type { ChildNowReader } from '../../core/child-now.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { weekStart } from '../../core/dates.ts';
import { reimbursementWarnings, type ReimbursementDeadlines } from './reimbursement-warnings.ts';

/** How many milestones to come the dashboard lists, and at most how many overdue ones before them. */
export const NEXT_MILESTONES = 3;

export interface StatsWindow {
  /** Monday of this week, Monday of last week, first of this month, today: YYYY-MM-DD (UTC). */
  weekStart: string;
  lastWeekStart: string;
  monthStart: string;
  today: string;
  milestoneCount: number;
}

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

/**
 * Every dashboard number, read from the child as of now (core/child-now.ts) in one round trip. Next
 * milestones: the open ones still to come and, before them, those already past their date (the most
 * recently due, up to the same count), flagged `overdue` (decision 0023).
 */
export function createDashboardService(deps: {
  childNow: ChildNowReader;
  now?: () => Date;
  /** Deadlines with draft claims and unanswered claims (issue 26): the reimbursement warnings. */
  reimbursements: { deadlines(scope: ChildScope, today?: string): Promise<ReimbursementDeadlines> };
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async stats(scope: ChildScope): Promise<DashboardStats> {
      const window = statsWindow(now());
      const [child, deadlines] = await Promise.all([
        deps.childNow.read(scope.childId, {
          observationCounts: window,
          strategiesInUse: true,
          activeGoals: true,
          nextMilestones: { today: window.today, count: window.milestoneCount },
        }),
        deps.reimbursements.deadlines(scope, window.today),
      ]);
      const { thisWeek, lastWeek, winsThisMonth } = child.observationCounts;
      return {
        observations: { thisWeek, lastWeek },
        winsThisMonth,
        activeGoals: child.activeGoals.map(({ createdOn: _createdOn, ...goal }) => goal),
        strategiesInUse: child.strategiesInUse,
        nextMilestones: child.nextMilestones,
        reimbursementWarnings: reimbursementWarnings(deadlines, window.today),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
