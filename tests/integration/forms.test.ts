/**
 * Smart forms (issue 28, decision 0109) through the real API on each engine: making and changing forms,
 * questions tied to the child's goals (and their unit read from the goal), who may do what, the limits,
 * and fill links: made, listed, turned off, and ended when their form or child goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_LIMITS, type Form, type FormLink } from '#shared/schemas/form.ts';
import { checkChildScope } from '../../server/core/child-scope.ts';
import { familyWithViewerAndUpdater, tokenOf } from '../helpers/caregivers.ts';
import { expectApiError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

describe.each(ENGINES)('forms on %s', (engine) => {
  let server: TestServer;
  const clock = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ engine, now: () => new Date(clock) });
  });
  afterAll(() => server?.close());

  const create = (family: Family, data: object) => family.call('POST', '/forms', data);
  const share = (family: Family, formId: number, data: object = {}) =>
    family.call('POST', `/forms/${formId}/links`, { recipientName: 'Ms Lee', recipientRole: 'teacher', ...data });
  const openFill = (token: string) => api(server, 'POST', '/api/forms/fill', { json: { token } });

  async function goal(family: Family, fields: object = {}) {
    const made = await family.call('POST', '/goals', { title: 'Start work without a prompt', area: 'behaviour', unit: 'times', ...fields });
    expect(made.status).toBe(201);
    return made.body as { id: number };
  }

  it('makes, reads, changes and deletes a form; a goal-tied question takes the goal’s unit, read each time', async () => {
    const family = await signUpParentWithChild(server);
    const tied = await goal(family, { unit: 'times' });
    const made = await create(family, {
      title: 'Weekly check-in',
      intro: 'Thanks for helping!',
      template: 'teacher-weekly',
      questions: [
        {
          id: 'q1',
          kind: 'count',
          prompt: 'How many times did she start without a prompt?',
          goalId: tied.id,
          required: true,
          unit: 'ignored',
        },
        { id: 'q2', kind: 'scale', prompt: 'How was her week?', scaleLow: 'Hard', scaleHigh: 'Great' },
        { id: 'q3', kind: 'number', prompt: 'Minutes of reading', unit: 'minutes' },
      ],
    });
    expect(made.status).toBe(201);
    const form = made.body as Form;
    expect(form).toEqual({
      id: expect.any(Number),
      childId: family.childId,
      title: 'Weekly check-in',
      intro: 'Thanks for helping!',
      template: 'teacher-weekly',
      questions: [
        {
          id: 'q1',
          kind: 'count',
          prompt: 'How many times did she start without a prompt?',
          goalId: tied.id,
          required: true,
          unit: 'times',
          scaleLow: null,
          scaleHigh: null,
        },
        {
          id: 'q2',
          kind: 'scale',
          prompt: 'How was her week?',
          goalId: null,
          required: false,
          unit: null,
          scaleLow: 'Hard',
          scaleHigh: 'Great',
        },
        {
          id: 'q3',
          kind: 'number',
          prompt: 'Minutes of reading',
          goalId: null,
          required: false,
          unit: 'minutes',
          scaleLow: null,
          scaleHigh: null,
        },
      ],
      activeLinks: 0,
      pendingResponses: 0,
      addedBy: { name: expect.any(String), isYou: true },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    // The goal's unit changes: the form reads the new one.
    expect((await family.call('PUT', `/goals/${tied.id}`, { unit: 'starts' })).status).toBe(200);
    expect((await family.call('GET', `/forms/${form.id}`)).body.questions[0].unit).toBe('starts');

    const changed = await family.call('PUT', `/forms/${form.id}`, { title: 'Friday check-in', intro: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: 'Friday check-in', intro: null, template: 'teacher-weekly' });
    expect(changed.body.questions).toHaveLength(3);
    const fewer = await family.call('PUT', `/forms/${form.id}`, {
      questions: [{ id: 'only', kind: 'yes-no', prompt: 'Did she eat lunch?' }],
    });
    expect(fewer.body.questions).toEqual([
      {
        id: 'only',
        kind: 'yes-no',
        prompt: 'Did she eat lunch?',
        goalId: null,
        required: false,
        unit: null,
        scaleLow: null,
        scaleHigh: null,
      },
    ]);

    const second = (await create(family, { title: 'Therapist update', questions: [] })).body as Form;
    expect(((await family.call('GET', '/forms')).body as Form[]).map((item) => item.id)).toEqual([second.id, form.id]);

    // Deleting the goal unties its questions; the form stays readable.
    const other = await goal(family, { title: 'Read aloud', area: 'reading', unit: 'pages' });
    await family.call('PUT', `/forms/${second.id}`, { questions: [{ id: 'r', kind: 'number', prompt: 'Pages read', goalId: other.id }] });
    expect((await family.call('DELETE', `/goals/${other.id}`)).status).toBe(200);
    expect((await family.call('GET', `/forms/${second.id}`)).body.questions[0]).toMatchObject({ goalId: null, unit: 'pages' });

    expect((await family.call('DELETE', `/forms/${form.id}`)).body).toEqual({ id: form.id, deleted: true });
    expect(expectApiError(await family.call('GET', `/forms/${form.id}`), 404, 'NOT_FOUND').message).toBe('Form not found');
    expect((await family.call('DELETE', `/forms/${form.id}`)).status).toBe(404);
  });

  it('refuses a goal that is not the child’s (naming the question), unknown fields, repeated question ids, too many forms', async () => {
    const family = await signUpParentWithChild(server);
    const sibling = await api(server, 'POST', '/api/children', {
      token: family.token,
      json: { firstName: 'Leo', dateOfBirth: '2018-01-01' },
    });
    const siblingGoal = await api(server, 'POST', `/api/goals?childId=${sibling.body.id}`, {
      token: family.token,
      json: { title: 'Tie shoes', area: 'daily-living' },
    });
    const ours = await goal(family);
    const questions = [
      { id: 'a', kind: 'count', prompt: 'Count', goalId: ours.id },
      { id: 'b', kind: 'text', prompt: 'Anything else?', goalId: siblingGoal.body.id },
    ];
    expect(expectApiError(await create(family, { title: 'Check-in', questions }), 400, 'BAD_REQUEST').issues).toEqual([
      { path: 'questions.1.goalId', message: 'This goal is not one of this child’s goals' },
    ]);
    const made = (await create(family, { title: 'Check-in', questions: [] })).body as Form;
    expect(expectApiError(await family.call('PUT', `/forms/${made.id}`, { questions }), 400, 'BAD_REQUEST').issues).toEqual([
      { path: 'questions.1.goalId', message: 'This goal is not one of this child’s goals' },
    ]);
    expect((await create(family, { title: 'x', questions: [], extra: 1 })).status).toBe(400);
    const twice = await create(family, {
      title: 'x',
      questions: [
        { id: 'a', kind: 'count', prompt: 'One' },
        { id: 'a', kind: 'count', prompt: 'Two' },
      ],
    });
    expect(expectApiError(twice, 400, 'BAD_REQUEST').issues).toEqual([{ path: 'questions', message: 'Each question needs its own id' }]);
    expect((await family.call('PUT', `/forms/${made.id}`, {})).status).toBe(400);

    // The child's forms are limited; the service counts them all.
    const scope = await checkChildScope(server.db, family.userId, family.childId, 'owner');
    for (let count = 1; count < FORM_LIMITS.formsPerChild; count += 1)
      await server.services.forms.create(scope, { title: `Form ${count}`, questions: [] });
    expect(expectApiError(await create(family, { title: 'One too many', questions: [] }), 409, 'CONFLICT').message).toBe(
      `A child can have at most ${FORM_LIMITS.formsPerChild} forms. Delete one you no longer use to make another.`,
    );
  });

  it('roles: a viewer reads, an updater makes and edits, only an owner deletes, sends, lists and turns off links', async () => {
    const { family, viewer, updater, as } = await familyWithViewerAndUpdater(server);
    const questions = [{ id: 'q', kind: 'yes-no', prompt: 'Did she eat lunch?' }];

    const form = (await create(family, { title: 'Lunch', questions })).body as Form;
    expect((await as(viewer, 'GET', '/forms')).status).toBe(200);
    expect((await as(viewer, 'GET', `/forms/${form.id}`)).status).toBe(200);
    expect(expectApiError(await as(viewer, 'POST', '/forms', { title: 'x', questions }), 403, 'FORBIDDEN').message).toBeTruthy();
    expect((await as(viewer, 'PUT', `/forms/${form.id}`, { title: 'x' })).status).toBe(403);

    const made = await as(updater, 'POST', '/forms', { title: 'Snack', questions });
    expect(made.status).toBe(201);
    expect(made.body.addedBy).toEqual({ name: expect.any(String), isYou: true });
    expect((await family.call('GET', `/forms/${made.body.id}`)).body.addedBy).toEqual({ name: expect.any(String), isYou: false });
    expect((await as(updater, 'PUT', `/forms/${made.body.id}`, { title: 'Snacks' })).status).toBe(200);
    expect((await as(updater, 'DELETE', `/forms/${made.body.id}`)).status).toBe(403);
    expect((await as(updater, 'POST', `/forms/${form.id}/links`, { recipientName: 'Ms Lee', recipientRole: 'teacher' })).status).toBe(403);
    expect((await as(updater, 'GET', `/forms/${form.id}/links`)).status).toBe(403);
    expect((await as(viewer, 'GET', `/forms/${form.id}/links`)).status).toBe(403);

    const link = await share(family, form.id);
    expect(link.status).toBe(201);
    expect((await as(updater, 'DELETE', `/form-links/${link.body.id}`)).status).toBe(403);
    expect((await family.call('DELETE', `/form-links/${link.body.id}`)).body).toEqual({ id: link.body.id, deleted: true });
    expect((await family.call('DELETE', `/forms/${made.body.id}`)).status).toBe(200);
  });

  it('a link: needs a question, is listed with its recipient, counts on the form, and is turned off, one form’s at a time', async () => {
    const family = await signUpParentWithChild(server);
    const empty = (await create(family, { title: 'Empty', questions: [] })).body as Form;
    expect(expectApiError(await share(family, empty.id), 400, 'BAD_REQUEST').issues).toEqual([
      { path: 'questions', message: 'Add at least one question before sending this form' },
    ]);
    const form = (await create(family, { title: 'Lunch', questions: [{ id: 'q', kind: 'yes-no', prompt: 'Did she eat?' }] })).body as Form;
    const other = (await create(family, { title: 'Sleep', questions: [{ id: 'q', kind: 'count', prompt: 'Naps?' }] })).body as Form;

    const link = await share(family, form.id, { expiresInDays: 5, singleUse: true, recipientEmail: 'lee@example.com' });
    expect(link.body).toEqual({
      id: expect.any(Number),
      link: expect.stringMatching(new RegExp(`/forms/${form.id}/fill#[\\w-]{43}$`)),
      expiresAt: new Date(clock + 5 * DAY_MS).toISOString(),
      // The test server sends no mail.
      emailed: false,
    });
    await share(family, other.id, { recipientName: 'Dr Kim', recipientRole: 'therapist' });
    expect(expectApiError(await share(family, form.id, { expiresInDays: 61 }), 400, 'BAD_REQUEST').issues).toEqual([
      { path: 'expiresInDays', message: 'Choose from 1 to 60 days' },
    ]);
    expect((await openFill(tokenOf(link.body.link))).status).toBe(200);

    const links = (await family.call('GET', `/forms/${form.id}/links`)).body as FormLink[];
    expect(links).toEqual([
      {
        id: link.body.id,
        formId: form.id,
        formTitle: 'Lunch',
        recipientName: 'Ms Lee',
        recipientRole: 'teacher',
        singleUse: true,
        createdAt: new Date(clock).toISOString(),
        expiresAt: new Date(clock + 5 * DAY_MS).toISOString(),
        // Reading a single-use link does not use it up: only its answer does.
        opens: 0,
        lastOpenedAt: new Date(clock).toISOString(),
        responses: 0,
        addedBy: { name: expect.any(String), isYou: true },
      },
    ]);
    // The email address is not kept anywhere the parent can read.
    expect(JSON.stringify(links)).not.toContain('lee@example.com');
    const all = await server.services.forms.links(await checkChildScope(server.db, family.userId, family.childId, 'owner'));
    expect(all.map((item) => item.recipientName)).toEqual(['Dr Kim', 'Ms Lee']);
    expect(((await family.call('GET', '/forms')).body as Form[]).map((item) => [item.title, item.activeLinks])).toEqual([
      ['Sleep', 1],
      ['Lunch', 1],
      ['Empty', 0],
    ]);

    expect((await family.call('DELETE', `/form-links/${link.body.id}`)).status).toBe(200);
    expect((await family.call('GET', `/forms/${form.id}/links`)).body).toEqual([]);
    expect((await family.call('DELETE', `/form-links/${link.body.id}`)).status).toBe(404);
    expect((await family.call('GET', `/forms/${form.id}`)).body.activeLinks).toBe(0);
    const audit = (await family.call('GET', '/audit')).body as { action: string }[];
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['form.sent', 'form.link-revoked']));
  });

  it('at most 30 open links per form; deleting a form ends its links (404), and deleting the child ends them at once', async () => {
    const family = await signUpParentWithChild(server);
    const form = (await create(family, { title: 'Lunch', questions: [{ id: 'q', kind: 'yes-no', prompt: 'Did she eat?' }] })).body as Form;
    const tokens: string[] = [];
    for (let made = 0; made < FORM_LIMITS.activeLinksPerForm; made += 1) tokens.push(tokenOf((await share(family, form.id)).body.link));
    expect(expectApiError(await share(family, form.id), 409, 'CONFLICT').message).toBe(
      `This form already has ${FORM_LIMITS.activeLinksPerForm} open links. Turn one off to make another.`,
    );
    expect((await openFill(tokens[0] as string)).status).toBe(200);
    expect((await family.call('DELETE', `/forms/${form.id}`)).status).toBe(200);
    expect(expectApiError(await openFill(tokens[0] as string), 404, 'NOT_FOUND').message).toBe(
      'This link was turned off. Ask the person who sent it for a new one.',
    );

    const kept = (await create(family, { title: 'Sleep', questions: [{ id: 'q', kind: 'count', prompt: 'Naps?' }] })).body as Form;
    const token = tokenOf((await share(family, kept.id)).body.link);
    expect((await openFill(token)).status).toBe(200);
    expect((await api(server, 'DELETE', `/api/children/${family.childId}`, { token: family.token })).status).toBe(200);
    expect(expectApiError(await openFill(token), 404, 'NOT_FOUND').message).toBeTruthy();
  });
});
