import { describe, expect, it } from 'vitest';
import { reimbursementWarnings } from '../../../server/features/dashboard/reimbursement-warnings.ts';
import { fundingDeadlineMilestones } from '../../../server/features/reimbursements/funding-deadlines.rules.ts';

const TODAY = '2026-12-17';

describe('the dashboard reimbursement warnings', () => {
  const deadline = (fundingSourceId: number, name: string, date: string, expenseIds: number[]) => ({
    fundingSourceId,
    name,
    date,
    expenseIds,
    toSubmitCents: 48_000,
    currency: 'USD',
  });

  it('warns from 14 days before a deadline with draft claims, urgent from 3, soonest first, then unanswered claims', () => {
    const warnings = reimbursementWarnings(
      {
        upcoming: [
          deadline(1, 'ESA', '2026-12-31', [4, 5]),
          deadline(2, 'FSA', '2026-12-20', [6]),
          deadline(3, 'Grant', '2027-01-01', [7]),
          deadline(4, 'HSA', '2026-12-17', []),
        ],
        unanswered: [{ fundingSourceId: 5, name: 'Blue Cross', claims: 1 }],
      },
      TODAY,
    );
    expect(warnings).toEqual([
      {
        kind: 'deadline',
        fundingSourceId: 2,
        name: 'FSA',
        date: '2026-12-20',
        daysLeft: 3,
        urgent: true,
        expenses: 1,
        toSubmitCents: 48_000,
        currency: 'USD',
      },
      {
        kind: 'deadline',
        fundingSourceId: 1,
        name: 'ESA',
        date: '2026-12-31',
        daysLeft: 14,
        urgent: false,
        expenses: 2,
        toSubmitCents: 48_000,
        currency: 'USD',
      },
      { kind: 'no-answer', fundingSourceId: 5, name: 'Blue Cross', claims: 1, days: 45 },
    ]);
  });

  it('says nothing when nothing waits', () => {
    expect(reimbursementWarnings({ upcoming: [], unanswered: [] }, TODAY)).toEqual([]);
  });
});

describe('funding deadlines as roadmap milestones', () => {
  it('makes one milestone per source with a next deadline, saying what waits for it', () => {
    const drafts = fundingDeadlineMilestones([
      { id: 1, name: 'Arizona ESA', currency: 'USD', deadline: '2026-12-31', draftExpenseIds: [4, 5], toSubmitCents: 48_050 },
      { id: 2, name: 'HSA', currency: 'USD', deadline: null, draftExpenseIds: [6], toSubmitCents: 100 },
      { id: 3, name: 'District', currency: 'USD', deadline: '2027-01-31', draftExpenseIds: [], toSubmitCents: 0 },
    ]);
    expect(drafts.map(({ ruleKey, title, category, dueDate }) => ({ ruleKey, title, category, dueDate }))).toEqual([
      { ruleKey: 'funding-deadline:1', title: 'Submit expenses to Arizona ESA', category: 'reimbursement', dueDate: '2026-12-31' },
      { ruleKey: 'funding-deadline:3', title: 'Submit expenses to District', category: 'reimbursement', dueDate: '2027-01-31' },
    ]);
    expect(drafts[0]?.whatToDo).toBe(
      '2 expenses wait to be submitted ($480.50). Submit their claims in Reimbursements, with the receipts.',
    );
    expect(drafts[1]?.whatToDo).toBe(
      'Add what you paid since the last deadline in Reimbursements, then submit the claims with their receipts.',
    );
  });
});
