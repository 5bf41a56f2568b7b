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
  /**
   * What reimbursements need of the parent soon (issue 26, decision 0106): a deadline within
   * DEADLINE_WARNING_DAYS[0] days with draft claims still to submit (`urgent` within the last
   * DEADLINE_WARNING_DAYS[1]), and funders with claims unanswered for CLAIM_NO_ANSWER_DAYS. Deadlines first, soonest first.
   */
  reimbursementWarnings: z.array(
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('deadline'),
        fundingSourceId: z.number().int(),
        name: z.string(),
        date: storedDate,
        /** Days from today (UTC) to the deadline: 0 on the day itself. */
        daysLeft: z.number().int(),
        urgent: z.boolean(),
        /** Expenses with a draft claim to this funder. */
        expenses: z.number().int(),
        toSubmitCents: z.number().int(),
        currency: z.string(),
      }),
      z.object({
        kind: z.literal('no-answer'),
        fundingSourceId: z.number().int(),
        name: z.string(),
        /** Claims submitted or appealed more than `days` ago with no answer yet. */
        claims: z.number().int(),
        days: z.number().int(),
      }),
    ]),
  ),
});

export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export type ReimbursementWarning = DashboardStats['reimbursementWarnings'][number];

/** The dashboard: what a person does and the least role it needs (decision 0094). */
export const dashboardActions = defineChildActions('dashboard', {
  viewStats: 'viewer',
});
