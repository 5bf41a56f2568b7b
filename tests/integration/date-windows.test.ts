/**
 * Valid inputs never crash (issue 16, decision 0033): the dates and timestamps the issue found
 * answering 500 are a 400 naming the field, on REST and tRPC, and nothing is written; a child whose
 * stored dates are out of today's windows (saved before them) still gets its roadmap; and a
 * PostgreSQL value-range error that reaches the error handlers is a 400 in the app's error format.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REJECTED_VALUE_MESSAGE } from '../../server/lib/errors.ts';
import { createCallerFactory, publicProcedure, router } from '../../server/trpc/init.ts';
import { createInnerContext } from '../../server/trpc/context.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { childRecordRows, expectApiError, isoDay, trpcError } from '../helpers/integration-kit.ts';
import { clientError, clientIssues, typedClient } from '../helpers/trpc-client.ts';

const OFFSET_PAST_POSTGRES = '2020-02-06T20:22:15+23:00';
const YEAR_ZERO = '0000-01-01T00:00:00Z';
const LAST_DAY = '9999-12-31';

const MESSAGES = {
  offset: 'Use a time zone offset from -12:00 to +14:00',
  tooLongAgo: 'This is more than 26 years ago. Is the year right?',
  inFuture: 'This is in the future. When did it happen?',
  planTooFar: 'This date is more than 10 years away. Is the year right?',
  reviewTooFar: 'This is more than 2 years away. Use the date of the last review or the next one.',
  noSuchDate: 'This date does not exist',
};

describe.each(ENGINES)('date windows on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      // Stands in for a route whose value reached PostgreSQL unchecked: the real error handler gets a real error.
      mountClient: (app) => {
        app.get('/unchecked-timestamp', async (req, res) => {
          await sql`select ${String(req.query.value)}::timestamptz`.execute(server.db);
          res.json({ ok: true });
        });
      },
    });
  });
  afterAll(() => server.close());

  async function family() {
    const parent = await signUpParentWithChild(server);
    const observation = await parent.call('POST', '/observations', { what: 'Read a page aloud', occurredAt: new Date().toISOString() });
    expect(observation.status).toBe(201);
    return { ...parent, trpc: typedClient(server, parent.token), observationId: observation.body.id as number };
  }

  describe("the issue's inputs are a 400 naming the field, and nothing is written", () => {
    it('REST: an observation moment with an offset past +-15:59 or in year 0', async () => {
      const f = await family();
      const before = await childRecordRows(server.db, f.childId);
      const answers = [
        [await f.call('POST', '/observations', { what: 'x', occurredAt: OFFSET_PAST_POSTGRES }), MESSAGES.offset],
        [await f.call('PUT', `/observations/${f.observationId}`, { occurredAt: OFFSET_PAST_POSTGRES }), MESSAGES.offset],
        [await f.call('POST', '/observations', { what: 'x', occurredAt: YEAR_ZERO }), MESSAGES.tooLongAgo],
        [await f.call('PUT', `/observations/${f.observationId}`, { occurredAt: YEAR_ZERO }), MESSAGES.tooLongAgo],
      ] as const;
      for (const [response, message] of answers) {
        expect(expectApiError(response, 400, 'BAD_REQUEST').issues).toEqual([{ path: 'occurredAt', message }]);
      }
      expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    });

    it('REST: year-9999 dates on a child, a goal and a milestone', async () => {
      const f = await family();
      const before = await childRecordRows(server.db, f.childId);
      const answers = [
        [
          await api(server, 'PUT', `/api/children/${f.childId}`, { token: f.token, json: { lastEvaluationDate: LAST_DAY } }),
          'lastEvaluationDate',
          MESSAGES.inFuture,
        ],
        [
          await api(server, 'PUT', `/api/children/${f.childId}`, { token: f.token, json: { planReviewDate: LAST_DAY } }),
          'planReviewDate',
          MESSAGES.reviewTooFar,
        ],
        [await f.call('POST', '/goals', { area: 'reading', title: 'x', targetDate: LAST_DAY }), 'targetDate', MESSAGES.planTooFar],
        [await f.call('POST', '/milestones', { title: 'x', dueDate: LAST_DAY }), 'dueDate', MESSAGES.planTooFar],
      ] as const;
      for (const [response, path, message] of answers) {
        expect(expectApiError(response, 400, 'BAD_REQUEST').issues).toEqual([{ path, message }]);
      }
      const created = await api(server, 'POST', '/api/children', {
        token: f.token,
        json: { firstName: 'Sam', dateOfBirth: '2018-01-01', lastEvaluationDate: LAST_DAY },
      });
      expect(expectApiError(created, 400, 'BAD_REQUEST').issues).toEqual([{ path: 'lastEvaluationDate', message: MESSAGES.inFuture }]);
      expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    });

    it('REST: query-string dates in year 0 (observation filters, milestone range)', async () => {
      const f = await family();
      for (const [path, field] of [
        ['/observations', 'from'],
        ['/observations', 'to'],
        ['/milestones', 'from'],
        ['/milestones', 'to'],
      ] as const) {
        const response = await api(server, 'GET', `/api${path}?childId=${f.childId}&${field}=0000-01-01`, { token: f.token });
        expect(expectApiError(response, 400, 'BAD_REQUEST').issues).toEqual([{ path: field, message: MESSAGES.noSuchDate }]);
      }
      // The calendar's own ends are fine as "from the start" and "to the end".
      const all = await api(server, 'GET', `/api/observations?childId=${f.childId}&from=0001-01-01&to=${LAST_DAY}`, { token: f.token });
      expect({ status: all.status, ids: (all.body as { id: number }[]).map((row) => row.id) }).toEqual({
        status: 200,
        ids: [f.observationId],
      });
      const milestones = await api(server, 'GET', `/api/milestones?childId=${f.childId}&from=0001-01-01&to=${LAST_DAY}`, {
        token: f.token,
      });
      expect(milestones.status).toBe(200);
    });

    it('tRPC: the same inputs are BAD_REQUEST at their field', async () => {
      const f = await family();
      const before = await childRecordRows(server.db, f.childId);
      const { childId, trpc } = f;
      const answers = [
        [
          await clientError(trpc.observations.create.mutate({ childId, data: { what: 'x', occurredAt: OFFSET_PAST_POSTGRES } })),
          'data.occurredAt',
          MESSAGES.offset,
        ],
        [
          await clientError(trpc.observations.update.mutate({ childId, id: f.observationId, data: { occurredAt: YEAR_ZERO } })),
          'data.occurredAt',
          MESSAGES.tooLongAgo,
        ],
        [
          await clientError(trpc.children.update.mutate({ id: childId, data: { lastEvaluationDate: LAST_DAY } })),
          'data.lastEvaluationDate',
          MESSAGES.inFuture,
        ],
        [
          await clientError(trpc.goals.create.mutate({ childId, data: { area: 'math', title: 'x', targetDate: LAST_DAY } })),
          'data.targetDate',
          MESSAGES.planTooFar,
        ],
        [
          await clientError(trpc.observations.list.query({ childId, filter: { from: '0000-01-01', limit: 10 } })),
          'filter.from',
          MESSAGES.noSuchDate,
        ],
        [await clientError(trpc.milestones.list.query({ childId, to: '0000-01-01' })), 'to', MESSAGES.noSuchDate],
      ] as const;
      for (const [error, path, message] of answers) {
        expect({ code: error.data?.code, issues: clientIssues(error) }).toEqual({ code: 'BAD_REQUEST', issues: [{ path, message }] });
      }
      expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    });
  });

  describe('a child with stored dates outside the windows still gets a roadmap', () => {
    async function storedChild(dates: { dateOfBirth?: string; planReviewDate?: string; lastEvaluationDate?: string }) {
      const f = await family();
      await server.db
        .updateTable('children')
        .set({ supportPlan: 'iep', grade: '8', ...dates })
        .where('id', '=', f.childId)
        .execute();
      return f;
    }

    it.each([
      ['a last evaluation on 9999-12-31', { lastEvaluationDate: LAST_DAY }],
      ['a plan review on 9999-12-31', { planReviewDate: LAST_DAY }],
      ['a date of birth in 1900', { dateOfBirth: '1900-01-01', planReviewDate: isoDay(-30), lastEvaluationDate: '1905-06-01' }],
      ['review and evaluation on the first day of the calendar', { planReviewDate: '0001-01-01', lastEvaluationDate: '0001-01-01' }],
    ])('%s: REST and tRPC refresh answer 200 with the roadmap', async (_name, dates) => {
      const f = await storedChild(dates);
      const rest = await f.call('POST', '/milestones/generate');
      expect({ status: rest.status, body: rest.body }).toEqual({
        status: 200,
        body: { created: expect.any(Number), updated: expect.any(Number), removed: expect.any(Number), kept: expect.any(Number) },
      });
      expect(rest.body.created).toBeGreaterThan(0);
      await expect(f.trpc.milestones.generate.mutate({ childId: f.childId })).resolves.toEqual(expect.objectContaining({ created: 0 }));
      const listed = await f.trpc.milestones.list.query({ childId: f.childId });
      expect(listed.length).toBe(rest.body.created);
      const child = await f.trpc.children.byId.query({ id: f.childId });
      expect(child).toEqual(expect.objectContaining(dates));
    });

    it('the re-evaluation rule reads a stored 9999-12-31 as far ahead: nothing due, the rest of the roadmap as usual', async () => {
      const f = await storedChild({ lastEvaluationDate: LAST_DAY });
      await f.call('POST', '/milestones/generate');
      const listed = await f.trpc.milestones.list.query({ childId: f.childId });
      expect(listed.filter((milestone) => milestone.category === 'evaluation')).toEqual([]);
      expect(listed.some((milestone) => milestone.category === 'school-year')).toBe(true);
    });
  });

  describe('a PostgreSQL value-range error is a 400 in the error format', () => {
    it.each([
      ['22009, an offset of 23 hours', OFFSET_PAST_POSTGRES],
      ['22008, year 0', YEAR_ZERO],
      ['22007, not a time at all', 'not a time'],
    ])('REST: %s', async (_code, value) => {
      const response = await api(server, 'GET', `/unchecked-timestamp?value=${encodeURIComponent(value)}`);
      expect(expectApiError(response, 400, 'BAD_REQUEST').message).toBe(REJECTED_VALUE_MESSAGE);
    });

    it('tRPC: a procedure whose query PostgreSQL refuses answers BAD_REQUEST', async () => {
      const probe = router({
        unchecked: publicProcedure.input(z.string()).query(async ({ input }) => {
          await sql`select ${input}::timestamptz`.execute(server.db);
          return 'stored';
        }),
      });
      const caller = createCallerFactory(probe)(createInnerContext({ services: server.services, userId: null }));
      for (const value of [OFFSET_PAST_POSTGRES, YEAR_ZERO]) {
        const error = await trpcError(caller.unchecked(value));
        expect({ code: error.code, message: error.message }).toEqual({ code: 'BAD_REQUEST', message: REJECTED_VALUE_MESSAGE });
      }
    });
  });
});
