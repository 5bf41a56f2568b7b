// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Expense, ExpenseFilter, FundingSource } from '#shared/schemas/reimbursement.ts';
import { ExpenseForm } from '../../../../client/app/features/reimbursements/expense-form.tsx';
import { ReimbursementsScreen } from '../../../../client/app/features/reimbursements/reimbursements-screen.tsx';
import { fakeTrpc } from '../../../helpers/fake-trpc.tsx';
import { withChildSelected } from './claim-fixtures.tsx';

const expense: Expense = {
  id: 3,
  childId: 1,
  provider: 'Bright Minds Tutoring',
  category: 'tutoring',
  serviceDate: '2026-11-03',
  serviceEndDate: null,
  amountCents: 15000,
  currency: 'USD',
  paidOn: '2026-11-03',
  paidBy: null,
  paidDirectlyBy: null,
  notes: null,
  documentIds: [],
  checklist: [],
  claimableCents: 15000,
  outOfPocketCents: 15000,
  claims: [],
  addedBy: { name: 'Ana', isYou: true },
  createdAt: '2026-11-03T10:00:00.000Z',
  updatedAt: '2026-11-03T10:00:00.000Z',
};

withChildSelected();

describe('the reimbursements screen', () => {
  it('keeps the filters, not the first-run card, when a child with no funder filters to nothing', async () => {
    const { wrapper } = fakeTrpc(
      (op) => {
        if (op.path === 'fundingSources.list') return [];
        if (op.path === 'reimbursements.summary') return { from: '2026-01-01', to: '2026-12-31', fundingSources: [], outOfPocket: [] };
        if (op.path === 'expenses.list') {
          const { filter } = op.input as { filter: Partial<ExpenseFilter> };
          return filter.category ? { items: [], total: 0 } : { items: [expense], total: 1 };
        }
        return [];
      },
      { role: 'owner' },
    );
    render(<ReimbursementsScreen childName="Maya" />, { wrapper });
    fireEvent.change(await screen.findByLabelText('Category'), { target: { value: 'therapy' } });
    expect(await screen.findByText('No expense matches these filters.')).toBeTruthy();
    expect(screen.getByLabelText('Category')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Get money back for therapy, tutoring and more' })).toBeNull();
  });
});

const source = (id: number, name: string, currency: string): FundingSource => ({
  id,
  childId: 1,
  kind: 'esa',
  name,
  currency,
  awardCents: null,
  periodStart: null,
  periodEnd: null,
  deadlines: [],
  deadlineRule: null,
  notes: null,
  addedBy: { name: 'Ana', isYou: true },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

describe('adding an expense', () => {
  it('does not send a funder of the currency the parent changed away from', async () => {
    const { wrapper, calls } = fakeTrpc((op) => (op.path === 'expenses.create' ? expense : []), { role: 'owner' });
    render(<ExpenseForm sources={[source(2, 'Arizona ESA', 'USD'), source(5, 'Berlin grant', 'EUR')]} onDone={() => undefined} />, {
      wrapper,
    });
    fireEvent.change(screen.getByLabelText('Paid directly by a funder'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } });
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'Bright Minds Tutoring' } });
    fireEvent.change(screen.getByLabelText('Amount paid (EUR)', { exact: false }), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(calls('expenses.create')).toHaveLength(1));
    expect(calls('expenses.create')[0]?.input).toMatchObject({ data: { currency: 'EUR', paidDirectlyBy: null } });
  });
});
