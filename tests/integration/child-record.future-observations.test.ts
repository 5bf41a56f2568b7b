/**
 * An observation records something that happened: the API refuses an `occurredAt` in the future
 * (beyond a few minutes for a phone whose clock runs fast), on REST and on tRPC, on create and on
 * update, and writes nothing when it does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { childRecordRows, expectApiError } from '../helpers/integration-kit.ts';
import { clientError, clientIssues, typedClient } from '../helpers/trpc-client.ts';

const IN_THE_FUTURE = 'This is in the future. When did it happen?';
const MINUTE_MS = 60_000;

/** The same moment one year on: certainly in the future whenever the test runs. */
function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
}

describe.each(ENGINES)('observations in the future on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  /** A parent with one child and one observation logged now. */
  async function family() {
    const parent = await signUpParentWithChild(server);
    const { childId, call } = parent;
    const observation = await call('POST', '/observations', { what: 'Logged just now' });
    expect(observation.status).toBe(201);
    return { ...parent, childId, call, observationId: observation.body.id as number };
  }

  it('REST: POST and PUT with occurredAt next year are 400 at `occurredAt`, and nothing is written', async () => {
    const f = await family();
    const before = await childRecordRows(server.db, f.childId);
    const listed = (await f.call('GET', '/observations')).body;

    const created = await f.call('POST', '/observations', { what: 'Planned for next year', occurredAt: nextYear() });
    expect(expectApiError(created, 400, 'BAD_REQUEST').issues).toEqual([{ path: 'occurredAt', message: IN_THE_FUTURE }]);
    const updated = await f.call('PUT', `/observations/${f.observationId}`, { occurredAt: nextYear() });
    expect(expectApiError(updated, 400, 'BAD_REQUEST').issues).toEqual([{ path: 'occurredAt', message: IN_THE_FUTURE }]);

    expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    expect((await f.call('GET', '/observations')).body).toEqual(listed);
  });

  it('tRPC: create and update with occurredAt next year are BAD_REQUEST at `data.occurredAt`, and nothing is written', async () => {
    const f = await family();
    const trpc = typedClient(server, f.token);
    const before = await childRecordRows(server.db, f.childId);
    const listed = await trpc.observations.list.query({ childId: f.childId });

    const created = await clientError(
      trpc.observations.create.mutate({ childId: f.childId, data: { what: 'Planned for next year', occurredAt: nextYear() } }),
    );
    const updated = await clientError(
      trpc.observations.update.mutate({ childId: f.childId, id: f.observationId, data: { occurredAt: nextYear() } }),
    );
    for (const error of [created, updated]) {
      expect({ code: error.data?.code, status: error.data?.httpStatus, issues: clientIssues(error) }).toEqual({
        code: 'BAD_REQUEST',
        status: 400,
        issues: [{ path: 'data.occurredAt', message: IN_THE_FUTURE }],
      });
    }

    expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    expect(await trpc.observations.list.query({ childId: f.childId })).toEqual(listed);
    expect(await trpc.activities.list.query({ childId: f.childId, limit: 1 })).toMatchObject([
      { action: 'observation.created', subjectId: f.observationId },
    ]);
  });

  it('allows a few minutes ahead (a phone clock running fast), not more', async () => {
    const f = await family();
    const aLittleAhead = new Date(Date.now() + 2 * MINUTE_MS).toISOString();
    const tooFarAhead = new Date(Date.now() + 10 * MINUTE_MS).toISOString();
    const accepted = await f.call('POST', '/observations', { what: 'Stamped by a fast phone', occurredAt: aLittleAhead });
    expect({ status: accepted.status, occurredAt: accepted.body.occurredAt }).toEqual({ status: 201, occurredAt: aLittleAhead });
    expect(
      expectApiError(await f.call('PUT', `/observations/${f.observationId}`, { occurredAt: tooFarAhead }), 400, 'BAD_REQUEST').issues,
    ).toEqual([{ path: 'occurredAt', message: IN_THE_FUTURE }]);
  });

  it('still takes any moment in the past', async () => {
    const f = await family();
    const longAgo = '2019-06-01T08:00:00.000Z';
    const updated = await f.call('PUT', `/observations/${f.observationId}`, { occurredAt: longAgo });
    expect({ status: updated.status, occurredAt: updated.body.occurredAt }).toEqual({ status: 200, occurredAt: longAgo });
  });
});
