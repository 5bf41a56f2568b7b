/**
 * The date rules every record shares (decision 0026): a progress entry's day is never in the future,
 * like an observation's moment; a goal's target date and a milestone's due date may be overdue but
 * not more than a year ago (a typo in the year). Refused on REST and tRPC, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { childRecordRows, expectApiError, isoDay } from '../helpers/integration-kit.ts';
import { clientError, clientIssues, typedClient } from '../helpers/trpc-client.ts';

const IN_THE_FUTURE = 'This is in the future. When did it happen?';
const TOO_FAR_BACK = 'This date is more than a year ago. Is the year right?';
const HOUR_MS = 3_600_000;

/** A day that has not begun anywhere on earth yet, whenever the test runs. */
const notYetBegunAnywhere = () => new Date(Date.now() + 48 * HOUR_MS).toISOString().slice(0, 10);
/** A day that has begun in the earliest time zone (UTC+14), though it may still be tomorrow in UTC. */
const begunInTheEarliestZone = () => new Date(Date.now() + 14 * HOUR_MS - 10 * 60_000).toISOString().slice(0, 10);

describe.each(ENGINES)('date rules on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  /** A parent with one child, a goal with one entry from yesterday, and a milestone next month. */
  async function family() {
    const parent = await signUpParentWithChild(server);
    const { childId, call } = parent;
    const goal = await call('POST', '/goals', { area: 'reading', title: 'Read a page aloud' });
    const entry = await call('POST', `/goals/${goal.body.id}/progress`, { recordedOn: isoDay(-1), value: 3 });
    const milestone = await call('POST', '/milestones', { title: 'Meet the teacher', dueDate: isoDay(30) });
    expect([goal.status, entry.status, milestone.status]).toEqual([201, 201, 201]);
    return {
      ...parent,
      childId,
      call,
      trpc: typedClient(server, parent.token),
      goalId: goal.body.id as number,
      entryId: entry.body.id as number,
      milestoneId: milestone.body.id as number,
    };
  }

  describe('a progress entry is never dated in the future', () => {
    it('REST: recording or correcting an entry with a day not yet begun is 400 at `recordedOn`, and nothing is written', async () => {
      const f = await family();
      const before = await childRecordRows(server.db, f.childId);

      const recorded = await f.call('POST', `/goals/${f.goalId}/progress`, { recordedOn: notYetBegunAnywhere(), value: 4 });
      expect(expectApiError(recorded, 400, 'BAD_REQUEST').issues).toEqual([{ path: 'recordedOn', message: IN_THE_FUTURE }]);
      const corrected = await f.call('PUT', `/goals/${f.goalId}/progress/${f.entryId}`, { recordedOn: notYetBegunAnywhere() });
      expect(expectApiError(corrected, 400, 'BAD_REQUEST').issues).toEqual([{ path: 'recordedOn', message: IN_THE_FUTURE }]);

      expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    });

    it('tRPC: addProgress and updateProgress with a day not yet begun are BAD_REQUEST at `data.recordedOn`, and nothing is written', async () => {
      const f = await family();
      const before = await childRecordRows(server.db, f.childId);

      const recorded = await clientError(
        f.trpc.goals.addProgress.mutate({ childId: f.childId, data: { goalId: f.goalId, recordedOn: notYetBegunAnywhere(), value: 4 } }),
      );
      const corrected = await clientError(
        f.trpc.goals.updateProgress.mutate({ childId: f.childId, id: f.entryId, data: { recordedOn: notYetBegunAnywhere() } }),
      );
      for (const error of [recorded, corrected]) {
        expect({ code: error.data?.code, issues: clientIssues(error) }).toEqual({
          code: 'BAD_REQUEST',
          issues: [{ path: 'data.recordedOn', message: IN_THE_FUTURE }],
        });
      }

      expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    });

    it('takes today wherever the parent is (a day begun in UTC+14) and any past day', async () => {
      const f = await family();
      const today = await f.call('POST', `/goals/${f.goalId}/progress`, { recordedOn: begunInTheEarliestZone(), value: 5 });
      expect({ status: today.status, recordedOn: today.body.recordedOn }).toEqual({ status: 201, recordedOn: begunInTheEarliestZone() });
      const longAgo = await f.trpc.goals.updateProgress.mutate({ childId: f.childId, id: f.entryId, data: { recordedOn: '2019-06-01' } });
      expect(longAgo.recordedOn).toBe('2019-06-01');
    });
  });

  describe("a goal's target date and a milestone's due date are not more than a year ago", () => {
    it('REST: creating or changing one with a date over a year ago is 400 naming the field, and nothing is written', async () => {
      const f = await family();
      const before = await childRecordRows(server.db, f.childId);
      const overAYearAgo = isoDay(-366);

      const refusals = [
        [await f.call('POST', '/goals', { area: 'reading', title: 'Typo in the year', targetDate: overAYearAgo }), 'targetDate'],
        [await f.call('PUT', `/goals/${f.goalId}`, { targetDate: '2006-06-01' }), 'targetDate'],
        [await f.call('POST', '/milestones', { title: 'Typo in the year', dueDate: overAYearAgo }), 'dueDate'],
        [await f.call('PUT', `/milestones/${f.milestoneId}`, { dueDate: overAYearAgo }), 'dueDate'],
      ] as const;
      for (const [response, path] of refusals) {
        expect(expectApiError(response, 400, 'BAD_REQUEST').issues).toEqual([{ path, message: TOO_FAR_BACK }]);
      }

      expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    });

    it('tRPC: create, update and reschedule with a date over a year ago are BAD_REQUEST, and nothing is written', async () => {
      const f = await family();
      const before = await childRecordRows(server.db, f.childId);
      const overAYearAgo = isoDay(-366);
      const { childId } = f;

      const refusals = [
        [
          await clientError(f.trpc.goals.create.mutate({ childId, data: { area: 'math', title: 'Typo', targetDate: overAYearAgo } })),
          'targetDate',
        ],
        [await clientError(f.trpc.goals.update.mutate({ childId, id: f.goalId, data: { targetDate: overAYearAgo } })), 'targetDate'],
        [await clientError(f.trpc.milestones.create.mutate({ childId, data: { title: 'Typo', dueDate: overAYearAgo } })), 'dueDate'],
        [await clientError(f.trpc.milestones.update.mutate({ childId, id: f.milestoneId, data: { dueDate: overAYearAgo } })), 'dueDate'],
      ] as const;
      for (const [error, field] of refusals) {
        expect({ code: error.data?.code, issues: clientIssues(error) }).toEqual({
          code: 'BAD_REQUEST',
          issues: [{ path: `data.${field}`, message: TOO_FAR_BACK }],
        });
      }

      expect(await childRecordRows(server.db, f.childId)).toEqual(before);
    });

    it('takes an overdue date up to a year back: a plan can run late', async () => {
      const f = await family();
      const goal = await f.call('PUT', `/goals/${f.goalId}`, { targetDate: isoDay(-365) });
      expect({ status: goal.status, targetDate: goal.body.targetDate }).toEqual({ status: 200, targetDate: isoDay(-365) });
      const milestone = await f.trpc.milestones.update.mutate({ childId: f.childId, id: f.milestoneId, data: { dueDate: isoDay(-1) } });
      expect(milestone.dueDate).toBe(isoDay(-1));
      const added = await f.call('POST', '/milestones', { title: 'Overdue already', dueDate: isoDay(-200) });
      expect(added.status).toBe(201);
    });
  });
});
