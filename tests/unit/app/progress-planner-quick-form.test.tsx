// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '#shared/calendar.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import { QuickProgressForm } from '../../../client/app/features/progress-planner/quick-progress-form.tsx';
import { localToday } from '../../../client/lib/dates.ts';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

function goal(id: number, title: string, extra: Partial<Goal> = {}): Goal {
  return {
    id,
    childId: 1,
    area: 'reading',
    title,
    description: null,
    baseline: 60,
    target: 90,
    unit: 'words per minute',
    targetDate: null,
    status: 'in-progress',
    source: 'iep',
    latestProgress: null,
    isStale: false,
    addedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** A fake server: answers goals.list, records addProgress, and counts every operation. */
function setup(goals: Goal[], props: { goalId?: number; onSaved?: (entry: unknown) => void } = {}) {
  const { ops, wrapper } = fakeTrpc((op) => {
    if (op.path === 'goals.list') return goals;
    if (op.path === 'goals.addProgress') {
      const input = (op.input as { data: { goalId: number; recordedOn: string; value: number; note?: string } }).data;
      return {
        id: 7,
        goalId: input.goalId,
        recordedOn: input.recordedOn,
        value: input.value,
        note: input.note ?? null,
        createdAt: '2026-03-10T10:00:00.000Z',
      };
    }
    return null;
  });
  render(<QuickProgressForm {...props} />, { wrapper });
  return { ops };
}

afterEach(() => cleanup());

describe('QuickProgressForm', () => {
  it('with no goals, says so and leads to the progress planner', async () => {
    setup([]);
    const link = await screen.findByRole('link', { name: /Add a first goal/ });
    expect(link.getAttribute('href')).toBe('/progress-planner');
    expect(screen.getByText(/There are no goals yet/)).toBeTruthy();
  });

  it("records a value on the only active goal, dated today, and shows the goal's unit", async () => {
    const onSaved = vi.fn<(entry: unknown) => void>();
    const { ops } = setup([goal(3, 'Reading fluency'), goal(4, 'Spelling', { status: 'achieved' })], { onSaved });
    const user = userEvent.setup();
    const value = await screen.findByLabelText('Value (words per minute)');
    expect(screen.getByText('Reading fluency')).toBeTruthy();
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe(localToday());

    await user.click(screen.getByRole('button', { name: 'Save progress' }));
    expect(await screen.findByText('Enter a value')).toBeTruthy();
    expect(ops.some((op) => op.path === 'goals.addProgress')).toBe(false);

    await user.type(value, '72');
    await user.type(screen.getByLabelText(/^Note/), 'Read to grandma');
    await user.click(screen.getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const sent = ops.find((op) => op.path === 'goals.addProgress');
    expect(sent?.input).toEqual({ data: { goalId: 3, recordedOn: localToday(), value: 72, note: 'Read to grandma' } });
    expect(await screen.findByText('Progress recorded')).toBeTruthy();
    // The form is ready for the next entry.
    expect((screen.getByLabelText('Value (words per minute)') as HTMLInputElement).value).toBe('');
  });

  it('asks which goal when there are several', async () => {
    const { ops } = setup([goal(3, 'Reading fluency'), goal(5, 'Calm mornings', { unit: null })]);
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Goal');
    await user.type(screen.getByLabelText('Value'), '4');
    await user.click(screen.getByRole('button', { name: 'Save progress' }));
    expect(await screen.findByText('Choose which goal this is for')).toBeTruthy();
    await user.selectOptions(select, 'Reading fluency');
    expect(screen.getByLabelText('Value (words per minute)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(ops.some((op) => op.path === 'goals.addProgress')).toBe(true));
  });

  it('records on the goal it is given without asking', async () => {
    const { ops } = setup([goal(3, 'Reading fluency'), goal(5, 'Calm mornings', { unit: 'calm mornings a week' })], { goalId: 5 });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Value (calm mornings a week)'), '3');
    expect(screen.queryByLabelText('Goal')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(ops.find((op) => op.path === 'goals.addProgress')?.input).toMatchObject({ data: { goalId: 5, value: 3 } }));
  });

  it('offers no day after today, and refuses one typed in with the same words as the server', async () => {
    const { ops } = setup([goal(3, 'Reading fluency')], { goalId: 3 });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Value (words per minute)'), '70');
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    expect(date.max).toBe(localToday());

    const tomorrow = addDays(localToday(), 1);
    await user.clear(date);
    await user.type(date, tomorrow);
    await user.click(screen.getByRole('button', { name: 'Save progress' }));
    expect(await screen.findByText('This is in the future. When did it happen?')).toBeTruthy();
    expect(ops.some((op) => op.path === 'goals.addProgress')).toBe(false);
  });
});

describe('QuickProgressForm offline', () => {
  let online = true;
  const goOnline = (value: boolean) => {
    online = value;
    act(() => {
      window.dispatchEvent(new Event(value ? 'online' : 'offline'));
    });
  };
  const leavingIsQuestioned = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  afterEach(() => {
    if (!online) goOnline(true);
    vi.restoreAllMocks();
  });

  it('says the entry is kept and saves it once when the connection is back, asking before leaving meanwhile', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const user = userEvent.setup();
    const { ops } = setup([goal(3, 'Reading fluency')], { goalId: 3 });
    const value = (await screen.findByLabelText('Value (words per minute)')) as HTMLInputElement;
    await user.type(value, '72');
    expect(leavingIsQuestioned()).toBe(true);

    goOnline(false);
    await user.click(screen.getByRole('button', { name: 'Save progress' }));
    const form = screen.getByRole('form', { name: 'Record progress on Reading fluency' });
    expect(within(form).getByRole('status').textContent).toBe(
      "You're offline. Your progress entry is kept here and will be saved when you're back online.",
    );
    expect(screen.getByRole('button', { name: 'Save progress' }).getAttribute('aria-busy')).toBeNull();
    expect(ops.filter((op) => op.path === 'goals.addProgress')).toHaveLength(0);

    goOnline(true);
    await waitFor(() => expect(value.value).toBe(''));
    expect(ops.filter((op) => op.path === 'goals.addProgress')).toHaveLength(1);
    expect(within(form).getByRole('status').textContent).toBe('');
    expect(leavingIsQuestioned()).toBe(false);
  });
});
