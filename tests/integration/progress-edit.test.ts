/**
 * A progress entry can be corrected (its day, value or note) on tRPC (`goals.updateProgress`) and REST
 * (`PUT /api/goals/{id}/progress/{entryId}`): the change shows in the goal, is recorded in the
 * activity feed, and someone else's entry is NOT_FOUND with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { expectApiError, isoDay, issuePaths } from '../helpers/integration-kit.ts';
import { clientError, clientIssues, typedClient } from '../helpers/trpc-client.ts';

async function entriesOf(db: Db, childId: number) {
  return db.selectFrom('progressEntries').selectAll().where('childId', '=', childId).orderBy('id').execute();
}

describe.each(ENGINES)('editing a progress entry on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  /** A parent with a child, two goals and one entry on the first. */
  async function family() {
    const parent = await signUpParentWithChild(server);
    const { childId, call } = parent;
    const goal = await call('POST', '/goals', { area: 'reading', title: 'Read a page aloud', unit: 'words' });
    const otherGoal = await call('POST', '/goals', { area: 'math', title: 'Count to 100' });
    const entry = await call('POST', `/goals/${goal.body.id}/progress`, { recordedOn: isoDay(-3), value: 12, note: 'Tired' });
    expect([goal.status, otherGoal.status, entry.status]).toEqual([201, 201, 201]);
    return {
      ...parent,
      childId,
      call,
      trpc: typedClient(server, parent.token),
      goalId: goal.body.id as number,
      otherGoalId: otherGoal.body.id as number,
      entryId: entry.body.id as number,
    };
  }

  it('tRPC: updateProgress changes the value, day and note, the goal shows it, and the feed says so', async () => {
    const f = await family();
    const updated = await f.trpc.goals.updateProgress.mutate({
      childId: f.childId,
      id: f.entryId,
      data: { value: 21, recordedOn: isoDay(-2), note: '  Much better  ' },
    });
    expect(updated).toMatchObject({ id: f.entryId, goalId: f.goalId, value: 21, recordedOn: isoDay(-2), note: 'Much better' });

    const detail = await f.trpc.goals.detail.query({ childId: f.childId, id: f.goalId });
    expect(detail.progress).toEqual([updated]);
    expect(detail.goal.latestProgress).toEqual(updated);
    const [latest] = await f.trpc.activities.list.query({ childId: f.childId, limit: 1 });
    expect(latest).toMatchObject({ action: 'progress.updated', subjectType: 'progress', subjectId: f.entryId });

    // Only what is named changes; a null note clears it.
    const cleared = await f.trpc.goals.updateProgress.mutate({ childId: f.childId, id: f.entryId, data: { note: null } });
    expect(cleared).toMatchObject({ value: 21, recordedOn: isoDay(-2), note: null });
  });

  it('REST: PUT /api/goals/{id}/progress/{entryId} corrects the entry', async () => {
    const f = await family();
    const response = await f.call('PUT', `/goals/${f.goalId}/progress/${f.entryId}`, { value: 14.5 });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: expect.objectContaining({ id: f.entryId, goalId: f.goalId, value: 14.5, recordedOn: isoDay(-3), note: 'Tired' }),
    });
    const detail = await f.call('GET', `/goals/${f.goalId}`);
    expect(detail.body.progress).toEqual([response.body]);
  });

  it('the OpenAPI document describes the path, its body and its answers', async () => {
    const doc = (await api(server, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, { put?: { requestBody: unknown; responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; additionalProperties?: unknown }> };
    };
    const put = doc.paths['/api/goals/{id}/progress/{entryId}']?.put;
    expect(put?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ProgressEntryUpdate' } } },
    });
    expect(Object.keys(put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    const update = doc.components.schemas.ProgressEntryUpdate;
    expect(Object.keys(update?.properties ?? {}).sort()).toEqual(['note', 'recordedOn', 'value']);
    expect(update?.additionalProperties).toBe(false);
  });

  it("another parent's entry is NOT_FOUND on both, and stays as it was", async () => {
    const owner = await family();
    const stranger = await family();
    const before = await entriesOf(server.db, owner.childId);

    // The stranger names their own child, with the owner's entry id.
    const viaTrpc = await clientError(
      stranger.trpc.goals.updateProgress.mutate({ childId: stranger.childId, id: owner.entryId, data: { value: 0 } }),
    );
    expect(viaTrpc.data?.code).toBe('NOT_FOUND');
    expectApiError(await stranger.call('PUT', `/goals/${stranger.goalId}/progress/${owner.entryId}`, { value: 0 }), 404, 'NOT_FOUND');
    // ...or the owner's child, which is not theirs.
    const notTheirChild = await api(server, 'PUT', `/api/goals/${owner.goalId}/progress/${owner.entryId}?childId=${owner.childId}`, {
      token: stranger.token,
      json: { value: 0 },
    });
    expectApiError(notTheirChild, 404, 'NOT_FOUND');
    const otherChild = await clientError(
      stranger.trpc.goals.updateProgress.mutate({ childId: owner.childId, id: owner.entryId, data: { value: 0 } }),
    );
    expect(otherChild.data?.code).toBe('NOT_FOUND');

    expect(await entriesOf(server.db, owner.childId)).toEqual(before);
  });

  it('REST: an entry named under a goal it is not on is NOT_FOUND; an unknown entry too', async () => {
    const f = await family();
    const before = await entriesOf(server.db, f.childId);
    const wrongGoal = await f.call('PUT', `/goals/${f.otherGoalId}/progress/${f.entryId}`, { value: 1 });
    expect(expectApiError(wrongGoal, 404, 'NOT_FOUND').message).toBe('Progress entry not found');
    expectApiError(await f.call('PUT', `/goals/${f.goalId}/progress/999999`, { value: 1 }), 404, 'NOT_FOUND');
    expect(await entriesOf(server.db, f.childId)).toEqual(before);
  });

  it('REST: DELETE /api/goals/{id}/progress/{entryId} removes the entry of that goal only, and the feed says so', async () => {
    const f = await family();
    const stranger = await family();
    expectApiError(await f.call('DELETE', `/goals/${f.otherGoalId}/progress/${f.entryId}`), 404, 'NOT_FOUND');
    expectApiError(await stranger.call('DELETE', `/goals/${stranger.goalId}/progress/${f.entryId}`), 404, 'NOT_FOUND');
    expect(await entriesOf(server.db, f.childId)).toHaveLength(1);

    const deleted = await f.call('DELETE', `/goals/${f.goalId}/progress/${f.entryId}`);
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { id: f.entryId, deleted: true } });
    expect(await entriesOf(server.db, f.childId)).toEqual([]);
    const [latest] = await f.trpc.activities.list.query({ childId: f.childId, limit: 1 });
    expect(latest).toMatchObject({ action: 'progress.deleted', subjectType: 'progress', subjectId: f.entryId });
    expectApiError(await f.call('DELETE', `/goals/${f.goalId}/progress/${f.entryId}`), 404, 'NOT_FOUND');
  });

  it('validation: bad values, unknown keys (goalId included) and an empty change are 400 naming the field', async () => {
    const f = await family();
    const before = await entriesOf(server.db, f.childId);
    const put = (json: unknown) => f.call('PUT', `/goals/${f.goalId}/progress/${f.entryId}`, json);

    expect(issuePaths(await put({ value: 'abc' }))).toEqual(['value']);
    expect(issuePaths(await put({ recordedOn: '2026-02-30' }))).toEqual(['recordedOn']);
    expect(issuePaths(await put({ note: 'x'.repeat(1001) }))).toEqual(['note']);
    expect(expectApiError(await put({ goalId: f.otherGoalId }), 400, 'BAD_REQUEST').issues).toEqual([
      { path: 'goalId', message: 'Unknown field "goalId"' },
    ]);
    expect(expectApiError(await put({}), 400, 'BAD_REQUEST').issues).toEqual([
      { path: '', message: 'Provide at least one field to update' },
    ]);
    expectApiError(await f.call('PUT', `/goals/${f.goalId}/progress/abc`, { value: 1 }), 400, 'BAD_REQUEST');

    const viaTrpc = await clientError(
      f.trpc.goals.updateProgress.mutate({ childId: f.childId, id: f.entryId, data: { value: Number.NaN } }),
    );
    expect({ code: viaTrpc.data?.code, paths: clientIssues(viaTrpc).map((issue) => issue.path) }).toEqual({
      code: 'BAD_REQUEST',
      paths: ['data.value'],
    });

    expect(await entriesOf(server.db, f.childId)).toEqual(before);
  });
});
