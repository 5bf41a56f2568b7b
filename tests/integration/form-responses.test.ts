/**
 * Form responses (issue 28, decision 0109) through the real API on each engine: a teacher answers a
 * form by its fill link; the parent sees who answered, when and what, beside the goal's recent values;
 * approving makes progress entries and an observation carrying their source (shown wherever the record
 * lists them, kept as answered); rejecting leaves the record and its charts as they were; who may decide.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormResponse } from '#shared/schemas/form.ts';
import { FROM_FORM_IS_KEPT_MESSAGE } from '#shared/schemas/entry-source.ts';
import { checkChildScope } from '../../server/core/child-scope.ts';
import { shareChildren, tokenOf } from '../helpers/caregivers.ts';
import { expectApiError, isoDay } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { clientError, typedClient } from '../helpers/trpc-client.ts';

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

describe.each(ENGINES)('form responses on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  /** GET /api/form-responses about the family's child, with more of the query string. */
  const responses = (person: { token: string; childId?: number }, query = '', childId = person.childId) =>
    api(server, 'GET', `/api/form-responses?childId=${childId}${query}`, { token: person.token });

  /**
   * A parent whose child has a goal with two typed entries, a form asking a goal-tied count, scale,
   * number (left unanswered) and text and an untied yes/no, and Ms Lee's answers through her link.
   */
  async function answered(family?: Family) {
    const f = family ?? (await signUpParentWithChild(server));
    const goal = await f.call('POST', '/goals', {
      area: 'writing',
      title: 'Start work without a prompt',
      unit: 'times',
      baseline: 1,
      target: 5,
    });
    await f.call('POST', `/goals/${goal.body.id}/progress`, { recordedOn: isoDay(-20), value: 1 });
    await f.call('POST', `/goals/${goal.body.id}/progress`, { recordedOn: isoDay(-10), value: 2 });
    const goalId = goal.body.id as number;
    const form = await f.call('POST', '/forms', {
      title: 'Weekly check-in',
      questions: [
        { id: 'starts', kind: 'count', prompt: 'How many times did she start work without a prompt?', goalId },
        { id: 'focus', kind: 'scale', prompt: 'How well did she focus?', goalId, scaleLow: 'Hardly', scaleHigh: 'All day' },
        { id: 'minutes', kind: 'number', prompt: 'Longest stretch on task', goalId },
        { id: 'notes', kind: 'text', prompt: 'What went well?', goalId },
        { id: 'lunch', kind: 'yes-no', prompt: 'Did she eat lunch?' },
      ],
    });
    expect(form.status).toBe(201);
    const link = await f.call('POST', `/forms/${form.body.id}/links`, { recipientName: 'Ms Lee', recipientRole: 'teacher' });
    expect(link.status).toBe(201);
    const sent = await api(server, 'POST', '/api/forms/fill/answers', {
      json: {
        token: tokenOf(link.body.link),
        answers: [
          { questionId: 'starts', value: 4 },
          { questionId: 'focus', value: 3 },
          { questionId: 'notes', value: '  Wrote a whole paragraph on her own  ' },
          { questionId: 'lunch', value: true },
        ],
      },
    });
    expect(sent.status).toBe(201);
    const [pending] = (await responses(f, '&status=pending')).body as FormResponse[];
    return {
      ...f,
      trpc: typedClient(server, f.token),
      goalId,
      formId: form.body.id as number,
      answeredAt: sent.body.answeredAt as string,
      response: pending as FormResponse,
    };
  }

  it('lists a pending response: who, their role, when, each answer with what approving makes and the goal’s recent values', async () => {
    const f = await answered();
    const goal = { id: f.goalId, title: 'Start work without a prompt', unit: 'times', baseline: 1, target: 5 };
    const recent = [
      { on: isoDay(-20), value: 1 },
      { on: isoDay(-10), value: 2 },
    ];
    expect(f.response).toEqual({
      id: expect.any(Number),
      formId: f.formId,
      formTitle: 'Weekly check-in',
      status: 'pending',
      recipientName: 'Ms Lee',
      recipientRole: 'teacher',
      answeredAt: f.answeredAt,
      decidedAt: null,
      decidedBy: null,
      answers: [
        expect.objectContaining({
          questionId: 'starts',
          kind: 'count',
          value: 4,
          unit: 'times',
          becomes: 'progress',
          goal: { ...goal, recent },
        }),
        expect.objectContaining({ questionId: 'focus', kind: 'scale', value: 3, becomes: 'progress', goal: { ...goal, recent } }),
        expect.objectContaining({ questionId: 'minutes', value: null, becomes: 'none' }),
        expect.objectContaining({
          questionId: 'notes',
          prompt: 'What went well?',
          value: 'Wrote a whole paragraph on her own',
          becomes: 'observation',
        }),
        expect.objectContaining({ questionId: 'lunch', kind: 'yes-no', value: true, becomes: 'none', goalId: null, goal: null }),
      ],
    });

    // tRPC lists the same; the filters narrow it.
    expect(await f.trpc.formResponses.list.query({ childId: f.childId, filter: { status: 'pending' } })).toEqual([f.response]);
    expect((await responses(f, `&goalId=${f.goalId}`)).body).toEqual([f.response]);
    expect((await responses(f, `&formId=${f.formId}`)).body).toEqual([f.response]);
    const otherGoal = await f.call('POST', '/goals', { area: 'math', title: 'Count to 100' });
    expect((await responses(f, `&goalId=${otherGoal.body.id}`)).body).toEqual([]);
    expect((await responses(f, '&status=approved')).body).toEqual([]);
    expect((await responses(f, '&status=maybe')).status).toBe(400);
  });

  it('approving makes progress entries and an observation with their source, shown in the goal and the observations; kept as answered', async () => {
    const f = await answered();
    const approved = await f.call('POST', `/form-responses/${f.response.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id: f.response.id,
      status: 'approved',
      decidedAt: expect.any(String),
      decidedBy: { name: expect.any(String), isYou: true },
      progressEntryIds: [expect.any(Number), expect.any(Number)],
      observationIds: [expect.any(Number)],
    });
    const source = {
      kind: 'form',
      formId: f.formId,
      responseId: f.response.id,
      name: 'Ms Lee',
      role: 'teacher',
      answeredAt: f.answeredAt,
    };
    const answeredOn = f.answeredAt.slice(0, 10);

    const detail = await f.call('GET', `/goals/${f.goalId}`);
    const fromForm = detail.body.progress.filter((entry: { source: unknown }) => entry.source !== null);
    expect(fromForm).toEqual([
      expect.objectContaining({
        id: approved.body.progressEntryIds[0],
        value: 4,
        recordedOn: answeredOn,
        note: 'How many times did she start work without a prompt?',
        source,
      }),
      expect.objectContaining({ id: approved.body.progressEntryIds[1], value: 3, recordedOn: answeredOn, source }),
    ]);
    expect((await f.trpc.goals.detail.query({ childId: f.childId, id: f.goalId })).progress).toEqual(detail.body.progress);
    // The teacher's answer now counts among the goal's recent values.
    expect(detail.body.goal.latestProgress.source).toEqual(source);

    const observations = (await f.call('GET', '/observations')).body;
    expect(observations).toEqual([
      expect.objectContaining({
        id: approved.body.observationIds[0],
        what: 'Wrote a whole paragraph on her own',
        occurredAt: f.answeredAt,
        setting: 'school',
        goalId: f.goalId,
        source,
      }),
    ]);
    expect(await f.trpc.observations.list.query({ childId: f.childId, filter: { goalId: f.goalId, limit: 10 } })).toEqual(observations);
    const [latest] = await f.trpc.activities.list.query({ childId: f.childId, limit: 1 });
    expect(latest).toMatchObject({
      action: 'form-response.approved',
      subjectType: 'form-response',
      subjectId: f.response.id,
      title: 'Ms Lee',
    });

    // As answered: not changed, but the parent may delete it.
    const entryId = approved.body.progressEntryIds[0];
    const put = await f.call('PUT', `/goals/${f.goalId}/progress/${entryId}`, { value: 10 });
    expect(expectApiError(put, 409, 'CONFLICT').message).toBe(FROM_FORM_IS_KEPT_MESSAGE);
    expect((await f.call('DELETE', `/goals/${f.goalId}/progress/${entryId}`)).status).toBe(200);

    // Decided once: a second approval or a rejection is a 409, and makes nothing more.
    expectApiError(await f.call('POST', `/form-responses/${f.response.id}/approve`), 409, 'CONFLICT');
    expectApiError(await f.call('POST', `/form-responses/${f.response.id}/reject`), 409, 'CONFLICT');
    const again = await clientError(f.trpc.formResponses.approve.mutate({ childId: f.childId, id: f.response.id }));
    expect(again.data?.code).toBe('CONFLICT');
    expect((await f.call('GET', `/goals/${f.goalId}`)).body.progress).toHaveLength(3);
    expect((await f.call('GET', '/observations')).body).toHaveLength(1);
    expect((await responses(f, '&status=approved')).body).toEqual([expect.objectContaining({ id: f.response.id, status: 'approved' })]);
  });

  it('rejecting leaves the record, its charts and the meeting pack’s answers as they were', async () => {
    const f = await answered();
    const progressBefore = (await f.call('GET', `/goals/${f.goalId}`)).body.progress;
    const rejected = await f.trpc.formResponses.reject.mutate({ childId: f.childId, id: f.response.id });
    expect(rejected).toMatchObject({ id: f.response.id, status: 'rejected', decidedBy: { isYou: true } });
    expect(rejected.answers.map((answer) => answer.becomes)).toEqual(['none', 'none', 'none', 'none', 'none']);

    expect((await f.call('GET', `/goals/${f.goalId}`)).body.progress).toEqual(progressBefore);
    expect((await f.call('GET', '/observations')).body).toEqual([]);
    const scope = await checkChildScope(server.db, f.userId, f.childId, 'viewer');
    const points = await server.services.goals.recentPoints(scope, [f.goalId], 10);
    expect(points.get(f.goalId)?.map((point) => point.value)).toEqual([1, 2]);
    expect(await server.services.formResponses.answersForGoals(scope, { from: isoDay(-30), to: isoDay(1) })).toEqual([]);
    const [latest] = await f.trpc.activities.list.query({ childId: f.childId, limit: 1 });
    expect(latest).toMatchObject({ action: 'form-response.rejected', subjectType: 'form-response', subjectId: f.response.id });

    expectApiError(await f.call('POST', `/form-responses/${f.response.id}/approve`), 409, 'CONFLICT');
    expect((await f.call('GET', '/observations')).body).toEqual([]);
  });

  it('answersForGoals: the goal-tied answers of approved responses in the period, skipped ones left out', async () => {
    const f = await answered();
    await f.call('POST', `/form-responses/${f.response.id}/approve`);
    const scope = await checkChildScope(server.db, f.userId, f.childId, 'viewer');
    const common = { goalId: f.goalId, responseId: f.response.id, name: 'Ms Lee', role: 'teacher', answeredAt: f.answeredAt };
    expect(await server.services.formResponses.answersForGoals(scope, { from: isoDay(-7), to: isoDay(1) })).toEqual([
      { ...common, prompt: 'How many times did she start work without a prompt?', kind: 'count', value: 4, unit: 'times' },
      { ...common, prompt: 'How well did she focus?', kind: 'scale', value: 3, unit: null },
      { ...common, prompt: 'What went well?', kind: 'text', value: 'Wrote a whole paragraph on her own', unit: null },
    ]);
    expect(await server.services.formResponses.answersForGoals(scope, { from: isoDay(-30), to: isoDay(-2) })).toEqual([]);
  });

  it('a viewer reads responses but cannot decide (403); an updater approves; another family’s response is not found', async () => {
    const f = await answered();
    const viewer = await signUpParent(server);
    const updater = await signUpParent(server);
    await shareChildren(server.services, f.userId, viewer.userId, 'viewer', [f.childId], viewer.email);
    await shareChildren(server.services, f.userId, updater.userId, 'updater', [f.childId], updater.email);
    const as = (person: { token: string }, method: string, path: string) =>
      api(server, method, `/api${path}?childId=${f.childId}`, { token: person.token });

    expect((await as(viewer, 'GET', '/form-responses')).body).toEqual([f.response]);
    expectApiError(await as(viewer, 'POST', `/form-responses/${f.response.id}/approve`), 403, 'FORBIDDEN');
    expectApiError(await as(viewer, 'POST', `/form-responses/${f.response.id}/reject`), 403, 'FORBIDDEN');
    const viewerTrpc = typedClient(server, viewer.token);
    expect((await clientError(viewerTrpc.formResponses.approve.mutate({ childId: f.childId, id: f.response.id }))).data?.code).toBe(
      'FORBIDDEN',
    );

    const stranger = await signUpParentWithChild(server);
    expectApiError(await stranger.call('POST', `/form-responses/${f.response.id}/approve`), 404, 'NOT_FOUND');
    expectApiError(await api(server, 'GET', `/api/form-responses?childId=${f.childId}`, { token: stranger.token }), 404, 'NOT_FOUND');
    expect((await responses(viewer, '&status=pending', f.childId)).body).toHaveLength(1);

    const approved = await as(updater, 'POST', `/form-responses/${f.response.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.decidedBy).toEqual({ name: expect.any(String), isYou: true });
    expect((await f.call('GET', '/form-responses')).body[0].decidedBy).toEqual({ name: expect.any(String), isYou: false });
  });

  it('a goal deleted before approval: its measures stay in the response only, its text becomes an untied observation', async () => {
    const f = await answered();
    expect((await f.call('DELETE', `/goals/${f.goalId}`)).status).toBe(200);
    const [listed] = (await f.call('GET', '/form-responses')).body as FormResponse[];
    expect(listed?.answers.map((answer) => [answer.becomes, answer.goal])).toEqual([
      ['none', null],
      ['none', null],
      ['none', null],
      ['observation', null],
      ['none', null],
    ]);
    const approved = await f.call('POST', `/form-responses/${f.response.id}/approve`);
    expect(approved.body).toMatchObject({ progressEntryIds: [], observationIds: [expect.any(Number)] });
    expect((await f.call('GET', '/observations')).body).toEqual([
      expect.objectContaining({ goalId: null, source: expect.objectContaining({ name: 'Ms Lee' }) }),
    ]);
  });
});
