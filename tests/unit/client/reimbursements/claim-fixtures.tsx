import { cleanup, render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach } from 'vitest';
import type { Claim } from '#shared/schemas/reimbursement.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import { ClaimItem } from '../../../../client/app/features/reimbursements/claim-item.tsx';
import { setSelectedChildId } from '../../../../client/lib/session-storage.ts';
import { fakeTrpc, type FakeOp } from '../../../helpers/fake-trpc.tsx';

/** A draft claim of $150.00 on expense 3, to Arizona ESA (funding source 2), added by you. */
export const claimOf = (overrides: Partial<Claim> = {}): Claim => ({
  id: 7,
  childId: 1,
  expenseId: 3,
  fundingSourceId: 2,
  amountCents: 15000,
  status: 'draft',
  approvedCents: null,
  paidCents: 0,
  reference: null,
  submittedOn: null,
  noAnswerFlag: false,
  nextStatuses: ['submitted', 'withdrawn'],
  history: [],
  payments: [],
  addedBy: { name: 'Ana', isYou: true },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/**
 * The claim in USD as "Arizona ESA claim", for a caregiver of `role` on child 1. The fake server
 * answers `answer`: unless said, a claim's mutation with the claim and anything else with nothing.
 */
export function renderClaim(
  value: Claim,
  role: ChildRole,
  {
    answer = (op) => (op.path.startsWith('claims.') ? value : []),
    ...props
  }: { answer?: ((op: FakeOp) => unknown) | undefined } & Partial<ComponentProps<typeof ClaimItem>> = {},
) {
  const fake = fakeTrpc(answer, { role });
  render(<ClaimItem claim={value} sourceName="Arizona ESA" currency="USD" {...props} />, { wrapper: fake.wrapper });
  return fake;
}

/** Each test starts with child 1 selected and ends with nothing rendered. */
export function withChildSelected() {
  beforeEach(() => {
    sessionStorage.clear();
    setSelectedChildId(1);
  });
  afterEach(() => cleanup());
}
