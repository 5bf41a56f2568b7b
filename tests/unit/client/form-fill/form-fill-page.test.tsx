// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormFillView } from '../../../../shared/schemas/form.ts';
import FormFillPage from '../../../../client/link-pages/form-fill-page.tsx';
import { draftKey, FILL_MESSAGES, fillFormId } from '../../../../client/link-pages/form-fill.ts';
import { json, linkError, linkServer } from '../../../helpers/link-server.ts';

const TOKEN = 'b'.repeat(43);
const KEY = draftKey('12', TOKEN);

const base = { required: false, unit: null, scaleLow: null, scaleHigh: null };
function fillView(overrides: Partial<FormFillView> = {}): FormFillView {
  return {
    title: 'Weekly check-in',
    intro: 'Thank you for helping us see the week.',
    firstName: 'Maya',
    recipientName: 'Ms Lee',
    recipientRole: 'teacher',
    expiresAt: '2026-12-11T10:00:00.000Z',
    singleUse: false,
    questions: [
      { ...base, id: 'starts', kind: 'count', prompt: 'How many times did she start work without a prompt?', required: true },
      { ...base, id: 'calm', kind: 'yes-no', prompt: 'Was the week calm?' },
      { ...base, id: 'notes', kind: 'text', prompt: 'Anything else?' },
    ],
    ...overrides,
  };
}

const server = linkServer(`/forms/12/fill#${TOKEN}`);
const { requests } = server;
beforeEach(() => {
  localStorage.clear();
});

async function opened(view = fillView()) {
  server.answers['/api/forms/fill'] = [json(200, view)];
  render(<FormFillPage />);
  return screen.findByRole('heading', { level: 1, name: view.title });
}

const countField = () => within(screen.getByRole('group', { name: /How many times/ })).getByRole('textbox');

