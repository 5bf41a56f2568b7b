/**
 * Filling a smart form by link (issue 28, decision 0109) on each engine, as the recipient's page does:
 * what the link shows (the form and the child's first name, nothing else of the record), answers checked
 * per kind with a 400 naming the question, a link expired, turned off or used, a reusable link answered
 * twice, what the audit log says (never the answer's text), and the link sent by mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_LIMITS, type Form, type FormFillView, type FormLink } from '#shared/schemas/form.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/rest/rate-limits.ts';
import { tokenOf } from '../helpers/caregivers.ts';
import { expectApiError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/test-mail.ts';
import { api, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

const QUESTIONS = [
  { id: 'starts', kind: 'count', prompt: 'How many times did she start work without a prompt?', required: true },
  { id: 'week', kind: 'scale', prompt: 'How was her week?', scaleLow: 'Hard', scaleHigh: 'Great' },
  { id: 'lunch', kind: 'yes-no', prompt: 'Did she eat lunch?' },
  { id: 'words', kind: 'number', prompt: 'Words read in a minute' },
  { id: 'test', kind: 'date', prompt: 'When is the next spelling test?' },
  { id: 'notes', kind: 'text', prompt: 'Anything else?' },
] as const;

describe.each(ENGINES)('filling a form by link on %s', (engine) => {
  let server: TestServer;
  let clock = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date(clock) });
  });
  afterAll(() => server?.close());

  const fill = (token: string) => api(server, 'POST', '/api/forms/fill', { json: { token } });
  const answer = (token: string, answers: { questionId: string; value: unknown }[]) =>
    api(server, 'POST', '/api/forms/fill/answers', { json: { token, answers } });

  /** A child with a last name, a school and a goal, and a form with one question of each kind, the number tied to the goal. */
  async function familyWithForm() {
    const family = await signUpParentWithChild(server);
    // These are the secrets the fill view must not show: the test means something only if they were kept.
    const updated = await api(server, 'PUT', `/api/children/${family.childId}`, {
      token: family.token,
      json: { lastName: 'Quintero', school: 'Oak Elementary', diagnoses: ['Dyslexia'] },
    });
    expect(updated.body).toMatchObject({ lastName: 'Quintero', school: 'Oak Elementary', diagnoses: ['Dyslexia'] });
    const goal = (await family.call('POST', '/goals', { title: 'Read 60 words a minute', area: 'reading', unit: 'words per minute' }))
      .body as { id: number };
    const questions = QUESTIONS.map((question) => (question.id === 'words' ? { ...question, goalId: goal.id } : question));
    const form = (await family.call('POST', '/forms', { title: 'Weekly check-in', intro: 'Thank you!', questions })).body as Form;
    return { family, form, goal };
  }

  const responsesOf = (family: Family, formId: number) =>
    api(server, 'GET', `/api/form-responses?childId=${family.childId}&formId=${formId}`, { token: family.token });

  async function linkTo(family: Family, formId: number, data: object = {}) {
    const made = await family.call('POST', `/forms/${formId}/links`, { recipientName: 'Ms Lee', recipientRole: 'teacher', ...data });
    expect(made.status).toBe(201);
    return { id: made.body.id as number, token: tokenOf(made.body.link as string) };
  }

  it('shows the form, the child’s first name and the recipient’s own name, nothing else of the record', async () => {
    const { family, form, goal } = await familyWithForm();
    const link = await linkTo(family, form.id, { expiresInDays: 10 });
    const opened = await fill(link.token);
    expect(opened.status).toBe(200);
    expect(opened.body as FormFillView).toEqual({
      title: 'Weekly check-in',
      intro: 'Thank you!',
      firstName: 'Maya',
      recipientName: 'Ms Lee',
      recipientRole: 'teacher',
      expiresAt: new Date(clock + 10 * DAY_MS).toISOString(),
      singleUse: false,
      questions: [
        { id: 'starts', kind: 'count', prompt: QUESTIONS[0].prompt, required: true, unit: null, scaleLow: null, scaleHigh: null },
        { id: 'week', kind: 'scale', prompt: QUESTIONS[1].prompt, required: false, unit: null, scaleLow: 'Hard', scaleHigh: 'Great' },
        { id: 'lunch', kind: 'yes-no', prompt: QUESTIONS[2].prompt, required: false, unit: null, scaleLow: null, scaleHigh: null },
        // Tied to the goal: its unit, not its title.
        {
          id: 'words',
          kind: 'number',
          prompt: QUESTIONS[3].prompt,
          required: false,
          unit: 'words per minute',
          scaleLow: null,
          scaleHigh: null,
        },
        { id: 'test', kind: 'date', prompt: QUESTIONS[4].prompt, required: false, unit: null, scaleLow: null, scaleHigh: null },
        { id: 'notes', kind: 'text', prompt: QUESTIONS[5].prompt, required: false, unit: null, scaleLow: null, scaleHigh: null },
      ],
    });
    for (const secret of ['Quintero', 'Oak Elementary', 'Dyslexia', 'Read 60 words a minute', 'goalId', 'childId']) {
      expect(opened.text).not.toContain(secret);
    }
    expect(goal.id).toBeGreaterThan(0);
  });

  it('checks each answer against its question’s kind with a 400 naming the question, and keeps the questions as asked', async () => {
    const { family, form } = await familyWithForm();
    const link = await linkTo(family, form.id, { singleUse: true });
    const issuesOf = async (answers: { questionId: string; value: unknown }[]) =>
      expectApiError(await answer(link.token, answers), 400, 'BAD_REQUEST').issues;

    expect(await issuesOf([{ questionId: 'starts', value: -1 }])).toEqual([
      { path: 'answers.starts', message: 'Enter a whole number from 0 to 10000' },
    ]);
    expect(await issuesOf([{ questionId: 'starts', value: 2.5 }])).toEqual([
      { path: 'answers.starts', message: 'Enter a whole number from 0 to 10000' },
    ]);
    expect(
      await issuesOf([
        { questionId: 'starts', value: 3 },
        { questionId: 'week', value: 6 },
      ]),
    ).toEqual([{ path: 'answers.week', message: 'Choose from 1 to 5' }]);
    expect(
      await issuesOf([
        { questionId: 'starts', value: 3 },
        { questionId: 'notes', value: 'x'.repeat(FORM_LIMITS.text + 1) },
      ]),
    ).toEqual([{ path: 'answers.notes', message: 'At most 1000 characters' }]);
    expect(
      await issuesOf([
        { questionId: 'lunch', value: 'yes' },
        { questionId: 'test', value: '2026-02-30' },
        { questionId: 'other', value: 1 },
      ]),
    ).toEqual([
      { path: 'answers.other', message: 'This form has no such question' },
      { path: 'answers.starts', message: 'Please answer this question' },
      { path: 'answers.lunch', message: 'Choose yes or no' },
      { path: 'answers.test', message: 'Enter a date' },
    ]);

    // None of those used up the single-use link: the right answer goes through, once.
    const sent = await answer(link.token, [
      { questionId: 'starts', value: 4 },
      { questionId: 'week', value: 5 },
      { questionId: 'notes', value: '  Great focus on Tuesday.  ' },
    ]);
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ answeredAt: new Date(clock).toISOString() });
    expect(expectApiError(await answer(link.token, [{ questionId: 'starts', value: 1 }]), 410, 'GONE').message).toBe(
      'This link was already used. It works once: ask the person who sent it for a new one.',
    );
    expect(expectApiError(await fill(link.token), 410, 'GONE').message).toBe(
      'This link was already used. It works once: ask the person who sent it for a new one.',
    );

    // The response keeps every question as it was asked, skipped ones null.
    await family.call('PUT', `/forms/${form.id}`, { questions: [{ id: 'new', kind: 'text', prompt: 'A new question' }] });
    const listedResponses = await responsesOf(family, form.id);
    expect(listedResponses.status).toBe(200);
    const responses = listedResponses.body as {
      recipientName: string;
      status: string;
      answers: { questionId: string; prompt: string; value: unknown; unit: string | null }[];
    }[];
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ recipientName: 'Ms Lee', recipientRole: 'teacher', status: 'pending' });
    expect(responses[0]?.answers.map(({ questionId, prompt, value, unit }) => ({ questionId, prompt, value, unit }))).toEqual([
      { questionId: 'starts', prompt: QUESTIONS[0].prompt, value: 4, unit: null },
      { questionId: 'week', prompt: QUESTIONS[1].prompt, value: 5, unit: null },
      { questionId: 'lunch', prompt: QUESTIONS[2].prompt, value: null, unit: null },
      { questionId: 'words', prompt: QUESTIONS[3].prompt, value: null, unit: 'words per minute' },
      { questionId: 'test', prompt: QUESTIONS[4].prompt, value: null, unit: null },
      { questionId: 'notes', prompt: QUESTIONS[5].prompt, value: 'Great focus on Tuesday.', unit: null },
    ]);
    expect((await family.call('GET', `/forms/${form.id}`)).body).toMatchObject({ pendingResponses: 1, activeLinks: 0 });
  });

  it('a reusable link answered twice makes two responses; the audit log names made, opened, answered and turned off, never an answer', async () => {
    const { family, form } = await familyWithForm();
    const link = await linkTo(family, form.id);
    expect((await fill(link.token)).status).toBe(200);
    expect(
      (
        await answer(link.token, [
          { questionId: 'starts', value: 2 },
          { questionId: 'notes', value: 'Secret answer one' },
        ])
      ).status,
    ).toBe(201);
    expect(
      (
        await answer(link.token, [
          { questionId: 'starts', value: 5 },
          { questionId: 'notes', value: 'Secret answer two' },
        ])
      ).status,
    ).toBe(201);

    const listedResponses = await responsesOf(family, form.id);
    expect(listedResponses.status).toBe(200);
    const responses = listedResponses.body as { answers: { value: unknown }[] }[];
    expect(responses.map((response) => response.answers[0]?.value).sort()).toEqual([2, 5]);
    const [listed] = (await family.call('GET', `/forms/${form.id}/links`)).body as FormLink[];
    expect(listed).toMatchObject({ id: link.id, responses: 2, opens: 3, singleUse: false });
    expect((await family.call('GET', `/forms/${form.id}`)).body).toMatchObject({ pendingResponses: 2, activeLinks: 1 });

    expect((await family.call('DELETE', `/form-links/${link.id}`)).status).toBe(200);
    const audit = await family.call('GET', '/audit');
    const entries = audit.body as { action: string; subjectType: string; subjectId: number; actor: unknown }[];
    expect(entries.filter((entry) => entry.action === 'link.opened')).toHaveLength(3);
    expect(entries.filter((entry) => entry.action === 'link.answered')).toEqual([
      expect.objectContaining({ subjectType: 'link', subjectId: link.id, actor: null }),
      expect.objectContaining({ subjectType: 'link', subjectId: link.id, actor: null }),
    ]);
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['form.sent', 'form.link-revoked', 'form.created']));
    expect(audit.text).not.toContain('Secret answer');
  });

  it('an expired link says the day (410); a turned-off or unknown one is a 404, reading or answering', async () => {
    const { family, form } = await familyWithForm();
    const started = clock;
    try {
      const link = await linkTo(family, form.id, { expiresInDays: 1 });
      clock = started + DAY_MS;
      const expired = `This link expired on ${LONG_DAY.format(new Date(clock))}. Ask the person who sent it for a new one.`;
      expect(expectApiError(await fill(link.token), 410, 'GONE').message).toBe(expired);
      expect(expectApiError(await answer(link.token, [{ questionId: 'starts', value: 1 }]), 410, 'GONE').message).toBe(expired);
    } finally {
      clock = started;
    }
    const revoked = await linkTo(family, form.id);
    expect((await family.call('DELETE', `/form-links/${revoked.id}`)).status).toBe(200);
    const off = 'This link was turned off. Ask the person who sent it for a new one.';
    expect(expectApiError(await fill(revoked.token), 404, 'NOT_FOUND').message).toBe(off);
    expect(expectApiError(await answer(revoked.token, [{ questionId: 'starts', value: 1 }]), 404, 'NOT_FOUND').message).toBe(off);
    expect(expectApiError(await fill('x'.repeat(43)), 404, 'NOT_FOUND').message).toBeTruthy();
    expect((await family.call('GET', '/form-responses')).body).toEqual([]);
  });

  it('is documented with no security and its 404, 410 and 429 answers', async () => {
    const document = (await api(server, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
    };
    for (const path of ['/api/forms/fill', '/api/forms/fill/answers']) {
      const post = document.paths[path]?.post;
      expect(post?.security).toEqual([]);
      expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['400', '404', '410', '429']));
    }
  });
});

