// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Observation } from '#shared/schemas/observation.ts';
import { ObservationItem } from '../../../client/app/features/observations/observation-item.tsx';
import { QuickObservationForm } from '../../../client/app/features/observations/quick-observation-form.tsx';
import { useObservationList } from '../../../client/app/features/observations/use-observations.ts';
import { useLogObservation } from '../../../client/app/features/observations/use-log-observation.ts';
import { trpc } from '../../../client/app/trpc/trpc.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, serverError, type FakeOp as Op } from '../../helpers/fake-trpc.tsx';

function saved(id: number, data: Record<string, unknown>): Observation {
  return {
    id,
    childId: 1,
    what: String(data.what),
    occurredAt: typeof data.occurredAt === 'string' ? data.occurredAt : new Date().toISOString(),
    setting: (data.setting as Observation['setting']) ?? 'home',
    antecedent: null,
    behaviour: null,
    consequence: null,
    mood: null,
    tags: (data.tags as string[]) ?? [],
    isWin: data.isWin === true,
    goalId: null,
    source: null,
    addedBy: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
}

function createAnswer(op: Op): unknown {
  if (op.path === 'observations.create') return saved(41, (op.input as { data: Record<string, unknown> }).data);
  if (op.path === 'dashboard.stats') return {};
  return [];
}

beforeEach(() => {
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => cleanup());

describe('QuickObservationForm', () => {
  it('saves a note in three steps (click, type, Save), then empties, keeps the cursor there, and says so', async () => {
    const user = userEvent.setup();
    const { calls, wrapper } = fakeTrpc(createAnswer);
    const onSaved = vi.fn<(observation: Observation) => void>();
    render(<QuickObservationForm onSaved={onSaved} />, { wrapper });

    const what = screen.getByLabelText('What happened');
    await user.click(what);
    await user.keyboard('Read a whole page aloud');
    await user.click(screen.getByRole('button', { name: 'Save observation' }));

    expect(await screen.findByText('Observation saved')).toBeTruthy();
    expect(calls('observations.create').map((op) => op.input)).toEqual([
      { data: { what: 'Read a whole page aloud', setting: 'home', isWin: false } },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 41, what: 'Read a whole page aloud' }));
    expect((what as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(what);
  });

  it('shows the time it will save at: an untouched "When" follows the clock, a changed one stays', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      vi.setSystemTime(new Date(2026, 10, 27, 9, 0));
      const { wrapper } = fakeTrpc(createAnswer);
      render(<QuickObservationForm />, { wrapper });
      const when = screen.getByLabelText('When') as HTMLInputElement;
      expect(when.value).toBe('2026-11-27T09:00');

      act(() => vi.advanceTimersByTime(12 * 60_000));
      expect(when.value).toBe('2026-11-27T09:12');

      fireEvent.change(when, { target: { value: '2026-11-26T18:30' } });
      act(() => vi.advanceTimersByTime(5 * 60_000));
      expect(when.value).toBe('2026-11-26T18:30');
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes a win one click, with where and tags', async () => {
    const user = userEvent.setup();
    const { calls, wrapper } = fakeTrpc(createAnswer);
    render(<QuickObservationForm />, { wrapper });

    await user.type(screen.getByLabelText('What happened'), 'Asked the teacher for help');
    await user.click(screen.getByRole('radio', { name: 'School' }));
    const win = screen.getByRole('button', { name: 'This was a win' });
    expect(win.getAttribute('aria-pressed')).toBe('false');
    await user.click(win);
    expect(win.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: /More details/ }));
    await user.type(screen.getByLabelText(/^Tags/), 'self-advocacy,class{Enter}');
    expect(screen.getByRole('list', { name: 'Tags added' }).textContent).toContain('self-advocacy');
    await user.click(screen.getByRole('button', { name: 'Save observation' }));

    await screen.findByText('A win worth remembering.');
    expect(calls('observations.create')[0]?.input).toEqual({
      data: { what: 'Asked the teacher for help', setting: 'school', isWin: true, tags: ['self-advocacy', 'class'] },
    });
    // The form is ready for the next note: the win toggle is off again.
    expect(screen.getByRole('button', { name: 'This was a win' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('explains an empty note without calling the API and puts the cursor on the field', async () => {
    const user = userEvent.setup();
    const { calls, wrapper } = fakeTrpc(createAnswer);
    render(<QuickObservationForm />, { wrapper });
    await user.click(screen.getByRole('button', { name: 'Save observation' }));
    expect(await screen.findByText('Say what happened')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('What happened'));
    expect(calls('observations.create')).toHaveLength(0);
  });

  it('shows what the server says about a field next to it, and keeps the text', async () => {
    const user = userEvent.setup();
    const error = serverError(400, 'BAD_REQUEST', 'Some fields need attention', [
      { path: 'data.what', message: 'At most 2000 characters' },
    ]);
    const { wrapper } = fakeTrpc((op) => (op.path === 'observations.create' ? error : []));
    render(<QuickObservationForm />, { wrapper });
    await user.type(screen.getByLabelText('What happened'), 'Too long, says the server');
    await user.click(screen.getByRole('button', { name: 'Save observation' }));
    expect(await screen.findByText('At most 2000 characters')).toBeTruthy();
    expect((screen.getByLabelText('What happened') as HTMLTextAreaElement).value).toBe('Too long, says the server');
  });

  it("says why a save failed in the server's words, without the HTTP status, and keeps the text", async () => {
    const user = userEvent.setup();
    const { wrapper } = fakeTrpc((op) =>
      op.path === 'observations.create' ? serverError(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a minute.') : [],
    );
    render(<QuickObservationForm />, { wrapper });
    await user.type(screen.getByLabelText('What happened'), 'Built a tower');
    await user.click(screen.getByRole('button', { name: 'Save observation' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('We could not save this note: Too many requests. Please wait a minute. What you wrote is still here.');
    expect((screen.getByLabelText('What happened') as HTMLTextAreaElement).value).toBe('Built a tower');
  });

  it('in compact form asks only for what, when, where and the win', () => {
    const { wrapper } = fakeTrpc();
    // oxlint-disable-next-line jsx-a11y/no-autofocus -- the component's prop, which focuses its field on purpose
    render(<QuickObservationForm compact autoFocus />, { wrapper });
    expect(screen.queryByRole('button', { name: /More details/ })).toBeNull();
    expect(screen.getByLabelText('When')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(document.activeElement).toBe(screen.getByLabelText('What happened'));
  });
});

describe('ObservationItem', () => {
  const note = saved(5, { what: 'Read a page aloud', occurredAt: '2026-03-04T16:05:00.000Z' });
  const item = (wrapper: ReturnType<typeof fakeTrpc>['wrapper']) =>
    render(
      <ul>
        <ObservationItem observation={note} goalTitle={undefined} onTagSelect={() => undefined} onDeleted={() => undefined} />
      </ul>,
      { wrapper },
    );

  it('says why a delete failed in the server\'s words, without "404:"', async () => {
    const user = userEvent.setup();
    const { wrapper } = fakeTrpc(
      (op) => (op.path === 'observations.delete' ? serverError(404, 'NOT_FOUND', 'Observation not found') : []),
      {
        role: 'owner',
      },
    );
    item(wrapper);
    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not delete it: Observation not found');
  });

  it("says why an edit did not save in the server's words", async () => {
    const user = userEvent.setup();
    const { wrapper } = fakeTrpc(
      (op) => (op.path === 'observations.update' ? serverError(404, 'NOT_FOUND', 'Observation not found') : []),
      {
        role: 'owner',
      },
    );
    item(wrapper);
    await user.click(screen.getByRole('button', { name: /^Edit/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByText(/We could not save the changes/)).textContent).toBe(
      'We could not save the changes: Observation not found',
    );
  });
});

describe('observations data hooks', () => {
  it('pages with filter.before and refreshes the list, trend, stats and activity after a note is logged', async () => {
    const firstPage = Array.from({ length: 50 }, (_, index) => saved(200 - index, { what: `n${index}`, isWin: true }));
    const secondPage = [saved(150, { what: 'older', isWin: true }), saved(149, { what: 'oldest', isWin: true })];
    const { calls, wrapper } = fakeTrpc((op) => {
      if (op.path === 'observations.list') {
        const filter = (op.input as { filter: { before?: number } }).filter;
        return filter.before === undefined ? firstPage : secondPage;
      }
      return createAnswer(op);
    });
    const { result } = renderHook(
      () => ({
        list: useObservationList({ winsOnly: true }),
        trend: trpc.observations.weeklyTrend.useQuery(),
        stats: trpc.dashboard.stats.useQuery(),
        activities: trpc.activities.list.useQuery({}),
        log: useLogObservation(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.observations).toHaveLength(50));
    expect(result.current.list.hasMore).toBe(true);
    expect(calls('observations.list')[0]?.input).toEqual({ filter: { winsOnly: true, limit: 50 } });

    act(() => result.current.list.loadMore());
    await waitFor(() => expect(result.current.list.observations).toHaveLength(52));
    expect(calls('observations.list')[1]?.input).toEqual({ filter: { winsOnly: true, limit: 50, before: 151 } });
    expect(result.current.list.hasMore).toBe(false);

    const before = {
      list: calls('observations.list').length,
      trend: calls('observations.weeklyTrend').length,
      stats: calls('dashboard.stats').length,
      activities: calls('activities.list').length,
    };
    await act(() => result.current.log.mutateAsync({ data: { what: 'A new note' } }));
    await waitFor(() => {
      expect(calls('observations.list').length).toBeGreaterThan(before.list);
      expect(calls('observations.weeklyTrend').length).toBeGreaterThan(before.trend);
      expect(calls('dashboard.stats').length).toBeGreaterThan(before.stats);
      expect(calls('activities.list').length).toBeGreaterThan(before.activities);
    });
  });
});
