// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Claim } from '#shared/schemas/reimbursement.ts';
import { serverError } from '../../../helpers/fake-trpc.tsx';
import { claimOf, renderClaim, withChildSelected } from './claim-fixtures.tsx';

/** A submitted claim, waiting for the funder's answer. */
const claim = (overrides: Partial<Claim> = {}): Claim =>
  claimOf({ status: 'submitted', submittedOn: '2026-11-01', nextStatuses: ['approved', 'denied', 'withdrawn'], ...overrides });

withChildSelected();

describe('a claim offers what it can do next', () => {
  it('only the moves the server lists, and a payment once approved', async () => {
    renderClaim(claim(), 'updater');
    expect(await screen.findByRole('button', { name: 'Mark approved: Arizona ESA claim' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark denied: Arizona ESA claim' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw: Arizona ESA claim' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Mark submitted/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Record a payment/ })).toBeNull();
    // An updater moves claims; deleting one is an owner's.
    expect(screen.queryByRole('button', { name: /^Delete claim/ })).toBeNull();
    cleanup();
    renderClaim(claim({ status: 'approved', approvedCents: 9000, nextStatuses: ['withdrawn'], noAnswerFlag: false }), 'owner');
    expect(await screen.findByRole('button', { name: 'Record a payment: Arizona ESA claim' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete claim: Arizona ESA' })).toBeTruthy();
  });

  it('nothing to a viewer, who still reads the amounts, the status and the 45-day flag', async () => {
    renderClaim(claim({ noAnswerFlag: true }), 'viewer');
    expect(await screen.findByText('Asked $150.00 · Paid $0.00')).toBeTruthy();
    expect(screen.getByText('Submitted')).toBeTruthy();
    expect(screen.getByText('No answer for 45 days')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('approving asks how much was approved', () => {
  it('sends the typed amount in minor units', async () => {
    const user = userEvent.setup();
    const fake = renderClaim(claim(), 'updater');
    await user.click(await screen.findByRole('button', { name: 'Mark approved: Arizona ESA claim' }));
    const approved = screen.getByLabelText('Approved amount (USD)') as HTMLInputElement;
    expect(approved.value).toBe('150.00');
    await user.clear(approved);
    await user.type(approved, '90.10');
    await user.click(screen.getByRole('button', { name: 'Mark approved' }));
    await screen.findByRole('button', { name: 'Mark approved: Arizona ESA claim' });
    expect(fake.calls('claims.move').map((op) => op.input)).toEqual([
      expect.objectContaining({ id: 7, data: expect.objectContaining({ status: 'approved', approvedCents: 9010 }) }),
    ]);
  });

  it('shows the server’s sentence when the move is refused', async () => {
    const user = userEvent.setup();
    const sentence = 'A submitted claim can move to approved, denied or withdrawn.';
    renderClaim(claim(), 'updater', { answer: (op) => (op.path === 'claims.move' ? serverError(409, 'CONFLICT', sentence) : []) });
    await user.click(await screen.findByRole('button', { name: 'Mark denied: Arizona ESA claim' }));
    await user.click(screen.getByRole('button', { name: 'Mark denied' }));
    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
  });

  it('refuses an amount that is not one before sending', async () => {
    const user = userEvent.setup();
    const fake = renderClaim(claim(), 'updater');
    await user.click(await screen.findByRole('button', { name: 'Mark approved: Arizona ESA claim' }));
    const approved = screen.getByLabelText('Approved amount (USD)');
    await user.clear(approved);
    await user.type(approved, '90.123');
    await user.click(screen.getByRole('button', { name: 'Mark approved' }));
    expect(await screen.findByText('Enter an amount like 150 or 150.00')).toBeTruthy();
    expect(fake.calls('claims.move')).toHaveLength(0);
  });
});
