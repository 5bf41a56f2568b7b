import { z } from 'zod';
import { storedDate } from './dates.ts';
import { GOAL_AREAS, GOAL_STATUSES } from './goal.ts';
import { MILESTONE_CATEGORIES } from './milestone.ts';
import { defineChildActions } from './roles.ts';

export const dashboardStatsSchema = z.object({
  observations: z.object({ thisWeek: z.number().int(), lastWeek: z.number().int() }),
  winsThisMonth: z.number().int(),
  activeGoals: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      area: z.enum(GOAL_AREAS),
      status: z.enum(GOAL_STATUSES),
      baseline: z.number().nullable(),
      target: z.number().nullable(),
      unit: z.string().nullable(),
      latestValue: z.number().nullable(),
      latestOn: storedDate.nullable(),
    }),
  ),
  strategiesInUse: z.number().int(),
  /** Open milestones by due date: any past their date first (`overdue`), then the next ones to come. */
  nextMilestones: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      dueDate: storedDate,
      category: z.enum(MILESTONE_CATEGORIES),
      /** Still open although its due date has passed (UTC day). */
      overdue: z.boolean(),
    }),
  ),
});

export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The dashboard: what a person does and the least role it needs (decision 0094). */
export const dashboardActions = defineChildActions('dashboard', {
  viewStats: 'viewer',
});
