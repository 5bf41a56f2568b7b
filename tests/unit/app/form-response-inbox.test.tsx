// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerText } from '#shared/form-answers.ts';
import type { Form, FormResponse } from '#shared/schemas/form.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import { FormsList } from '../../../client/app/features/forms/forms-list.tsx';
import { ResponseInbox } from '../../../client/app/features/forms/response-inbox.tsx';
import { formatDate } from '../../../client/lib/dates.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';

const ANSWERED = '2026-11-03T15:00:00.000Z';

function responseFixture(overrides: Partial<FormResponse> = {}): FormResponse {
  return {
    id: 7,
    formId: 3,
    formTitle: 'Weekly check-in',
    status: 'pending',
    recipientName: 'Ms Lee',
    recipientRole: 'teacher',
    answeredAt: ANSWERED,
    decidedAt: null,
    decidedBy: null,
    answers: [
      {
        questionId: 'q1',
        kind: 'count',
        prompt: 'How many times did Sam start work without a prompt?',
        unit: 'times',
        goalId: 12,
        value: 4,
        becomes: 'progress',
        goal: {
          id: 12,
          title: 'Start work on his own',
          unit: 'times',
          baseline: 1,
          target: 5,
          recent: [
            { on: '2026-10-20', value: 2 },
            { on: '2026-10-27', value: 3 },
          ],
        },
      },
      {
        questionId: 'q2',
        kind: 'text',
        prompt: 'Anything else this week?',
        unit: null,
        goalId: null,
        value: 'He helped a classmate with reading.',
        becomes: 'observation',
        goal: null,
      },
      {
        questionId: 'q3',
        kind: 'yes-no',
        prompt: 'Was he at school all week?',
        unit: null,
        goalId: null,
        value: true,
        becomes: 'none',
        goal: null,
      },
      {
        questionId: 'q4',
        kind: 'date',
        prompt: 'When is the next test?',
        unit: null,
        goalId: null,
        value: '2026-11-20',
        becomes: 'none',
        goal: null,
      },
      { questionId: 'q5', kind: 'scale', prompt: 'How calm was he?', unit: null, goalId: null, value: null, becomes: 'none', goal: null },
    ],
    ...overrides,
  };
}

