// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetingPack } from '#shared/schemas/snapshot.ts';
import { meetingPackFileName, rangeProblem } from '../../../client/app/features/snapshots/use-meeting-pack.ts';
import { paperForLocale } from '../../../client/components/snapshot/paper.ts';
import MeetingPackPage from '../../../client/app/pages/meeting-pack-page.tsx';
import { childIdLink } from '../../../client/app/trpc/child-id-link.ts';
import { getSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';
import { fetchMock, renderWithFlags, serverFlags, useFakeServerFlags } from './server-flags.tsx';

const pack: MeetingPack = {
  firstName: 'Maya',
  from: '2025-12-01',
  to: '2026-11-27',
  plan: 'iep',
  goals: [
    {
      id: 3,
      title: 'Reads 20 minutes a day',
      area: 'reading',
      baseline: 5,
      target: 20,
      unit: 'minutes',
      points: [
        { on: '2026-01-10', value: 8 },
        { on: '2026-03-10', value: 12 },
      ],
      observations: [{ occurredAt: '2026-02-01T15:00:00.000Z', what: 'Read a whole chapter before bed' }],
      answers: [
        {
          name: 'Ms Lee',
          role: 'teacher',
          answeredAt: '2026-11-03T12:00:00.000Z',
          prompt: 'Minutes of reading in class today',
          kind: 'number',
          value: 15,
          unit: 'minutes',
        },
      ],
      strategies: [{ title: 'Audiobooks for class texts', active: true, effectiveness: 4 }],
    },
  ],
  documents: [{ id: 1, title: 'Fall progress report', category: 'progress-report', addedOn: '2026-10-01' }],
  questions: [{ kind: 'no-progress', text: 'Reads 20 minutes a day: no progress noted since Mar 10.', goalId: 3 }],
};

type Answer = (op: FakeOp) => unknown;

/** The server: the pack for the days asked, its own period for the days left out. */
const packFor: Answer = (op) => {
  if (op.path !== 'snapshots.meetingPack') return [];
  const input = op.input as { from?: string; to?: string };
  return { ...pack, from: input.from ?? pack.from, to: input.to ?? pack.to };
};

function renderPack(answer: Answer = packFor, role: 'owner' | 'viewer' = 'owner') {
  const api = fakeTrpc(answer, { role, child: { firstName: 'Maya' }, links: [childIdLink(getSelectedChildId)] });
  renderWithFlags(<MeetingPackPage />, api);
  return { ...api, asked: () => api.calls('snapshots.meetingPack').map((op) => op.input) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

useFakeServerFlags();
afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('the meeting pack screen', () => {
  it('opens on the server\u2019s period and shows the pack: goals with their chart, observations, strategies, documents, questions', async () => {
    const { asked } = renderPack();
    const document = await screen.findByRole('article', { name: 'IEP meeting pack for Maya' });
    expect(asked()).toEqual([{ childId: 1 }]);
    expect(field('From').value).toBe('2025-12-01');
    expect(field('To').value).toBe('2026-11-27');
    const goal = within(document).getByRole('region', { name: 'Reads 20 minutes a day' });
    expect(within(goal).getByRole('img').getAttribute('aria-label')).toMatch(/Reads 20 minutes a day/);
    expect(within(goal).getByText('Read a whole chapter before bed')).toBeTruthy();
    // Beside the parent's observations: what the teacher answered, with who and when.
    expect(within(goal).getByRole('heading', { name: 'What the team said' })).toBeTruthy();
    expect(within(goal).getByText(/Minutes of reading in class today/).textContent).toBe('Minutes of reading in class today: 15 minutes');
    expect(within(goal).getByText('from Ms Lee (teacher), answered Nov 3')).toBeTruthy();
    expect(within(goal).getByText(/Audiobooks for class texts/)).toBeTruthy();
    expect(within(document).getByText(/Fall progress report/)).toBeTruthy();
    expect(within(document).getByText('Reads 20 minutes a day: no progress noted since Mar 10.')).toBeTruthy();
  });

  it('under a goal\u2019s question, asks for data on that goal with a form tied to it; a viewer is not offered it', async () => {
    const api = renderPack((op) => (op.path === 'forms.create' ? { id: 41 } : packFor(op)));
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for data on this goal: Reads 20 minutes a day' }));
    await vi.waitFor(() => expect(api.calls('forms.create')).toHaveLength(1));
    const made = api.calls('forms.create')[0]?.input as { data: { questions: { goalId?: number | null }[] } } | undefined;
    expect(made?.data.questions.some((question) => question.goalId === 3)).toBe(true);
    cleanup();
    renderPack(packFor, 'viewer');
    await screen.findByRole('article', { name: 'IEP meeting pack for Maya' });
    expect(screen.queryByRole('button', { name: /Ask for data on this goal/ })).toBeNull();
  });

  it('asks again for the days chosen, and keeps a first day after the last from being asked', async () => {
    const { asked } = renderPack();
    await screen.findByRole('article', { name: 'IEP meeting pack for Maya' });
    fireEvent.change(field('From'), { target: { value: '2026-03-01' } });
    await vi.waitFor(() => expect(asked()).toContainEqual({ childId: 1, from: '2026-03-01' }));
    await vi.waitFor(() => expect(field('To').value).toBe('2026-11-27'));
    fireEvent.change(field('To'), { target: { value: '2026-02-01' } });
    expect(screen.getByText('The last day comes after the first')).toBeTruthy();
    expect(field('To').getAttribute('aria-invalid')).toBe('true');
    expect(asked().some((input) => (input as { to?: string }).to === '2026-02-01')).toBe(false);
    // The pack shown before stays; its PDF waits for a period that can be made.
    expect(screen.getByRole('article', { name: 'IEP meeting pack for Maya' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('with no goals, says what to add and where; a viewer is told who can add them', async () => {
    const empty: Answer = (op) => (op.path === 'snapshots.meetingPack' ? { ...pack, goals: [], documents: [], questions: [] } : []);
    renderPack(empty);
    expect(await screen.findByRole('heading', { name: 'No goals to show for Maya' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a goal in the progress planner' }).getAttribute('href')).toBe('/progress-planner');
    expect(screen.queryByRole('article', { name: 'IEP meeting pack for Maya' })).toBeNull();
    cleanup();
    renderPack(empty, 'viewer');
    expect(await screen.findByText("Someone who can change Maya's record can add the goals.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add a goal in the progress planner' })).toBeNull();
  });

  it('says it could not load the pack, and Try again asks once more', async () => {
    let fail = true;
    const { asked } = renderPack((op) =>
      fail && op.path === 'snapshots.meetingPack' ? serverError(503, 'SERVICE_UNAVAILABLE', 'down') : packFor(op),
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load the meeting pack just now. Please check your connection and try again.')).toBeTruthy();
    fail = false;
    const before = asked().length;
    fireEvent.click(retry);
    expect(await screen.findByRole('article', { name: 'IEP meeting pack for Maya' })).toBeTruthy();
    expect(asked().length).toBe(before + 1);
  });

  it('offline before the first answer, says the pack will show when back online', async () => {
    onlineManager.setOnline(false);
    const { asked } = renderPack();
    expect(await screen.findByText("You're offline. The meeting pack will show when you're back online.")).toBeTruthy();
    expect(asked()).toEqual([]);
  });

  it('downloads the PDF of the pack shown, on the paper chosen, through the API with the sign-in token', async () => {
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pack');
    renderPack();
    await screen.findByRole('article', { name: 'IEP meeting pack for Maya' });
    fireEvent.change(screen.getByLabelText('Paper'), { target: { value: 'a4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.download).toBe('Meeting pack - Maya - 2025-12-01 to 2026-11-27.pdf');
    const call = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/snapshots/'));
    expect(call?.[0]).toBe('/api/snapshots/meeting-pack/pdf?childId=1&from=2025-12-01&to=2026-11-27&paper=a4');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer aaa.bbb.ccc');
  });

  it('says why the PDF could not be made, beside the button', async () => {
    renderPack();
    await screen.findByRole('article', { name: 'IEP meeting pack for Maya' });
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not make the PDF just now. Please try again.');
  });

  it('offers Print only with FLAG_PDF_PRINT_STYLES on, and the document then carries the print stylesheet', async () => {
    renderPack();
    const plain = await screen.findByRole('article', { name: 'IEP meeting pack for Maya' });
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(plain.classList.contains('print-document')).toBe(false);
    cleanup();

    serverFlags({ FLAG_PDF_PRINT_STYLES: true });
    const print = vi.fn<() => void>();
    vi.stubGlobal('print', print);
    renderPack();
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('article', { name: 'IEP meeting pack for Maya' }).classList.contains('print-document')).toBe(true);
  });
});

describe('meeting pack helpers', () => {
  it('refuses a first day after the last, and a period over two years', () => {
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('The last day comes after the first');
    expect(rangeProblem({ from: '2024-01-01', to: '2026-03-01' })).toBe('Choose a period of two years at most');
    expect(rangeProblem({ from: '2025-03-01', to: '2026-03-01' })).toBeNull();
    expect(rangeProblem({ from: '2026-03-02' })).toBeNull();
  });

  it('names the file for the child and the period, and picks Letter or A4 from the browser\u2019s language', () => {
    expect(meetingPackFileName({ firstName: 'Ana/Lu', from: '2026-01-01', to: '2026-06-30' })).toBe(
      'Meeting pack - AnaLu - 2026-01-01 to 2026-06-30.pdf',
    );
    expect(['en-US', 'en-CA', 'es-MX', 'en', undefined, 'en-GB', 'fr-FR', 'de', 'en-AU'].map(paperForLocale)).toEqual([
      'letter',
      'letter',
      'letter',
      'letter',
      'letter',
      'a4',
      'a4',
      'a4',
      'a4',
    ]);
  });
});
