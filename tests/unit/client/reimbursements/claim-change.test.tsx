// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Claim } from '#shared/schemas/reimbursement.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import { serverError, type FakeOp } from '../../../helpers/fake-trpc.tsx';
import { claimOf as draft, renderClaim as renderClaimItem, withChildSelected } from './claim-fixtures.tsx';

const SOURCES = [
  { id: 2, name: 'Arizona ESA' },
  { id: 5, name: 'Family HSA' },
];

const renderClaim = (value: Claim, role: ChildRole, answer?: (op: FakeOp) => unknown) =>
  renderClaimItem(value, role, { answer, sources: SOURCES, claimableCents: 15000 });

withChildSelected();

describe('changing a draft claim', () => {
  it('sends only what changed, in minor units, and closes on the claim', async () => {
    const user = userEvent.setup();
    const fake = renderClaim(draft(), 'updater');
    await user.click(await screen.findByRole('button', { name: 'Change claim: Arizona ESA claim' }));
    const from = screen.getByLabelText('Claim from');
    expect(document.activeElement).toBe(from);
    await user.selectOptions(from, 'Family HSA');
    const amount = screen.getByLabelText('Amount to claim (USD)');
    expect((amount as HTMLInputElement).value).toBe('150.00');
    await user.clear(amount);
    await user.type(amount, '60.25');
    await user.click(screen.getByRole('button', { name: 'Save claim' }));
    await screen.findByRole('button', { name: 'Change claim: Arizona ESA claim' });
    expect(fake.calls('claims.update').map((op) => op.input)).toEqual([{ id: 7, data: { fundingSourceId: 5, amountCents: 6025 } }]);
  });

  it('shows the server’s 409 sentence beside the fields and keeps the form', async () => {
    const user = userEvent.setup();
    const sentence = 'Only a draft claim can be changed: this one is submitted. Move it, or withdraw it and add another.';
    renderClaim(draft(), 'updater', (op) => (op.path === 'claims.update' ? serverError(409, 'CONFLICT', sentence) : []));
    await user.click(await screen.findByRole('button', { name: 'Change claim: Arizona ESA claim' }));
    const amount = screen.getByLabelText('Amount to claim (USD)');
    await user.clear(amount);
    await user.type(amount, '90');
    await user.click(screen.getByRole('button', { name: 'Save claim' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(sentence);
    expect(alert.closest('form')?.getAttribute('aria-label')).toBe('Change Arizona ESA claim');
    expect(screen.getByRole('button', { name: 'Save claim' })).toBeTruthy();
  });

  it('refuses an amount that is not one before sending', async () => {
    const user = userEvent.setup();
    const fake = renderClaim(draft(), 'updater');
    await user.click(await screen.findByRole('button', { name: 'Change claim: Arizona ESA claim' }));
    const amount = screen.getByLabelText('Amount to claim (USD)');
    await user.clear(amount);
    await user.type(amount, 'ten');
    await user.click(screen.getByRole('button', { name: 'Save claim' }));
    expect(await screen.findByText('Enter an amount like 150 or 150.00')).toBeTruthy();
    expect(fake.calls('claims.update')).toHaveLength(0);
  });

  it('is offered only on a draft, and only to an updater or owner', async () => {
    renderClaim(draft({ status: 'submitted', nextStatuses: ['approved', 'denied', 'withdrawn'] }), 'owner');
    expect(await screen.findByRole('button', { name: 'Mark approved: Arizona ESA claim' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Change claim/ })).toBeNull();
    cleanup();
    renderClaim(draft(), 'viewer');
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Change claim/ })).toBeNull();
  });
});
