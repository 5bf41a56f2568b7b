// @vitest-environment happy-dom
/**
 * WCAG 2.4.3 and 4.1.3: after a save the button pressed is often gone, so focus moves to what the
 * save produced (the invitation's message, the export's status) instead of falling to the page; a
 * message that arrives with new content comes in a status region that was there first.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountExport } from '#shared/schemas/account-data.ts';
import type { CreatedInvite } from '#shared/schemas/caregivers.ts';
import { STATUS_FILL_DELAY_MS, StatusMessage } from '../../../client/app/components/status-message.tsx';
import { YourDataSection } from '../../../client/app/features/account-data/your-data-section.tsx';
import { InviteForm } from '../../../client/app/features/caregivers/invite-form.tsx';
import { childFixture, fakeTrpc, type FakeOp } from '../../helpers/fake-trpc.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a status message that comes with new content', () => {
  it('is an empty status region first, and its words come a moment later', () => {
    vi.useFakeTimers();
    render(<StatusMessage>We have emailed it a link.</StatusMessage>);
    const region = screen.getByRole('status');
    // Hidden from screen readers until the region is known to them.
    expect(region.querySelector('[aria-hidden="true"]')?.textContent).toBe('We have emailed it a link.');
    act(() => vi.advanceTimersByTime(STATUS_FILL_DELAY_MS));
    expect(region.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(region.textContent).toBe('We have emailed it a link.');
  });
});

describe('creating an invitation', () => {
  it('moves focus to what was created, and "Done" back to the email field', async () => {
    const user = userEvent.setup();
    const created: CreatedInvite = {
      invite: {
        id: 9,
        email: 'grandma@example.com',
        role: 'viewer',
        childIds: [1],
        state: 'pending',
        createdAt: '2026-11-27T08:00:00.000Z',
        expiresAt: '2026-12-04T08:00:00.000Z',
      },
      link: 'http://localhost:3000/app/invite#token=abc',
      emailed: false,
    } as CreatedInvite;
    const { wrapper } = fakeTrpc((op: FakeOp) => (op.path === 'caregivers.invite' ? created : []));
    render(<InviteForm ownedChildren={[childFixture()]} />, { wrapper });
    await user.type(screen.getByLabelText('Their email address'), 'grandma@example.com');
    await user.click(screen.getByRole('button', { name: 'Create invitation' }));
    const message = await screen.findByText('Invitation for grandma@example.com is ready. Send them this link yourself.');
    await waitFor(() => expect(document.activeElement).toBe(message));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Their email address'));
  });
});

describe('starting an export', () => {
  it('moves focus to the export’s status, which says it is being prepared', async () => {
    const user = userEvent.setup();
    let current: AccountExport | null = null;
    const queued = {
      id: 4,
      status: 'queued',
      progress: 0,
      itemsDone: 0,
      itemsTotal: null,
      sizeBytes: null,
      fileName: 'trelli-export-2026-11-27.zip',
      createdAt: '2026-11-27T08:00:00.000Z',
      finishedAt: null,
      expiresAt: null,
    } as AccountExport;
    const { wrapper } = fakeTrpc(
      (op: FakeOp) => {
        // The export as it stands: what the query answers and what its subscription first sends (decision 0093).
        if (op.path === 'accountData.currentExport' || op.path === 'accountData.watchExport') return current;
        if (op.path === 'accountData.startExport') {
          current = queued;
          return queued;
        }
        return [];
      },
      { role: 'owner' },
    );
    render(<YourDataSection />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('status'));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Preparing your data'));
  });
});
