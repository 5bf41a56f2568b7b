// @vitest-environment happy-dom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardStats as Stats } from '#shared/schemas/dashboard.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { reimbursementWarningWords } from '../../../client/app/features/dashboard/dashboard-format.ts';
import { DashboardStats } from '../../../client/app/features/dashboard/dashboard-stats.tsx';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

const day = (iso: string) => `day ${iso}`;
const deadline = {
  kind: 'deadline',
  fundingSourceId: 1,
  name: 'ESA',
  date: '2026-12-31',
  daysLeft: 14,
  urgent: false,
  expenses: 2,
  toSubmitCents: 48_000,
  currency: 'USD',
} as const;

describe('reimbursement warnings in words', () => {
  it('names the funder, the expenses to submit, the day and the days left', () => {
    expect(reimbursementWarningWords(deadline, day)).toEqual({ text: 'ESA: 2 expenses to submit by day 2026-12-31', left: '14 days left' });
    expect(reimbursementWarningWords({ ...deadline, expenses: 1, daysLeft: 1, urgent: true }, day)).toEqual({
      text: 'ESA: 1 expense to submit by day 2026-12-31',
      left: '1 day left',
    });
    expect(reimbursementWarningWords({ ...deadline, daysLeft: 0, urgent: true }, day).left).toBe('Last day today');
  });

  it('says how many claims have had no answer, and from whom', () => {
    const unanswered = { kind: 'no-answer', fundingSourceId: 2, name: 'Blue Cross', claims: 1, days: 45 } as const;
    expect(reimbursementWarningWords(unanswered, day)).toEqual({ text: 'A claim to Blue Cross has had no answer for 45 days', left: null });
    expect(reimbursementWarningWords({ ...unanswered, claims: 3 }, day).text).toBe('3 claims to Blue Cross have had no answer for 45 days');
  });
});

describe('the dashboard', () => {
  beforeEach(() => setSelectedChildId(1));
  afterEach(() => cleanup());
  const stats = (reimbursementWarnings: Stats['reimbursementWarnings']): Stats => ({
    observations: { thisWeek: 0, lastWeek: 0 },
    winsThisMonth: 0,
    activeGoals: [],
    strategiesInUse: 0,
    nextMilestones: [],
    reimbursementWarnings,
  });

  it('shows each warning as a line that opens Reimbursements, and no card when there is none', async () => {
    const warnings: Stats['reimbursementWarnings'] = [
      { ...deadline, daysLeft: 3, urgent: true },
      { kind: 'no-answer', fundingSourceId: 2, name: 'Blue Cross', claims: 1, days: 45 },
    ];
    const { wrapper } = fakeTrpc((op) => (op.path === 'dashboard.stats' ? stats(warnings) : []), { role: 'viewer' });
    const view = render(<DashboardStats onLogObservation={() => undefined} />, { wrapper }).container;
    const card = await within(view).findByRole('article', { name: 'Reimbursements' });
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [expect.stringMatching(/^ESA: 2 expenses to submit by Dec 31/), '/reimbursements'],
      ['A claim to Blue Cross has had no answer for 45 days', '/reimbursements'],
    ]);
    expect(card.textContent).toContain('3 days left');
    cleanup();

    const quiet = fakeTrpc((op) => (op.path === 'dashboard.stats' ? stats([]) : []), { role: 'viewer' });
    const empty = render(<DashboardStats onLogObservation={() => undefined} />, { wrapper: quiet.wrapper }).container;
    await within(empty).findByRole('article', { name: 'Wins this month' });
    expect(within(empty).queryByRole('article', { name: 'Reimbursements' })).toBeNull();
  });
});
