/**
 * A progress entry or an observation made from an approved form answer (issue 28, decision 0109) stays
 * as it was answered: changing it is a 409 with FROM_FORM_IS_KEPT_MESSAGE on REST and tRPC, nothing
 * changes, and deleting it works. The response is stored as the fill page stores one (the fill flow has
 * its own tests); approving goes through the real API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FROM_FORM_IS_KEPT_MESSAGE } from '#shared/schemas/entry-source.ts';
import type { Db } from '../../server/db/database.ts';
import type { StoredFormAnswer } from '../../server/db/schema.ts';
import { expectApiError, isoDay } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { clientError, typedClient } from '../helpers/trpc-client.ts';

/** A form with one goal-tied count and one text, and a pending response from Ms Lee, stored as the fill page stores it. */
async function pendingResponse(db: Db, family: { childId: number; userId: string }, goalId: number): Promise<number> {
  const questions = [
    {
      id: 'starts',
      kind: 'count',
      prompt: 'Starts without a prompt',
      goalId,
      required: false,
      unit: 'times',
      scaleLow: null,
      scaleHigh: null,
    },
    { id: 'notes', kind: 'text', prompt: 'Anything else?', goalId: null, required: false, unit: null, scaleLow: null, scaleHigh: null },
  ] as const;
  const form = await db
    .insertInto('forms')
    .values({ childId: family.childId, title: 'Weekly check-in', questions: JSON.stringify(questions), createdBy: family.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const answers: StoredFormAnswer[] = [
    { questionId: 'starts', kind: 'count', prompt: questions[0].prompt, unit: 'times', goalId, value: 4 },
    { questionId: 'notes', kind: 'text', prompt: questions[1].prompt, unit: null, goalId: null, value: 'Read aloud to the class' },
  ];
  const response = await db
    .insertInto('formResponses')
    .values({
      childId: family.childId,
      formId: form.id,
      linkId: null,
      recipientName: 'Ms Lee',
      recipientRole: 'teacher',
      answers: JSON.stringify(answers),
      answeredAt: new Date(`${isoDay(-1)}T15:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return response.id;
}

describe.each(ENGINES)('records from a form answer on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  async function approvedFamily() {
    const family = await signUpParentWithChild(server);
    const goal = await family.call('POST', '/goals', { area: 'reading', title: 'Start work on his own', unit: 'times' });
    const responseId = await pendingResponse(server.db, family, goal.body.id);
    const approved = await family.call('POST', `/form-responses/${responseId}/approve`);
    expect(approved.status).toBe(200);
    const entryId = approved.body.progressEntryIds[0] as number;
    const observationId = approved.body.observationIds[0] as number;
    return { ...family, trpc: typedClient(server, family.token), goalId: goal.body.id as number, entryId, observationId };
  }

  it('a progress entry from a form answer cannot be changed (409 on REST and tRPC) but can be deleted', async () => {
    const f = await approvedFamily();
    const before = await f.call('GET', `/goals/${f.goalId}`);
    expect(before.body.progress).toEqual([
      expect.objectContaining({
        id: f.entryId,
        value: 4,
        source: expect.objectContaining({ kind: 'form', name: 'Ms Lee', role: 'teacher' }),
      }),
    ]);

    const put = await f.call('PUT', `/goals/${f.goalId}/progress/${f.entryId}`, { value: 9 });
    expect(expectApiError(put, 409, 'CONFLICT').message).toBe(FROM_FORM_IS_KEPT_MESSAGE);
    const viaTrpc = await clientError(f.trpc.goals.updateProgress.mutate({ childId: f.childId, id: f.entryId, data: { note: 'edited' } }));
    expect({ code: viaTrpc.data?.code, message: viaTrpc.message }).toEqual({ code: 'CONFLICT', message: FROM_FORM_IS_KEPT_MESSAGE });
    expect((await f.call('GET', `/goals/${f.goalId}`)).body.progress).toEqual(before.body.progress);

    // A typed entry beside it is still corrected as before.
    const typed = await f.call('POST', `/goals/${f.goalId}/progress`, { recordedOn: isoDay(-2), value: 1 });
    expect((await f.call('PUT', `/goals/${f.goalId}/progress/${typed.body.id}`, { value: 2 })).status).toBe(200);

    const deleted = await f.call('DELETE', `/goals/${f.goalId}/progress/${f.entryId}`);
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { id: f.entryId, deleted: true } });
    expect((await f.call('GET', `/goals/${f.goalId}`)).body.progress.map((entry: { id: number }) => entry.id)).toEqual([typed.body.id]);
  });

  it('an observation from a form answer cannot be changed (409 on REST and tRPC) but can be deleted', async () => {
    const f = await approvedFamily();
    const listed = async () => (await f.call('GET', '/observations')).body as { id: number; what: string; source: unknown }[];
    const before = await listed();
    expect(before).toEqual([
      expect.objectContaining({
        id: f.observationId,
        what: 'Read aloud to the class',
        setting: 'school',
        source: expect.objectContaining({ name: 'Ms Lee' }),
      }),
    ]);

    const put = await f.call('PUT', `/observations/${f.observationId}`, { what: 'Something else' });
    expect(expectApiError(put, 409, 'CONFLICT').message).toBe(FROM_FORM_IS_KEPT_MESSAGE);
    const viaTrpc = await clientError(
      f.trpc.observations.update.mutate({ childId: f.childId, id: f.observationId, data: { isWin: true } }),
    );
    expect({ code: viaTrpc.data?.code, message: viaTrpc.message }).toEqual({ code: 'CONFLICT', message: FROM_FORM_IS_KEPT_MESSAGE });
    expect(await listed()).toEqual(before);
    // Another child's or an unknown observation is still NOT_FOUND, not a conflict.
    expectApiError(await f.call('PUT', '/observations/999999', { what: 'x' }), 404, 'NOT_FOUND');

    const deleted = await f.call('DELETE', `/observations/${f.observationId}`);
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { id: f.observationId, deleted: true } });
    expect(await listed()).toEqual([]);
  });

  it('the OpenAPI document gives both updates their 409', async () => {
    const doc = (await api(server, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, { put?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(doc.paths['/api/goals/{id}/progress/{entryId}']?.put?.responses ?? {})).toContain('409');
    expect(Object.keys(doc.paths['/api/observations/{id}']?.put?.responses ?? {})).toContain('409');
  });
});