function formFixture(overrides: Partial<Form> = {}): Form {
  return {
    id: 3,
    childId: 1,
    title: 'Weekly check-in',
    intro: null,
    template: 'teacher-weekly',
    questions: [],
    activeLinks: 1,
    pendingResponses: 2,
    addedBy: { name: 'Ana', isYou: true },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The inbox over a fake API: `list` answers formResponses.list (by its filter), `answer` anything first. */
function renderInbox({
  role = 'owner' as ChildRole,
  list = (_filter: { status?: string; goalId?: number }): unknown => [responseFixture()],
  answer = (_op: FakeOp): unknown => undefined,
  goalId = undefined as number | undefined,
} = {}) {
  const api = fakeTrpc(
    (op) => {
      const given = answer(op);
      if (given !== undefined) return given;
      if (op.path === 'formResponses.list') return list((op.input as { filter: { status?: string; goalId?: number } }).filter);
      return [];
    },
    { role },
  );
  render(<ResponseInbox {...(goalId !== undefined ? { goalId } : {})} />, { wrapper: api.wrapper });
  return api;
}

beforeEach(() => {
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => cleanup());

describe('the form answers inbox', () => {
  it('shows who answered, when, the form, each answer beside its question, the goal with its recent values and what approving does', async () => {
    renderInbox();
    const card = await screen.findByRole('article', { name: 'Ms Lee (teacher), answered Nov 3' });
    const inCard = within(card);
    expect(inCard.getByText('Weekly check-in')).toBeTruthy();
    expect(inCard.getByText('How many times did Sam start work without a prompt?')).toBeTruthy();
    expect(inCard.getByText('4 times')).toBeTruthy();
    expect(card.textContent).toContain('Goal: Start work on his own');
    expect(inCard.getByText(/Recent \(times\): 2 \(Oct 20\), 3 \(Oct 27\)/)).toBeTruthy();
    expect(inCard.getByText('Becomes a progress entry on Start work on his own')).toBeTruthy();
    expect(inCard.getByText('He helped a classmate with reading.')).toBeTruthy();
    expect(inCard.getByText('Becomes an observation')).toBeTruthy();
    expect(inCard.getByText('Yes')).toBeTruthy();
    expect(inCard.getByText(formatDate('2026-11-20'))).toBeTruthy();
    expect(inCard.getByText('Not answered')).toBeTruthy();
    expect(inCard.getAllByText('Stays in the response')).toHaveLength(3);
  });

  it('writes each kind of answer as a parent reads it', () => {
    expect(answerText({ kind: 'number', value: 72.5, unit: 'words per minute' })).toBe('72.5 words per minute');
    expect(answerText({ kind: 'count', value: 3, unit: null })).toBe('3 times');
    expect(answerText({ kind: 'count', value: 1, unit: null })).toBe('1 time');
    expect(answerText({ kind: 'date', value: '2026-11-03', unit: null })).toBe('Nov 3, 2026');
    expect(answerText({ kind: 'scale', value: 4, unit: null })).toBe('4 of 5');
    expect(answerText({ kind: 'yes-no', value: false, unit: null })).toBe('No');
    expect(answerText({ kind: 'text', value: '  ', unit: null })).toBe('Not answered');
  });

  it('approves a response: the call, a toast saying what was added, and the list without it, focus on the inbox heading', async () => {
    let decided = false;
    const api = renderInbox({
      list: (filter) => (filter.status === 'pending' && !decided ? [responseFixture()] : []),
      answer: (op) => {
        if (op.path !== 'formResponses.approve') return undefined;
        decided = true;
        return { ...responseFixture({ status: 'approved' }), progressEntryIds: [40], observationIds: [41] };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve the answers from Ms Lee (teacher), answered Nov 3' }));
    await waitFor(() => expect(api.calls('formResponses.approve')).toHaveLength(1));
    expect(api.calls('formResponses.approve')[0]?.input).toMatchObject({ id: 7 });
    expect(await screen.findByText('Answers from Ms Lee added')).toBeTruthy();
    expect(screen.getByText('1 progress entry and 1 observation added.')).toBeTruthy();
    expect(await screen.findByText(/No answers are waiting/)).toBeTruthy();
    // Approving refreshes what the answers became: the goals and the observations.
    expect(api.calls('formResponses.list').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Answers from forms'));
  });

  it('leaves a response out with a toast, and shows it under "Left out"', async () => {
    let decided = false;
    const api = renderInbox({
      list: (filter) => {
        if (filter.status === 'pending') return decided ? [] : [responseFixture()];
        if (filter.status === 'rejected' && decided) {
          return [responseFixture({ status: 'rejected', decidedAt: '2026-11-04T09:00:00.000Z', decidedBy: { name: 'Ana', isYou: true } })];
        }
        return [];
      },
      answer: (op) => {
        if (op.path !== 'formResponses.reject') return undefined;
        decided = true;
        return responseFixture({ status: 'rejected' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave out the answers from Ms Lee (teacher), answered Nov 3' }));
    await waitFor(() => expect(api.calls('formResponses.reject')).toHaveLength(1));
    expect(await screen.findByText('Answers from Ms Lee left out')).toBeTruthy();
    expect(await screen.findByText(/No answers are waiting/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Left out' }));
    const card = await screen.findByRole('article', { name: 'Ms Lee (teacher), answered Nov 3' });
    expect(within(card).getByText(/Left out by you/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(within(card).queryByText(/Becomes/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Left out' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows approved answers behind the filter with what they became', async () => {
    renderInbox({
      list: (filter) =>
        filter.status === 'approved'
          ? [responseFixture({ status: 'approved', decidedAt: '2026-11-04T09:00:00.000Z', decidedBy: { name: 'Ana', isYou: false } })]
          : [],
    });
    expect(await screen.findByText(/No answers are waiting/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    expect(await screen.findByText('Added as a progress entry on Start work on his own')).toBeTruthy();
    expect(screen.getByText(/Approved by Ana/)).toBeTruthy();
  });

  it('says when a refusal comes back (already decided), in the server’s words', async () => {
    renderInbox({
      answer: (op) =>
        op.path === 'formResponses.approve' ? serverError(409, 'CONFLICT', 'These answers were already approved or left out.') : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Approve the answers/ }));
    expect(await screen.findByText('We could not approve those answers')).toBeTruthy();
    expect(screen.getByText('These answers were already approved or left out.')).toBeTruthy();
  });

  it('a viewer reads the answers with no Approve or Leave out', async () => {
    renderInbox({ role: 'viewer' });
    expect(await screen.findByRole('article', { name: 'Ms Lee (teacher), answered Nov 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve the answers/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Leave out the answers/ })).toBeNull();
  });

  it('on a goal, asks only for that goal’s answers and says so when none wait', async () => {
    const api = renderInbox({ goalId: 12, list: () => [] });
    expect(await screen.findByText(/No answers about this goal are waiting/)).toBeTruthy();
    expect(api.calls('formResponses.list')[0]?.input).toMatchObject({ filter: { status: 'pending', goalId: 12 } });
  });

  it('says when the answers could not be loaded, and Try again asks again', async () => {
    let fail = true;
    renderInbox({ list: () => (fail ? serverError(500, 'INTERNAL_SERVER_ERROR', 'boom') : [responseFixture()]) });
    expect(await screen.findByText('We could not load the answers just now.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Ms Lee (teacher), answered Nov 3' })).toBeTruthy();
  });
});

describe('the forms list', () => {
  function renderList(role: ChildRole, forms: Form[]) {
    const api = fakeTrpc((op) => (op.path === 'forms.list' ? forms : []), { role });
    render(<FormsList firstName="Sam" />, { wrapper: api.wrapper });
  }

  it('lists each form with its questions, open links and waiting answers, and Edit to the editor', async () => {
    renderList('updater', [formFixture({ questions: [], activeLinks: 2, pendingResponses: 1 })]);
    const card = await screen.findByRole('article', { name: 'Weekly check-in' });
    expect(within(card).getByText('No questions yet · 2 open links · 1 answer waiting')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit Weekly check-in' }).getAttribute('href')).toBe('/forms/3/edit');
  });

  it('a viewer sees the forms without Edit; no form yet is said plainly', async () => {
    renderList('viewer', [formFixture()]);
    expect(await screen.findByRole('article', { name: 'Weekly check-in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    cleanup();
    renderList('owner', []);
    expect(await screen.findByText(/No form yet/)).toBeTruthy();
  });
});
