// @vitest-environment happy-dom
/**
 * WCAG 3.2.2 on the progress planner: a goal's status and a strategy's rating are chosen first and
 * saved by a button, so arrowing through the choices saves nothing; a failed save is said beside the
 * control and stays; focus is never dropped to the page.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Goal } from '#shared/schemas/goal.ts';
import type { Strategy } from '#shared/schemas/strategy.ts';
import ProgressPlannerPage from '../../../client/app/pages/progress-planner-page.tsx';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';

function goal(extra: Partial<Goal> = {}): Goal {
  return {
    id: 3,
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
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  } as Goal;
}

function strategy(extra: Partial<Strategy> = {}): Strategy {
  return {
    id: 5,
    childId: 1,
    title: 'Paired reading',
    description: null,
    kind: 'routine',
    whereUsed: 'home',
    effectiveness: 2,
    active: true,
    goalIds: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  } as Strategy;
}

/** The planner over a fake server that keeps one goal and one strategy and applies their updates. */
function planner({ failUpdates = false } = {}) {
  let current: Goal | null = goal();
  let kept = strategy();
  const added: Strategy[] = [];
  const api = fakeTrpc(
    (op: FakeOp) => {
      const input = op.input as { id?: number; data?: Record<string, unknown> } | undefined;
      switch (op.path) {
        case 'goals.list':
          return current ? [current] : [];
        case 'strategies.list':
          return [kept, ...added];
        case 'strategies.create': {
          const made = strategy({ id: 6, ...(input?.data as Partial<Strategy>) });
          added.push(made);
          return made;
        }
        case 'goals.update':
          if (failUpdates) return serverError(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong');
          current = { ...current, ...input?.data } as Goal;
          return current;
        case 'goals.delete':
          if (failUpdates) return serverError(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong');
          current = null;
          return { id: 3 };
        case 'strategies.update':
          if (failUpdates) return serverError(500, 'INTERNAL_SERVER_ERROR', 'Something went wrong');
          kept = { ...kept, ...input?.data } as Strategy;
          return kept;
        default:
          return [];
      }
    },
    { role: 'owner' },
  );
  render(<ProgressPlannerPage />, { wrapper: api.wrapper });
  return api;
}

afterEach(() => cleanup());

describe("a goal's status", () => {
  it('changes nothing while the parent arrows through it; "Save status" saves it once and focus stays on the goal', async () => {
    const user = userEvent.setup();
    const { calls } = planner();
    const status = (await screen.findByRole('combobox', { name: 'Status' })) as HTMLSelectElement;
    // Each arrow key on a closed select is a change event, as each choice here is.
    await user.selectOptions(status, 'achieved');
    await user.selectOptions(status, 'paused');
    await user.selectOptions(status, 'achieved');
    expect(calls('goals.update')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(calls('goals.update')).toHaveLength(1));
    expect(calls('goals.update').map((op) => (op.input as { data: unknown }).data)).toEqual([{ status: 'achieved' }]);
    // The card moves to "Achieved"; focus goes with it to its status.
    await waitFor(() => expect(screen.getByRole('heading', { name: /Achieved/ })).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Status' })));
    expect(screen.queryByRole('button', { name: 'Save status' })).toBeNull();
  });

  it('Cancel puts the saved status back and focus on the select', async () => {
    const user = userEvent.setup();
    const { calls } = planner();
    const status = (await screen.findByRole('combobox', { name: 'Status' })) as HTMLSelectElement;
    await user.selectOptions(status, 'paused');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(status.value).toBe('in-progress');
    expect(document.activeElement).toBe(status);
    expect(calls('goals.update')).toHaveLength(0);
  });

  it('a failed save is said beside the select and stays there after the toast', async () => {
    const user = userEvent.setup();
    planner({ failUpdates: true });
    const status = (await screen.findByRole('combobox', { name: 'Status' })) as HTMLSelectElement;
    await user.selectOptions(status, 'achieved');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    const card = screen.getByRole('article', { name: 'Read a page aloud' });
    await waitFor(() => expect(within(card).getByText(/The status did not change/)).toBeTruthy());
    expect(status.getAttribute('aria-describedby')).toBe(within(card).getByText(/The status did not change/).id);
    // The choice is kept to try again.
    expect(status.value).toBe('achieved');
  });
});

describe("a strategy's rating", () => {
  it('arrowing between stars saves nothing; "Save rating" saves the chosen one', async () => {
    const user = userEvent.setup();
    const { calls } = planner();
    const card = await screen.findByRole('article', { name: 'Paired reading' });
    const checked = within(card).getByRole('radio', { checked: true });
    checked.focus();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    expect(calls('strategies.update')).toHaveLength(0);
    expect(within(card).getByRole('radio', { checked: true }).getAttribute('value')).toBe('4');

    await user.click(within(card).getByRole('button', { name: 'Save rating' }));
    await waitFor(() => expect(calls('strategies.update')).toHaveLength(1));
    expect(calls('strategies.update').map((op) => (op.input as { data: unknown }).data)).toEqual([{ effectiveness: 4 }]);
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Save rating' })).toBeNull());
    expect(within(card).getByRole('radio', { checked: true }).getAttribute('value')).toBe('4');
    expect(document.activeElement).toBe(within(card).getByRole('radio', { checked: true }));
  });

  it('the In use switch keeps focus while it saves, and a failure stays beside it', async () => {
    const user = userEvent.setup();
    planner({ failUpdates: true });
    const card = await screen.findByRole('article', { name: 'Paired reading' });
    const inUse = within(card).getByRole('switch', { name: 'In use' });
    await user.click(inUse);
    expect(document.activeElement).toBe(inUse);
    expect((inUse as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(within(card).getByText(/That change did not save/)).toBeTruthy());
  });
});

describe('a delete that fails', () => {
  it('keeps the question open with a line saying it did not go through', async () => {
    const user = userEvent.setup();
    planner({ failUpdates: true });
    const card = await screen.findByRole('article', { name: 'Read a page aloud' });
    await user.click(within(card).getByRole('button', { name: 'Delete goal: Read a page aloud' }));
    const confirm = within(card).getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    const said = await within(card).findByText('That did not go through. Please try again.');
    expect(confirm.getAttribute('aria-describedby')).toContain(said.id);
    expect(within(card).getByRole('button', { name: 'Keep it' })).toBeTruthy();
  });
});

describe('a delete that goes through', () => {
  it('puts focus on the list’s heading, in place of the button that went with the goal', async () => {
    const user = userEvent.setup();
    planner();
    const card = await screen.findByRole('article', { name: 'Read a page aloud' });
    await user.click(within(card).getByRole('button', { name: 'Delete goal: Read a page aloud' }));
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Read a page aloud' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Goals' }));
  });
});

describe('retiring a strategy', () => {
  it('moves it under "Retired", and focus goes there with it', async () => {
    const user = userEvent.setup();
    planner();
    const card = await screen.findByRole('article', { name: 'Paired reading' });
    await user.click(within(card).getByRole('switch', { name: 'In use' }));
    const retired = await screen.findByText('Retired (1)');
    await waitFor(() => expect(document.activeElement).toBe(retired));
  });
});

describe('adding a strategy', () => {
  it('puts focus on the new strategy once it is listed', async () => {
    const user = userEvent.setup();
    planner();
    await user.click(await screen.findByRole('button', { name: 'Add a strategy' }));
    const form = screen.getByRole('form', { name: 'Add a strategy' });
    await user.type(within(form).getByLabelText('Strategy'), 'Visual timer');
    await user.click(within(form).getByRole('button', { name: 'Add strategy' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Visual timer' })));
  });
});