describe('the form fill page', () => {
  it('opens the form with the token in the body only: intro, questions, titled, not indexed, focus on the title', async () => {
    const heading = await opened();
    expect(requests).toEqual([{ url: '/api/forms/fill', body: { token: TOKEN } }]);
    expect(screen.getByText('Thank you for helping us see the week.')).toBeTruthy();
    expect(screen.getByText(/Hello Ms Lee\. Maya's family/)).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: /Was the week calm/ })).toBeTruthy();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
    await waitFor(() => expect(document.title).toBe('Weekly check-in - Trelli'));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Nothing of the app's sign-in.
    expect(requests.some((request) => request.url === '/api/clerk-config')).toBe(false);
  });

  it('reads the answer of the request client/main.tsx already sent, without asking again', async () => {
    const early = Promise.resolve(json(200, fillView()));
    render(<FormFillPage early={early} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly check-in' })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('a link without its token, on any form id: says it is not complete and asks nothing', () => {
    window.history.replaceState(null, '', '/forms/abc/fill');
    render(<FormFillPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not complete' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(FILL_MESSAGES.incomplete);
    expect(requests).toEqual([]);
    expect(fillFormId('/forms/abc/fill')).toBe('abc');
    expect(fillFormId('/forms/abc/edit')).toBeNull();
  });

  it.each([
    [410, 'GONE', 'This link expired on December 1, 2026. Ask the person who sent it for a new one.'],
    [410, 'GONE', 'This link was already used. It works once: ask the person who sent it for a new one.'],
    [404, 'NOT_FOUND', 'This link was turned off. Ask the person who sent it for a new one.'],
  ])('a link that no longer works (%i): the server sentence, no Try again', async (status, code, message) => {
    server.answers['/api/forms/fill'] = [linkError(status, code, message)];
    render(<FormFillPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'This form did not open' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('too many opens, then a network failure: Try again each time, then the form', async () => {
    server.answers['/api/forms/fill'] = [linkError(429, 'TOO_MANY_REQUESTS', 'Too many'), 'network-error', json(200, fillView())];
    render(<FormFillPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(FILL_MESSAGES.tooMany);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FILL_MESSAGES.network));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly check-in' })).toBeTruthy();
  });

  it('offline at first: says so, and opens once the connection is back', async () => {
    server.online = false;
    server.answers['/api/forms/fill'] = [json(200, fillView())];
    render(<FormFillPage />);
    expect(screen.getByRole('alert').textContent).toBe(FILL_MESSAGES.offline);
    expect(requests).toEqual([]);
    server.online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly check-in' })).toBeTruthy();
  });

  it('checks the answers before sending: each problem beside its question, focus on the first, nothing sent', async () => {
    await opened();
    fireEvent.change(screen.getByRole('textbox', { name: /Anything else/ }), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe(FILL_MESSAGES.needsAttention);
    const count = countField();
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(count.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Please answer this question');
    expect(screen.getByText('At most 1000 characters')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(count));
    expect(requests.map((request) => request.url)).toEqual(['/api/forms/fill']);
    // Answering the question takes its problem away.
    fireEvent.change(count, { target: { value: '4' } });
    expect(count.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's 400 per question", async () => {
    await opened();
    server.answers['/api/forms/fill/answers'] = [
      json(400, {
        error: {
          code: 'BAD_REQUEST',
          message: 'Some answers need attention',
          issues: [{ path: 'answers.starts', message: 'Enter a whole number from 0 to 10000' }],
        },
      }),
    ];
    fireEvent.change(countField(), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a whole number from 0 to 10000')).toBeTruthy();
    expect(countField().getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the answers, thanks by name, clears the draft; a reusable link can be answered again', async () => {
    await opened();
    server.answers['/api/forms/fill/answers'] = [json(201, { answeredAt: '2026-11-27T10:00:00.000Z' })];
    fireEvent.change(countField(), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(localStorage.getItem(KEY)).toContain('"starts":4');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sent = await screen.findByRole('heading', { level: 1, name: 'Answers sent' });
    expect(requests[1]).toEqual({
      url: '/api/forms/fill/answers',
      body: {
        token: TOKEN,
        answers: [
          { questionId: 'starts', value: 4 },
          { questionId: 'calm', value: true },
          { questionId: 'notes', value: null },
        ],
      },
    });
    expect(screen.getByText("Thank you, Ms Lee. Your answers were sent to Maya's family.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(localStorage.getItem(KEY)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Answer again' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly check-in' })).toBeTruthy();
    expect((countField() as HTMLInputElement).value).toBe('');
  });

  it('a single-use link: thanks, and nothing more', async () => {
    await opened(fillView({ singleUse: true }));
    server.answers['/api/forms/fill/answers'] = [json(201, { answeredAt: '2026-11-27T10:00:00.000Z' })];
    fireEvent.change(countField(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Answers sent' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Answer again' })).toBeNull();
  });

  it('keeps a draft while typing, under a key without the token, and restores it on reload', async () => {
    await opened();
    fireEvent.change(countField(), { target: { value: '7' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Anything else/ }), { target: { value: 'A good week' } });
    expect(KEY).not.toContain(TOKEN);
    // The draft is stored now, under that key: so no key holding the token is a real check.
    expect(localStorage.getItem(KEY)).toContain('"starts":7');
    expect(Object.keys(localStorage).some((key) => key.includes(TOKEN))).toBe(false);
    cleanup();
    await opened();
    expect((countField() as HTMLInputElement).value).toBe('7');
    expect((screen.getByRole('textbox', { name: /Anything else/ }) as HTMLTextAreaElement).value).toBe('A good week');
  });

  it('the connection drops on Send: the draft is kept and said so, and the answers go when it is back', async () => {
    await opened();
    fireEvent.change(countField(), { target: { value: '3' } });
    server.online = false;
    server.answers['/api/forms/fill/answers'] = ['network-error', json(201, { answeredAt: '2026-11-27T10:00:00.000Z' })];
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FILL_MESSAGES.sendOffline));
    expect(localStorage.getItem(KEY)).toContain('"starts":3');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    server.online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Answers sent' })).toBeTruthy();
    expect(requests.filter((request) => request.url === '/api/forms/fill/answers')).toHaveLength(2);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a link used up while answering: the server sentence, the draft kept, no Send', async () => {
    await opened(fillView({ singleUse: true }));
    const used = 'This link was already used. It works once: ask the person who sent it for a new one.';
    server.answers['/api/forms/fill/answers'] = [linkError(410, 'GONE', used)];
    fireEvent.change(countField(), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(used));
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(localStorage.getItem(KEY)).toContain('"starts":3');
  });
});
