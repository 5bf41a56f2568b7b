import { daysBetween } from '#shared/calendar.ts';
import type { ReimbursementWarning } from '#shared/schemas/dashboard.ts';
import { CLAIM_NO_ANSWER_DAYS, DEADLINE_WARNING_DAYS } from '#shared/schemas/reimbursement.ts';
import type { ReimbursementsService } from '../reimbursements/reimbursements.service.ts';

/** What the reimbursements service says is coming (services.reimbursements.deadlines), typed from it. */
export type ReimbursementDeadlines = Awaited<ReturnType<ReimbursementsService['deadlines']>>;

const [WARN_FROM_DAYS, URGENT_FROM_DAYS] = DEADLINE_WARNING_DAYS;

/**
 * The dashboard's reimbursement warnings (issue 26): a deadline with draft claims from
 * DEADLINE_WARNING_DAYS[0] (14) days before it, urgent from DEADLINE_WARNING_DAYS[1] (3), soonest
 * first; then each funder with claims unanswered for CLAIM_NO_ANSWER_DAYS. Pure.
 */
export function reimbursementWarnings(deadlines: ReimbursementDeadlines, today: string): ReimbursementWarning[] {
  const soon: ReimbursementWarning[] = deadlines.upcoming
    .map((deadline) => ({ deadline, daysLeft: daysBetween(today, deadline.date) }))
    .filter(({ deadline, daysLeft }) => daysLeft >= 0 && daysLeft <= WARN_FROM_DAYS && deadline.expenseIds.length > 0)
    .sort((a, b) => a.daysLeft - b.daysLeft || a.deadline.name.localeCompare(b.deadline.name))
    .map(({ deadline, daysLeft }) => ({
      kind: 'deadline',
      fundingSourceId: deadline.fundingSourceId,
      name: deadline.name,
      date: deadline.date,
      daysLeft,
      urgent: daysLeft <= URGENT_FROM_DAYS,
      expenses: deadline.expenseIds.length,
      toSubmitCents: deadline.toSubmitCents,
      currency: deadline.currency,
    }));
  const unanswered: ReimbursementWarning[] = deadlines.unanswered
    .filter((source) => source.claims > 0)
    .map((source) => ({
      kind: 'no-answer',
      fundingSourceId: source.fundingSourceId,
      name: source.name,
      claims: source.claims,
      days: CLAIM_NO_ANSWER_DAYS,
    }));
  return [...soon, ...unanswered];
}
