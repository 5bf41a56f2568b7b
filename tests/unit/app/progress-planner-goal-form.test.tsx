// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '#shared/calendar.ts';
import { earliestPlanDate, todayIso } from '#shared/schemas/dates.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import { GoalForm } from '../../../client/app/features/progress-planner/goal-form.tsx';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

const TOO_FAR_BACK = 'This date is more than a year ago. Is the year right?';

function goal(extra: Partial<Goal> = {}): Goal {
  return {
    id: 4,
    childId: 1,
    area: 'reading',
    title: 'Read a page aloud',
    description: null,
    baseline: null,
    target: null,
    unit: null,
    targetDate: null,
    status: 'in-progress',
    source: 'iep',
    latestProgress: null,
    isStale: false,
    addedBy: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...extra,
  };
}

function setup(editing?: Goal) {
  const { ops, wrapper } = fakeTrpc((op) => (op.path.startsWith('goals.') ? goal() : null));
  const onDone = vi.fn<(saved: Goal | null) => void>();
  render(<GoalForm goal={editing} onDone={onDone} />, { wrapper });
  return { ops, onDone };
}

afterEach(() => cleanup());

describe("GoalForm's target date", () => {
  it('offers no day over a year back, and questions one typed in before sending', async () => {
    const { ops } = setup();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Area'), 'reading');
    await user.type(screen.getByLabelText('Goal'), 'Read a page aloud');
    await user.click(screen.getByRole('button', { name: 'More details' }));
    const targetDate = screen.getByLabelText(/^Target date/) as HTMLInputElement;
    expect(targetDate.min).toBe(earliestPlanDate());

    await user.type(targetDate, addDays(todayIso(), -400));
    await user.click(screen.getByRole('button', { name: 'Add goal' }));
    expect(await screen.findByText(TOO_FAR_BACK)).toBeTruthy();
    expect(ops.some((op) => op.path === 'goals.create')).toBe(false);
  });

  it('leaves a long-overdue target date the goal already has alone when other fields change', async () => {
    const { ops, onDone } = setup(goal({ targetDate: '2023-06-01' }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Goal'), ' fluently');
    await user.click(screen.getByRole('button', { name: 'Save goal' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = ops.find((op) => op.path === 'goals.update')?.input as { data: Record<string, unknown> };
    expect(sent.data).toMatchObject({ title: 'Read a page aloud fluently' });
    expect(sent.data).not.toHaveProperty('targetDate');
  });
});

describe("GoalForm's measures", () => {
  // Issue 24: the baseline and the target hid under "More details".
  it('shows the baseline, the target and the unit without opening "More details"', () => {
    setup();
    expect(screen.getByRole('button', { name: 'More details' }).getAttribute('aria-expanded')).toBe('false');
    for (const label of [/^Baseline/, /^Target(?! date)/, /^Unit/]) expect(screen.getByLabelText(label).closest('[hidden]')).toBeNull();
    expect(screen.getByLabelText(/^Target date/, { selector: 'input' }).closest('[hidden]')).not.toBeNull();
  });
});
