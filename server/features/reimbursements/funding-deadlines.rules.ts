import { formatMoney } from '#shared/money.ts';
import type { MilestonesService } from '../milestones/milestones.service.ts';

/** A milestone as the milestones service keeps it for another feature. */
type MilestoneDraft = Parameters<MilestonesService['keepOwn']>[2][number];

/*
 * Each funding source's next deadline as a roadmap milestone (decision 0106): one per source, keyed
 * `funding-deadline:<fundingSourceId>`, due on the next deadline on or after today, whether or not
 * expenses already wait for it (a parent adds them on the way to the deadline). Pure.
 */

/** What a milestone needs to know of a funding source, as the summary query reads it. */
export interface SourceDeadline {
  id: number;
  name: string;
  currency: string;
  /** The next deadline on or after today, or null when the source has none to come. */
  deadline: string | null;
  /** Expenses with a draft claim to this source, and what those claims ask. */
  draftExpenseIds: readonly number[];
  toSubmitCents: number;
}

export const FUNDING_DEADLINE_KEY = 'funding-deadline:';

export function fundingDeadlineKey(fundingSourceId: number): string {
  return `${FUNDING_DEADLINE_KEY}${fundingSourceId}`;
}

const TITLE_MAX = 200;

const WHY =
  'Funders pay back only what reaches them by the deadline. A missed deadline can cost the money, and some programs pause an account after one.';

export function fundingDeadlineMilestones(sources: readonly SourceDeadline[]): MilestoneDraft[] {
  return sources.flatMap((source) => {
    if (source.deadline === null) return [];
    const waiting = source.draftExpenseIds.length;
    const whatToDo =
      waiting > 0
        ? `${waiting === 1 ? '1 expense waits' : `${waiting} expenses wait`} to be submitted (${formatMoney(source.toSubmitCents, source.currency)}). Submit ${waiting === 1 ? 'its claim' : 'their claims'} in Reimbursements, with the receipts.`
        : 'Add what you paid since the last deadline in Reimbursements, then submit the claims with their receipts.';
    return [
      {
        ruleKey: fundingDeadlineKey(source.id),
        title: `Submit expenses to ${source.name}`.slice(0, TITLE_MAX),
        whyItMatters: WHY,
        whatToDo,
        category: 'reimbursement' as const,
        dueDate: source.deadline,
      },
    ];
  });
}
