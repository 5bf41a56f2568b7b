// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MilestoneItem } from '../../../client/app/features/roadmap/milestone-item.tsx';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';
import { milestoneFixture } from '../../helpers/record-fixtures.ts';

const FAILED = 'That did not go through. Please try again.';
const milestone = milestoneFixture();

const refuse = (op: FakeOp): unknown =>
  op.path === 'milestones.update' || op.path === 'milestones.delete'
    ? serverError(503, 'SERVICE_UNAVAILABLE', 'The database is unavailable')
    : [];

function renderItem() {
  const { wrapper } = fakeTrpc(refuse, { role: 'owner' });
  return render(<MilestoneItem milestone={milestone} today="2026-11-27" variant="row" headingLevel={3} />, { wrapper });
}

beforeEach(() => {
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => cleanup());

describe('a milestone action that does not go through stays said beside its buttons, after the toast', () => {
  it('marking it done', async () => {
    const user = userEvent.setup();
    renderItem();
    const done = screen.getByRole('button', { name: 'Mark done: Meet the new teacher' });
    await user.click(done);
    expect(await screen.findByText(FAILED)).toBeTruthy();
    expect(done.getAttribute('aria-describedby')).toBe(screen.getByText(FAILED).id);
  });

  it('moving it to another day', async () => {
    const user = userEvent.setup();
    renderItem();
    await user.click(screen.getByRole('button', { name: 'Reschedule: Meet the new teacher' }));
    const date = screen.getByLabelText(/date/i) as HTMLInputElement;
    await user.clear(date);
    await user.type(date, '2027-02-01');
    await user.click(screen.getByRole('button', { name: 'Save date' }));
    expect(await screen.findByText(FAILED)).toBeTruthy();
  });

  it('deleting it', async () => {
    const user = userEvent.setup();
    renderItem();
    await user.click(screen.getByRole('button', { name: 'Delete: Meet the new teacher' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(FAILED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy();
  });
});
