// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Milestone } from '#shared/schemas/milestone.ts';
import { MilestoneItem } from '../../../client/app/features/roadmap/milestone-item.tsx';
import { formatDate } from '../../../client/lib/dates.ts';
import { fakeTrpc, type FakeOp } from '../../helpers/fake-trpc.tsx';

const review: Milestone = {
  id: 7,
  childId: 1,
  title: 'Annual IEP review',
  whyItMatters: 'Goals for next year',
  whatToDo: null,
  category: 'plan-review',
  dueDate: '2027-02-01',
  status: 'in-progress',
  source: 'generated',
  ruleKey: 'annual-review',
  editedByParent: false,
  addedBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The server's answer to an update: the milestone with the fields it was sent. */
function answer(op: FakeOp): unknown {
  if (op.path === 'milestones.update') return { ...review, ...(op.input as { data: Partial<Milestone> }).data, editedByParent: true };
  return [];
}

function renderRow() {
  const api = fakeTrpc(answer, { role: 'owner' });
  render(<MilestoneItem milestone={review} today="2026-06-01" variant="row" headingLevel={3} />, { wrapper: api.wrapper });
  return api;
}

afterEach(() => cleanup());

// The server records an update that names a status as that status change ("Milestone started",
// "Milestone reopened" in the activity feed) and any other update as "Milestone updated"
// (tests/integration/child-record.rest.test.ts, "PUT changes only the fields it names"). So what the
// screen sends must be only what the parent changed.
describe('MilestoneItem sends only what the parent changed', () => {
  it('a reschedule sends the new date alone, so the activity feed says "Milestone updated"', async () => {
    const { calls } = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule: Annual IEP review' }));
    fireEvent.change(screen.getByLabelText('New due date'), { target: { value: '2027-03-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save date' }));

    expect(await screen.findByText('Moved to Mar 15, 2027')).toBeTruthy();
    expect(calls('milestones.update').map((op) => op.input)).toEqual([{ id: 7, data: { dueDate: '2027-03-15' } }]);
  });

  it('an edit sends the words alone, keeping the status and category the milestone has', async () => {
    const { calls } = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Annual IEP review' }));
    const form = screen.getByRole('form', { name: 'Edit milestone' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Annual review meeting' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Milestone saved')).toBeTruthy();
    expect(calls('milestones.update').map((op) => op.input)).toEqual([
      { id: 7, data: { title: 'Annual review meeting', whyItMatters: 'Goals for next year', whatToDo: null } },
    ]);
  });

  it('a status button sends that status', async () => {
    const { calls } = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Mark done: Annual IEP review' }));

    expect(await screen.findByText('Marked done. Nice work.')).toBeTruthy();
    expect(calls('milestones.update').map((op) => op.input)).toEqual([{ id: 7, data: { status: 'done' } }]);
  });
});

describe('MilestoneItem buttons', () => {
  const buttons = (milestone: Milestone, variant: 'card' | 'row') => {
    const { wrapper } = fakeTrpc(answer, { role: 'owner' });
    render(<MilestoneItem milestone={milestone} today="2026-06-01" variant={variant} headingLevel={3} />, { wrapper });
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    cleanup();
    return names;
  };

  it('offer what fits the status, and Delete only on a milestone the parent added', () => {
    const title = review.title;
    expect(buttons({ ...review, status: 'upcoming' }, 'row')).toEqual(
      ['Mark done', 'Start', 'Skip', 'Reschedule', 'Edit'].map((action) => `${action}: ${title}`),
    );
    expect(buttons(review, 'row')).toEqual(['Mark done', 'Skip', 'Reschedule', 'Edit'].map((action) => `${action}: ${title}`));
    expect(buttons({ ...review, status: 'upcoming' }, 'card')).toEqual(
      ['Mark done', 'Start', 'Skip'].map((action) => `${action}: ${title}`),
    );
    expect(buttons({ ...review, status: 'done' }, 'row')).toEqual([`Undo: ${title}`]);
    expect(buttons({ ...review, status: 'skipped', source: 'parent', ruleKey: null }, 'row')).toEqual([
      `Undo: ${title}`,
      `Delete: ${title}`,
    ]);
    expect(buttons({ ...review, source: 'parent', ruleKey: null }, 'row')).toEqual(
      ['Mark done', 'Skip', 'Reschedule', 'Edit', 'Delete'].map((action) => `${action}: ${title}`),
    );
  });

  it('send the status each one names', async () => {
    const { calls, wrapper } = fakeTrpc(answer, { role: 'owner' });
    render(<MilestoneItem milestone={{ ...review, status: 'upcoming' }} today="2026-06-01" variant="card" headingLevel={3} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Start: Annual IEP review' }));
    expect(await screen.findByText('Marked as in progress')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip: Annual IEP review' }));
    expect(await screen.findByText('Skipped')).toBeTruthy();
    expect(calls('milestones.update').map((op) => op.input)).toEqual([
      { id: 7, data: { status: 'in-progress' } },
      { id: 7, data: { status: 'skipped' } },
    ]);
  });
});

describe('MilestoneItem and the guide', () => {
  it('an open milestone links to the article that helps with it; a finished one does not', () => {
    renderRow();
    expect(screen.getByRole('link', { name: 'Guide: How to prepare for the review' }).getAttribute('href')).toBe('/guide/annual-review');
    cleanup();
    const api = fakeTrpc(answer, { role: 'viewer' });
    render(<MilestoneItem milestone={{ ...review, status: 'done' }} today="2026-06-01" variant="card" headingLevel={3} />, {
      wrapper: api.wrapper,
    });
    expect(screen.queryByRole('link', { name: /^Guide:/ })).toBeNull();
  });
});

describe('MilestoneItem dates', () => {
  // Issue 24: a generated milestone said "The last evaluation was on 2024-05-10."
  it("shows a day in the roadmap's own words as every other date, and leaves a parent's words as typed", () => {
    const why = 'The last evaluation was on 2024-05-10. A re-evaluation checks whether support still fits.';
    const api = fakeTrpc(answer, { role: 'owner' });
    render(<MilestoneItem milestone={{ ...review, whyItMatters: why }} today="2026-06-01" variant="card" headingLevel={3} />, {
      wrapper: api.wrapper,
    });
    expect(screen.getByText(/The last evaluation was on/).textContent).toContain(`on ${formatDate('2024-05-10')}.`);
    expect(screen.queryByText(/2024-05-10/)).toBeNull();
    cleanup();
    render(
      <MilestoneItem
        milestone={{ ...review, source: 'parent', whyItMatters: 'Bring 2024-05-10 report' }}
        today="2026-06-01"
        variant="card"
        headingLevel={3}
      />,
      { wrapper: fakeTrpc(answer, { role: 'owner' }).wrapper },
    );
    expect(screen.getByText(/Bring 2024-05-10 report/)).toBeTruthy();
  });
});