describe('a form link by mail, and the per-address limit', () => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      engine: ENGINES[0] ?? 'pglite',
      smtpUrl: smtp.url,
      appOrigin: 'https://trelli.example',
      rateLimits: { ...DEFAULT_RATE_LIMITS, authPerIp: { limit: 10_000, windowMs: 60_000 }, linkPerIp: { limit: 4, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('emails the link to the address given (not kept), and answers 429 past the per-address limit', async () => {
    const family = await signUpParentWithChild(server);
    const form = (
      await family.call('POST', '/forms', { title: 'Weekly check-in', questions: [{ id: 'q', kind: 'count', prompt: 'How many starts?' }] })
    ).body as Form;
    const made = await family.call('POST', `/forms/${form.id}/links`, {
      recipientName: 'Ms Lee',
      recipientRole: 'teacher',
      recipientEmail: 'ms.lee@school.example',
    });
    expect(made.body).toMatchObject({
      emailed: true,
      link: expect.stringMatching(/^https:\/\/trelli\.example\/forms\/\d+\/fill#[\w-]{43}$/),
    });
    const mail = await smtp.next((message) => message.to.includes('ms.lee@school.example'));
    expect(mail.subject).toContain('Maya');
    expect(mail.text).toContain('Weekly check-in');
    expect(mail.links).toContain(made.body.link);
    const stored = await server.db.selectFrom('formLinks').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain('ms.lee');

    const token = tokenOf(made.body.link as string);
    for (let request = 0; request < 4; request += 1)
      expect((await api(server, 'POST', '/api/forms/fill', { json: { token } })).status).toBe(200);
    const limited = await api(server, 'POST', '/api/forms/fill/answers', { json: { token, answers: [{ questionId: 'q', value: 1 }] } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
