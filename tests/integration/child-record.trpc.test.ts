import type { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { AppError } from '../../server/lib/errors.ts';
import type { Services } from '../../server/services.ts';
import { createInnerContext } from '../../server/trpc/context.ts';
import { appRouter, createCaller } from '../../server/trpc/root.ts';
import { toIssues } from '#shared/api-error.ts';
import { CHILD_SCOPED_ROUTERS } from '#shared/child-scoped.ts';
import { FEATURE_FLAG_DEFAULTS } from '#shared/feature-flags.ts';
import type { ChildCreateInput } from '#shared/schemas/child.ts';
import type { GenerationResult, Milestone } from '#shared/schemas/milestone.ts';
import { servicesLike, trpcError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';

const DAY_MS = 86_400_000;
/** The clock the services see unless a test moves it: a Tuesday, the first of a month. */
const START = '2026-09-01T12:00:00.000Z';

type Caller = ReturnType<typeof createCaller>;
type AnyProcedure = (input?: unknown) => Promise<unknown>;

/** The field paths a BAD_REQUEST names, as the error formatter flattens them: zod's input issues, or the service's own. */
function issuePaths(error: TRPCError): string[] {
  expect(error.code).toBe('BAD_REQUEST');
  const { cause } = error;
  const issues = cause instanceof ZodError ? toIssues(cause) : cause instanceof AppError ? (cause.issues ?? []) : [];
  expect(issues.length, 'a BAD_REQUEST names its fields').toBeGreaterThan(0);
  return [...new Set(issues.map((issue) => issue.path))];
}

describe.each(ENGINES)('child record over tRPC on %s', (engine) => {
  let server: TestServer;
  const clock = { now: new Date(START) };
  /**
   * Moves the services' clock and the real one together: the shared schemas judge dates against the
   * real clock (a plan date over a year back is refused), so this file's fixed days stay valid in any year.
   */
  const setClock = (now: Date) => {
    clock.now = now;
    vi.setSystemTime(now);
  };
  /** The app's services over the test server's database, reading the test's clock. */
  let services: Services;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(START) });
    server = await startTestServer({ engine });
    services = servicesLike(server, { now: () => clock.now });
  });
  afterAll(async () => {
    await server.close();
    vi.useRealTimers();
  });
  beforeEach(() => {
    setClock(new Date(START));
  });

  const callerFor = (userId: string | null, using: Services = services): Caller =>
    createCaller(createInnerContext({ services: using, userId }));

  async function family(child: ChildCreateInput = validChild) {
    const parent = await signUpParent(server);
    const trpc = callerFor(parent.userId);
    const { id: childId } = await trpc.children.create(child);
    return { userId: parent.userId, trpc, childId };
  }

  /** Every row of the child's record, straight from the database. */
  async function recordOf(childId: number) {
    const { db } = server;
    return {
      goals: await db.selectFrom('goals').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      progressEntries: await db.selectFrom('progressEntries').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      strategies: await db.selectFrom('strategies').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      strategyGoals: await db
        .selectFrom('strategyGoals')
        .selectAll()
        .where('childId', '=', childId)
        .orderBy('strategyId')
        .orderBy('goalId')
        .execute(),
      observations: await db.selectFrom('observations').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      milestones: await db.selectFrom('milestones').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      activities: await db.selectFrom('activities').selectAll().where('childId', '=', childId).orderBy('id').execute(),
    };
  }

  describe('childProcedure', () => {
    /** Every procedure of the child-scoped routers with an input it would accept. */
    function procedures(
      childId: number,
      ids: { observation: number; goal: number; progress: number; strategy: number; milestone: number },
    ): [string, unknown][] {
      return [
        ['observations.list', { childId }],
        ['observations.create', { childId, data: { what: 'Laughed' } }],
        ['observations.update', { childId, id: ids.observation, data: { what: 'Changed' } }],
        ['observations.delete', { childId, id: ids.observation }],
        ['observations.weeklyTrend', { childId }],
        ['goals.list', { childId }],
        ['goals.detail', { childId, id: ids.goal }],
        ['goals.create', { childId, data: { area: 'math', title: 'Count' } }],
        ['goals.update', { childId, id: ids.goal, data: { title: 'Changed' } }],
        ['goals.delete', { childId, id: ids.goal }],
        ['goals.addProgress', { childId, data: { goalId: ids.goal, recordedOn: '2026-08-01', value: 2 } }],
        ['goals.updateProgress', { childId, id: ids.progress, data: { value: 3 } }],
        ['goals.deleteProgress', { childId, id: ids.progress }],
        ['strategies.list', { childId }],
        ['strategies.create', { childId, data: { title: 'Timer' } }],
        ['strategies.update', { childId, id: ids.strategy, data: { title: 'Changed' } }],
        ['strategies.delete', { childId, id: ids.strategy }],
        ['milestones.list', { childId }],
        ['milestones.create', { childId, data: { title: 'Visit', dueDate: '2026-10-01' } }],
        ['milestones.update', { childId, id: ids.milestone, data: { status: 'done' } }],
        ['milestones.delete', { childId, id: ids.milestone }],
        ['milestones.generate', { childId }],
        ['activities.list', { childId }],
        ['dashboard.stats', { childId }],
        // Reimbursements: the child check comes first, so any record id does here.
        ['fundingSources.list', { childId }],
        ['fundingSources.create', { childId, data: { kind: 'hsa', name: 'HSA' } }],
        ['fundingSources.update', { childId, id: 1, data: { name: 'Changed' } }],
        ['fundingSources.delete', { childId, id: 1 }],
        ['expenses.list', { childId, filter: {} }],
        ['expenses.get', { childId, id: 1 }],
        ['expenses.create', { childId, data: { provider: 'Clinic', serviceDate: '2026-08-01', amountCents: 15000 } }],
        ['expenses.update', { childId, id: 1, data: { provider: 'Changed' } }],
        ['expenses.delete', { childId, id: 1 }],
        ['expenses.propose', { childId, documentId: 1 }],
        ['expenses.providers', { childId }],
        ['claims.create', { childId, expenseId: 1, data: { fundingSourceId: 1, amountCents: 9000 } }],
        ['claims.update', { childId, id: 1, data: { amountCents: 8000 } }],
        ['claims.delete', { childId, id: 1 }],
        ['claims.move', { childId, id: 1, data: { status: 'submitted' } }],
        ['claims.addPayment', { childId, id: 1, data: { amountCents: 9000, paidOn: '2026-08-10' } }],
        ['claims.deletePayment', { childId, id: 1, paymentId: 1 }],
        ['reimbursements.summary', { childId }],
        // Snapshots: the child check comes first, so any record id does here.
        ['snapshots.list', { childId }],
        ['snapshots.byId', { childId, id: 1 }],
        ['snapshots.create', { childId, data: { audience: 'teacher' } }],
        ['snapshots.update', { childId, id: 1, data: { title: 'Changed' } }],
        ['snapshots.delete', { childId, id: 1 }],
        ['snapshots.links', { childId }],
        ['snapshots.share', { childId, id: 1, data: { expiresInDays: 7 } }],
        ['snapshots.revokeLink', { childId, linkId: 1 }],
        ['snapshots.meetingPack', { childId }],
        // Forms: the child check comes first, so any record id does here.
        ['forms.list', { childId }],
        ['forms.byId', { childId, id: 1 }],
        ['forms.create', { childId, data: { title: 'Check-in', questions: [] } }],
        ['forms.update', { childId, id: 1, data: { title: 'Changed' } }],
        ['forms.delete', { childId, id: 1 }],
        ['forms.links', { childId }],
        ['forms.share', { childId, id: 1, data: { recipientName: 'Ms Lee', recipientRole: 'teacher' } }],
        ['forms.revokeLink', { childId, linkId: 1 }],
        // Form responses: the child check comes first, so any record id does here.
        ['formResponses.list', { childId, filter: {} }],
        ['formResponses.approve', { childId, id: 1 }],
        ['formResponses.reject', { childId, id: 1 }],
      ];
    }

    function invoke(caller: Caller, path: string, input: unknown): Promise<unknown> {
      const [routerName = '', procedureName = ''] = path.split('.');
      const procedure = (caller as unknown as Record<string, Record<string, AnyProcedure>>)[routerName]?.[procedureName];
      if (!procedure) throw new Error(`no procedure ${path}`);
      return procedure(input);
    }

    async function seeded() {
      const owner = await family({ ...validChild, grade: '3', supportPlan: 'iep', planReviewDate: '2026-10-15' });
      const goal = await owner.trpc.goals.create({ childId: owner.childId, data: { area: 'reading', title: 'Read' } });
      const progress = await owner.trpc.goals.addProgress({
        childId: owner.childId,
        data: { goalId: goal.id, recordedOn: '2026-08-20', value: 1 },
      });
      const observation = await owner.trpc.observations.create({ childId: owner.childId, data: { what: 'Read aloud', goalId: goal.id } });
      const strategy = await owner.trpc.strategies.create({ childId: owner.childId, data: { title: 'Buddy reading', goalIds: [goal.id] } });
      const milestone = await owner.trpc.milestones.create({
        childId: owner.childId,
        data: { title: 'Meet the teacher', dueDate: '2026-09-20' },
      });
      await owner.trpc.milestones.generate({ childId: owner.childId });
      const ids = { observation: observation.id, goal: goal.id, progress: progress.id, strategy: strategy.id, milestone: milestone.id };
      return { owner, ids };
    }

    it('covers every procedure of the child-scoped routers in these tests', () => {
      const tested = procedures(1, { observation: 1, goal: 1, progress: 1, strategy: 1, milestone: 1 })
        .map(([path]) => path)
        .sort();
      // oxlint-disable-next-line no-underscore-dangle -- tRPC exposes a router's procedures only on _def
      const routed = Object.keys(appRouter._def.procedures)
        .filter((path) => (CHILD_SCOPED_ROUTERS as readonly string[]).includes(path.split('.')[0] ?? ''))
        .sort();
      expect(tested).toEqual(routed);
    });

    it('answers UNAUTHORIZED to an anonymous caller, and changes nothing', async () => {
      const { owner, ids } = await seeded();
      const before = await recordOf(owner.childId);
      const anonymous = callerFor(null);
      for (const [path, input] of procedures(owner.childId, ids)) {
        const error = await trpcError(invoke(anonymous, path, input));
        expect({ path, code: error.code }).toEqual({ path, code: 'UNAUTHORIZED' });
      }
      expect(await recordOf(owner.childId)).toEqual(before);
    });

    it('answers NOT_FOUND for another parent\u2019s child, and for a child that does not exist, and changes nothing', async () => {
      const { owner, ids } = await seeded();
      const stranger = await family();
      const before = await recordOf(owner.childId);
      for (const [path, input] of procedures(owner.childId, ids)) {
        const error = await trpcError(invoke(stranger.trpc, path, input));
        expect({ path, code: error.code, message: error.message }).toEqual({ path, code: 'NOT_FOUND', message: 'Child not found' });
      }
      for (const [path, input] of procedures(2_000_000_000, ids)) {
        expect({ path, code: (await trpcError(invoke(owner.trpc, path, input))).code }).toEqual({ path, code: 'NOT_FOUND' });
      }
      expect(await recordOf(owner.childId)).toEqual(before);
    });

    it('answers NOT_FOUND for another parent\u2019s records named through the caller\u2019s own child', async () => {
      const { owner, ids } = await seeded();
      const stranger = await family();
      const before = await recordOf(owner.childId);
      const childId = stranger.childId;
      // Thunks, not promises: each call starts only when awaited, so no rejection waits unhandled.
      const calls: [string, () => Promise<unknown>][] = [
        ['observations.update', () => stranger.trpc.observations.update({ childId, id: ids.observation, data: { what: 'x' } })],
        ['observations.delete', () => stranger.trpc.observations.delete({ childId, id: ids.observation })],
        ['goals.detail', () => stranger.trpc.goals.detail({ childId, id: ids.goal })],
        ['goals.update', () => stranger.trpc.goals.update({ childId, id: ids.goal, data: { title: 'x' } })],
        ['goals.delete', () => stranger.trpc.goals.delete({ childId, id: ids.goal })],
        [
          'goals.addProgress',
          () => stranger.trpc.goals.addProgress({ childId, data: { goalId: ids.goal, recordedOn: '2026-08-01', value: 1 } }),
        ],
        ['goals.deleteProgress', () => stranger.trpc.goals.deleteProgress({ childId, id: ids.progress })],
        ['strategies.update', () => stranger.trpc.strategies.update({ childId, id: ids.strategy, data: { title: 'x' } })],
        ['strategies.delete', () => stranger.trpc.strategies.delete({ childId, id: ids.strategy })],
        ['milestones.update', () => stranger.trpc.milestones.update({ childId, id: ids.milestone, data: { status: 'skipped' } })],
        ['milestones.delete', () => stranger.trpc.milestones.delete({ childId, id: ids.milestone })],
      ];
      for (const [path, call] of calls) {
        expect({ path, code: (await trpcError(call())).code }).toEqual({ path, code: 'NOT_FOUND' });
      }
      expect(await recordOf(owner.childId)).toEqual(before);
    });

    it('needs a childId', async () => {
      const { trpc } = await family();
      const error = await trpcError(invoke(trpc, 'goals.list', {}));
      expect(issuePaths(error)).toEqual(['childId']);
    });
  });

  describe('observations', () => {
    it('creates at the current time by default, lists, updates and deletes', async () => {
      const { trpc, childId } = await family();
      const observation = await trpc.observations.create({ childId, data: { what: 'Tied both shoes', isWin: true, tags: ['motor'] } });
      expect(observation).toStrictEqual({
        id: expect.any(Number),
        childId,
        what: 'Tied both shoes',
        occurredAt: START,
        setting: 'home',
        antecedent: null,
        behaviour: null,
        consequence: null,
        mood: null,
        tags: ['motor'],
        isWin: true,
        goalId: null,
        source: null,
        addedBy: { name: expect.any(String), isYou: true },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      setClock(new Date('2026-09-02T08:00:00.000Z'));
      const updated = await trpc.observations.update({ childId, id: observation.id, data: { mood: 5 } });
      expect(updated).toMatchObject({ id: observation.id, mood: 5, what: 'Tied both shoes', updatedAt: '2026-09-02T08:00:00.000Z' });
      expect(await trpc.observations.list({ childId })).toEqual([updated]);
      expect(await trpc.observations.list({ childId, filter: { winsOnly: true, tag: 'motor', limit: 1 } })).toEqual([updated]);
      expect(await trpc.observations.list({ childId, filter: { setting: 'school' } })).toEqual([]);
      expect(await trpc.observations.delete({ childId, id: observation.id })).toEqual({ id: observation.id, deleted: true });
      expect(await trpc.observations.list({ childId })).toEqual([]);
      expect((await trpcError(trpc.observations.delete({ childId, id: observation.id }))).code).toBe('NOT_FOUND');
    });

    it('rejects bad input with BAD_REQUEST naming the fields', async () => {
      const { trpc, childId, userId } = await family();
      const siblingId = (await trpc.children.create({ firstName: 'Leo', dateOfBirth: '2018-09-12' })).id;
      const siblingGoal = await callerFor(userId).goals.create({ childId: siblingId, data: { area: 'math', title: 'Sibling goal' } });
      const before = await recordOf(childId);
      expect(issuePaths(await trpcError(trpc.observations.create({ childId, data: { what: 'x', mood: 6 } })))).toEqual(['data.mood']);
      expect(issuePaths(await trpcError(trpc.observations.create({ childId, data: {} as { what: string } })))).toEqual(['data.what']);
      expect(issuePaths(await trpcError(trpc.observations.create({ childId, data: { what: 'x', extra: 1 } as { what: string } })))).toEqual(
        ['data.extra'],
      );
      expect(issuePaths(await trpcError(trpc.observations.create({ childId, data: { what: 'x', goalId: siblingGoal.id } })))).toEqual([
        'goalId',
      ]);
      expect(issuePaths(await trpcError(trpc.observations.list({ childId, filter: { limit: 0 } })))).toEqual(['filter.limit']);
      expect(await recordOf(childId)).toEqual(before);
    });

    it('charts wins and concerns per Monday-to-Sunday UTC week', async () => {
      const { trpc, childId } = await family();
      const log = (occurredAt: string, isWin: boolean) =>
        trpc.observations.create({ childId, data: { what: 'Logged', occurredAt, isWin } });
      setClock(new Date('2026-09-07T09:00:00.000Z'));
      await log('2026-09-06T23:59:59.999Z', true); // Sunday: still the week of Monday 2026-08-31
      await log('2026-09-07T00:00:00.000Z', false); // Monday: a new week
      await log('2026-09-07T01:00:00+02:00', true); // Sunday 23:00 in UTC
      await log('2026-06-15T10:00:00.000Z', true); // Monday twelve weeks before 2026-09-07
      const trend = await trpc.observations.weeklyTrend({ childId });
      expect(trend).toHaveLength(12);
      expect(trend[0]).toEqual({ weekStart: '2026-06-22', wins: 0, concerns: 0 });
      expect(trend.slice(-2)).toEqual([
        { weekStart: '2026-08-31', wins: 2, concerns: 0 },
        { weekStart: '2026-09-07', wins: 0, concerns: 1 },
      ]);
      expect(trend.reduce((sum, week) => sum + week.wins + week.concerns, 0)).toBe(3);
    });
  });

  describe('goals, progress and strategies', () => {
    it('records progress, shows it in the detail and deletes an entry', async () => {
      const { trpc, childId } = await family();
      const goal = await trpc.goals.create({
        childId,
        data: { area: 'math', title: 'Times tables', baseline: 2, target: 12, unit: 'tables' },
      });
      const first = await trpc.goals.addProgress({ childId, data: { goalId: goal.id, recordedOn: '2026-08-25', value: 4 } });
      const second = await trpc.goals.addProgress({
        childId,
        data: { goalId: goal.id, recordedOn: '2026-08-10', value: 3, note: 'Before the holiday' },
      });
      const evidence = await trpc.observations.create({ childId, data: { what: 'Recited the 5s', goalId: goal.id, isWin: true } });
      const detail = await trpc.goals.detail({ childId, id: goal.id });
      expect(detail).toStrictEqual({
        goal: { ...goal, latestProgress: first },
        progress: [second, first],
        evidence: [evidence],
        documents: [],
      });
      expect(await trpc.goals.deleteProgress({ childId, id: first.id })).toEqual({ id: first.id, deleted: true });
      expect((await trpc.goals.detail({ childId, id: goal.id })).progress).toEqual([second]);
      expect((await trpcError(trpc.goals.deleteProgress({ childId, id: first.id }))).code).toBe('NOT_FOUND');
      const [latest] = await trpc.activities.list({ childId, limit: 1 });
      expect(latest).toMatchObject({ action: 'progress.deleted', subjectType: 'progress', subjectId: first.id });
    });

    it('says a goal is stale once 30 days pass since it was created without an entry', async () => {
      const { trpc, childId } = await family();
      setClock(new Date());
      const goal = await trpc.goals.create({ childId, data: { area: 'communication', title: 'Ask for help' } });
      expect(goal.isStale).toBe(false);
      setClock(new Date(Date.parse(goal.createdAt) + 29 * DAY_MS));
      expect((await trpc.goals.list({ childId }))[0]?.isStale).toBe(false);
      setClock(new Date(Date.parse(goal.createdAt) + 30 * DAY_MS));
      expect((await trpc.goals.list({ childId }))[0]?.isStale).toBe(true);
      expect((await trpc.goals.detail({ childId, id: goal.id })).goal.isStale).toBe(true);
    });

    it('links strategies only to the child\u2019s own goals', async () => {
      const { trpc, childId } = await family();
      const siblingId = (await trpc.children.create({ firstName: 'Leo', dateOfBirth: '2018-09-12' })).id;
      const own = await trpc.goals.create({ childId, data: { area: 'reading', title: 'Own' } });
      const siblingGoal = await trpc.goals.create({ childId: siblingId, data: { area: 'reading', title: 'Sibling' } });
      const before = await recordOf(childId);
      const error = await trpcError(trpc.strategies.create({ childId, data: { title: 'Shared', goalIds: [siblingGoal.id] } }));
      expect(issuePaths(error)).toEqual(['goalIds.0']);
      expect(await recordOf(childId)).toEqual(before);
      const strategy = await trpc.strategies.create({ childId, data: { title: 'Own', goalIds: [own.id] } });
      expect(strategy.goalIds).toEqual([own.id]);
      expect(await trpc.strategies.list({ childId })).toEqual([strategy]);
      expect(await trpc.strategies.list({ childId: siblingId })).toEqual([]);
    });
  });

  describe('dashboard', () => {
    it('counts within this week, last week and this month at the service\u2019s clock', async () => {
      const { trpc, childId } = await family();
      // The clock is Tuesday 2026-09-01: the week began on Monday 2026-08-31, in the previous month.
      const log = (occurredAt: string, isWin: boolean) =>
        trpc.observations.create({ childId, data: { what: 'Logged', occurredAt, isWin } });
      await log('2026-09-01T00:00:00.000Z', true); // this week, this month
      await log('2026-08-31T00:00:00.000Z', true); // this week, last month
      await log('2026-08-30T23:59:59.999Z', false); // last week
      await log('2026-08-24T00:00:00.000Z', true); // last week, its first instant
      await log('2026-08-23T23:59:59.999Z', true); // the week before
      const milestone = await trpc.milestones.create({ childId, data: { title: 'Today', dueDate: '2026-09-01' } });
      const overdue = await trpc.milestones.create({ childId, data: { title: 'Yesterday', dueDate: '2026-08-31' } });
      const stats = await trpc.dashboard.stats({ childId });
      expect(stats).toStrictEqual({
        observations: { thisWeek: 2, lastWeek: 2 },
        winsThisMonth: 1,
        activeGoals: [],
        strategiesInUse: 0,
        nextMilestones: [
          { id: overdue.id, title: 'Yesterday', dueDate: '2026-08-31', category: 'school-year', overdue: true },
          { id: milestone.id, title: 'Today', dueDate: '2026-09-01', category: 'school-year', overdue: false },
        ],
        reimbursementWarnings: [],
      });
      setClock(new Date('2026-09-07T00:00:00.000Z'));
      expect((await trpc.dashboard.stats({ childId })).observations).toEqual({ thisWeek: 0, lastWeek: 2 });
    });

    it('counts a note stamped just past Sunday midnight by a fast clock in next week, not this week', async () => {
      const { trpc, childId } = await family();
      // Sunday 23:58 on the server; the phone says Monday 00:02 (the API allows a few minutes ahead).
      setClock(new Date('2026-09-06T23:58:00.000Z'));
      await trpc.observations.create({ childId, data: { what: 'Logged at bedtime', occurredAt: '2026-09-07T00:02:00.000Z', isWin: true } });
      expect((await trpc.dashboard.stats({ childId })).observations).toEqual({ thisWeek: 0, lastWeek: 0 });
      setClock(new Date('2026-09-07T00:05:00.000Z'));
      expect((await trpc.dashboard.stats({ childId })).observations).toEqual({ thisWeek: 1, lastWeek: 0 });
    });
  });

  describe('milestones.generate', () => {
    const child: ChildCreateInput = {
      firstName: 'Ava',
      dateOfBirth: '2015-03-01',
      grade: '5',
      supportPlan: 'iep',
      planReviewDate: '2025-11-20',
      lastEvaluationDate: '2024-01-10',
    };
    /** What the rules give this child on 2026-09-01 with a 6-month horizon (see the unit tests). */
    const FIRST_ROADMAP = [
      ['school:conference:2026-10-15', '2026-10-15'],
      ['plan-review-prep:2026-11-20', '2026-10-21'],
      ['reevaluation-request:2027-01-10', '2026-11-11'],
      ['progress-report:2026-11-15', '2026-11-15'],
      ['goal', '2026-11-17'],
      ['plan-review:2026-11-20', '2026-11-20'],
      ['reevaluation:2027-01-10', '2027-01-10'],
      ['school:mid-year:2027-01-15', '2027-01-15'],
      ['progress-report:2027-02-01', '2027-02-01'],
      ['school:middle-school-transition:2027-03-01', '2027-03-01'],
    ];

    async function roadmapFamily() {
      const f = await family(child);
      const goal = await f.trpc.goals.create({
        childId: f.childId,
        data: { area: 'reading', title: 'Read 60 words a minute', targetDate: '2026-12-01' },
      });
      const list = () => f.trpc.milestones.list({ childId: f.childId });
      const generate = () => f.trpc.milestones.generate({ childId: f.childId });
      const byKey = async (ruleKey: string) => {
        const found = (await list()).find((row) => row.ruleKey === ruleKey);
        if (!found) throw new Error(`no milestone ${ruleKey}`);
        return found;
      };
      return { ...f, goal, list, generate, byKey };
    }

    const keyed = (rows: Milestone[]) => rows.map((row) => [row.ruleKey?.startsWith('goal:') ? 'goal' : row.ruleKey, row.dueDate]);

    /** What a regeneration visibly did, worked out from the lists before and after it. */
    function observed(before: Milestone[], after: Milestone[]): Omit<GenerationResult, 'kept'> {
      const old = new Map(before.map((row) => [row.id, row]));
      const now = new Map(after.map((row) => [row.id, row]));
      return {
        created: after.filter((row) => !old.has(row.id)).length,
        removed: before.filter((row) => !now.has(row.id)).length,
        updated: after.filter((row) => {
          const previous = old.get(row.id);
          return previous !== undefined && JSON.stringify({ ...previous, updatedAt: '' }) !== JSON.stringify({ ...row, updatedAt: '' });
        }).length,
      };
    }

    /** Milestones the parent owns: added, changed or finished. */
    const parentOwned = (rows: Milestone[]) =>
      rows.filter((row) => row.source === 'parent' || row.editedByParent || row.status !== 'upcoming');

    it('creates the roadmap the rules give, all generated and upcoming, and records one activity', async () => {
      const f = await roadmapFamily();
      const activitiesBefore = (await f.trpc.activities.list({ childId: f.childId, limit: 100 })).length;
      expect(await f.generate()).toEqual({ created: 10, updated: 0, removed: 0, kept: 0 });
      const rows = await f.list();
      expect(keyed(rows)).toEqual(FIRST_ROADMAP);
      expect(rows.find((row) => row.category === 'goal')?.ruleKey).toBe(`goal:${f.goal.id}:2026-12-01`);
      expect(
        rows.every((row) => row.source === 'generated' && row.status === 'upcoming' && !row.editedByParent && row.childId === f.childId),
      ).toBe(true);
      expect(rows.map((row) => row.category)).toEqual([
        'school-year',
        'plan-review',
        'evaluation',
        'progress-report',
        'goal',
        'plan-review',
        'evaluation',
        'school-year',
        'progress-report',
        'school-year',
      ]);
      const activities = await f.trpc.activities.list({ childId: f.childId, limit: 100 });
      expect(activities.length).toBe(activitiesBefore + 1);
      expect(activities[0]).toMatchObject({ action: 'roadmap.generated', subjectType: 'child', subjectId: f.childId });
      // Nothing changed: regenerating is a no-op.
      expect(await f.generate()).toEqual({ created: 0, updated: 0, removed: 0, kept: 0 });
      expect(await f.list()).toEqual(rows);
    });

    it('does not bring back a generated milestone the parent deleted', async () => {
      const f = await roadmapFamily();
      await f.generate();
      const conference = await f.byKey('school:conference:2026-10-15');
      await f.trpc.milestones.delete({ childId: f.childId, id: conference.id });
      const before = await f.list();
      expect(await f.generate()).toEqual({ created: 0, updated: 0, removed: 0, kept: 0 });
      const after = await f.list();
      expect(after).toEqual(before);
      expect(after.map((row) => row.ruleKey)).not.toContain('school:conference:2026-10-15');
    });

    it('keeps what the parent added, changed or finished', async () => {
      const f = await roadmapFamily();
      await f.generate();
      const added = await f.trpc.milestones.create({
        childId: f.childId,
        data: { title: 'Ask about the reading specialist', dueDate: '2026-10-01', category: 'evaluation' },
      });
      expect(added).toMatchObject({ source: 'parent', ruleKey: null, editedByParent: false });
      const conference = await f.byKey('school:conference:2026-10-15');
      const changed = await f.trpc.milestones.update({
        childId: f.childId,
        id: conference.id,
        data: { title: 'Conference with Ms. Lee', dueDate: '2026-10-20' },
      });
      expect(changed).toMatchObject({ title: 'Conference with Ms. Lee', dueDate: '2026-10-20', editedByParent: true, source: 'generated' });
      const report = await f.byKey('progress-report:2026-11-15');
      expect((await f.trpc.milestones.update({ childId: f.childId, id: report.id, data: { status: 'done' } })).status).toBe('done');
      const midYear = await f.byKey('school:mid-year:2027-01-15');
      expect((await f.trpc.milestones.update({ childId: f.childId, id: midYear.id, data: { status: 'skipped' } })).status).toBe('skipped');

      const before = await f.list();
      const result = await f.generate();
      const after = await f.list();
      expect(result).toEqual({ created: 0, updated: 0, removed: 0, kept: 4 });
      expect(after).toEqual(before);
      expect(after.find((row) => row.id === conference.id)).toMatchObject({ title: 'Conference with Ms. Lee', dueDate: '2026-10-20' });
      expect(result.kept).toBe(parentOwned(after).length);
    });

    it('replaces untouched plan-review milestones when the review date changes, and refreshes a goal check when the goal is renamed', async () => {
      const f = await roadmapFamily();
      await f.generate();
      const untouchedBefore = await f.byKey('school:mid-year:2027-01-15');
      await f.trpc.children.update({ id: f.childId, data: { planReviewDate: '2025-12-10' } });
      await f.trpc.goals.update({ childId: f.childId, id: f.goal.id, data: { title: 'Read 70 words a minute' } });
      setClock(new Date('2026-09-01T18:00:00.000Z'));

      const before = await f.list();
      const result = await f.generate();
      const after = await f.list();
      expect(result).toEqual({ created: 2, updated: 1, removed: 2, kept: 0 });
      expect({ ...result, kept: undefined }).toEqual({ ...observed(before, after), kept: undefined });
      const keys = after.map((row) => row.ruleKey);
      expect(keys).toContain('plan-review-prep:2026-12-10');
      expect(keys).toContain('plan-review:2026-12-10');
      expect(keys).not.toContain('plan-review:2026-11-20');
      expect(keys).not.toContain('plan-review-prep:2026-11-20');
      expect(after.find((row) => row.ruleKey === 'plan-review-prep:2026-12-10')?.dueDate).toBe('2026-11-10');
      const check = after.find((row) => row.category === 'goal');
      expect(check).toMatchObject({
        title: 'Check progress on \u201cRead 70 words a minute\u201d',
        ruleKey: `goal:${f.goal.id}:2026-12-01`,
        editedByParent: false,
      });
      expect(check?.id).toBe(before.find((row) => row.category === 'goal')?.id);
      expect(after.find((row) => row.id === untouchedBefore.id)).toEqual(untouchedBefore);
    });

    it('removes untouched generated milestones that no longer apply, and keeps the parent\u2019s', async () => {
      const f = await roadmapFamily();
      await f.generate();
      const review = await f.byKey('plan-review:2026-11-20');
      await f.trpc.milestones.update({ childId: f.childId, id: review.id, data: { status: 'in-progress' } });
      await f.trpc.children.update({ id: f.childId, data: { supportPlan: 'none' } });
      await f.trpc.goals.update({ childId: f.childId, id: f.goal.id, data: { status: 'achieved' } });

      const before = await f.list();
      const result = await f.generate();
      const after = await f.list();
      // Gone: the review preparation, both re-evaluation dates, both progress reports and the goal check.
      expect({ created: result.created, updated: result.updated, removed: result.removed }).toEqual({ created: 0, updated: 0, removed: 6 });
      expect({ created: result.created, updated: result.updated, removed: result.removed }).toEqual(observed(before, after));
      expect(keyed(after)).toEqual([
        ['school:conference:2026-10-15', '2026-10-15'],
        ['plan-review:2026-11-20', '2026-11-20'],
        ['school:mid-year:2027-01-15', '2027-01-15'],
        ['school:middle-school-transition:2027-03-01', '2027-03-01'],
      ]);
      expect(after.find((row) => row.id === review.id)).toMatchObject({ status: 'in-progress', editedByParent: true });
    });

    it('counts as kept every milestone the parent owns, even one whose rule no longer applies', async () => {
      const f = await roadmapFamily();
      await f.generate();
      const review = await f.byKey('plan-review:2026-11-20');
      await f.trpc.milestones.update({ childId: f.childId, id: review.id, data: { status: 'done' } });
      await f.trpc.milestones.create({ childId: f.childId, data: { title: 'Parent note', dueDate: '2026-12-24' } });
      await f.trpc.children.update({ id: f.childId, data: { supportPlan: 'none' } });
      const result = await f.generate();
      const after = await f.list();
      expect(parentOwned(after).map((row) => row.title)).toEqual(['Annual IEP review', 'Parent note']);
      expect(result.kept).toBe(parentOwned(after).length);
    });

    it('leaves past milestones as they are and adds the ones the moving window reaches', async () => {
      const f = await roadmapFamily();
      await f.generate();
      const conference = await f.byKey('school:conference:2026-10-15');
      setClock(new Date('2026-10-16T09:00:00.000Z'));
      const before = await f.list();
      const result = await f.generate();
      const after = await f.list();
      expect(result).toEqual({ created: 2, updated: 0, removed: 0, kept: 0 });
      expect({ ...result, kept: undefined }).toEqual({ ...observed(before, after), kept: undefined });
      expect(after.find((row) => row.id === conference.id)).toEqual(conference);
      const created = after.filter((row) => !before.some((old) => old.id === row.id)).map((row) => row.ruleKey);
      expect(created.sort()).toEqual(['progress-report:2027-04-15', 'school:next-year:2027-03-15']);
    });

    it('looks only 3 months ahead without FLAG_ROADMAP_V2_6MO', async () => {
      const threeMonths = servicesLike(server, {
        featureFlags: { ...FEATURE_FLAG_DEFAULTS, FLAG_ROADMAP_V2_6MO: false },
        now: () => clock.now,
      });
      const f = await roadmapFamily();
      const trpc = callerFor(f.userId, threeMonths);
      expect(await trpc.milestones.generate({ childId: f.childId })).toEqual({ created: 6, updated: 0, removed: 0, kept: 0 });
      expect(keyed(await f.list())).toEqual(FIRST_ROADMAP.slice(0, 6));
    });
  });
});
