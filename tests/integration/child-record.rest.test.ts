import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRoadmap } from '../../server/features/milestones/roadmap-rules.ts';
import { activitiesOperations } from '../../server/features/activities/activities.rest.ts';
import { dashboardOperations } from '../../server/features/dashboard/dashboard.rest.ts';
import { goalsOperations } from '../../server/features/goals/goals.rest.ts';
import { milestonesOperations } from '../../server/features/milestones/milestones.rest.ts';
import { observationsOperations } from '../../server/features/observations/observations.rest.ts';
import { strategiesOperations } from '../../server/features/strategies/strategies.rest.ts';
import { expressPath } from '../../server/rest/operation.ts';
import { expectApiError, issuePaths, NEXT_YEAR } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type ApiResponse, type TestServer } from '../helpers/test-server.ts';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 86_400_000;
/** Records the caller added: the API names them, and says it is them (names are checked in authors.test.ts). */
const BY_ME = { name: expect.any(String), isYou: true };

/** YYYY-MM-DD, UTC. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysFromNow = (days: number) => isoDay(new Date(Date.now() + days * DAY_MS));
/** Monday 00:00 UTC of the week holding `date` (worked out here, independently of the server's helper). */
function mondayOf(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(midnight - ((date.getUTCDay() + 6) % 7) * DAY_MS);
}

describe.each(ENGINES)('child record over REST on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  /** `/api${path}?childId=..&query`. */
  function at(childId: number | null, path: string, query: Record<string, string | number | boolean> = {}): string {
    const params = new URLSearchParams();
    if (childId !== null) params.set('childId', String(childId));
    for (const [key, value] of Object.entries(query)) params.set(key, String(value));
    const search = params.toString();
    return `/api${path}${search ? `?${search}` : ''}`;
  }

  /** A new parent with one child, and a shorthand for calls about that child. */
  async function family(child: Record<string, unknown> = validChild) {
    const parent = await signUpParent(server);
    const first = await api(server, 'POST', '/api/children', { token: parent.token, json: child });
    expect(first.status).toBe(201);
    const childId = first.body.id as number;
    const call = (method: string, path: string, json?: unknown, query: Record<string, string | number | boolean> = {}) =>
      api(server, method, at(childId, path, query), { token: parent.token, json });
    const addChild = async (another: Record<string, unknown> = { firstName: 'Leo', dateOfBirth: '2018-09-12' }) => {
      const response = await api(server, 'POST', '/api/children', { token: parent.token, json: another });
      expect(response.status).toBe(201);
      return response.body.id as number;
    };
    return { ...parent, childId, call, addChild };
  }
  type Family = Awaited<ReturnType<typeof family>>;

  async function created(response: Promise<ApiResponse>): Promise<any> {
    const result = await response;
    expect({ status: result.status, text: result.text }).toEqual({ status: 201, text: expect.any(String) });
    return result.body;
  }

  /** One of each kind of record, linked the way a parent links them. */
  async function seedRecord(f: Family) {
    const goal = await created(f.call('POST', '/goals', { area: 'reading', title: 'Read 60 words a minute', baseline: 20, target: 60 }));
    const progress = await created(f.call('POST', `/goals/${goal.id}/progress`, { recordedOn: daysFromNow(-3), value: 31 }));
    const observation = await created(f.call('POST', '/observations', { what: 'Read a page aloud', isWin: true, goalId: goal.id }));
    const strategy = await created(f.call('POST', '/strategies', { title: 'Visual schedule', goalIds: [goal.id] }));
    const milestone = await created(f.call('POST', '/milestones', { title: 'Book the review meeting', dueDate: daysFromNow(20) }));
    return { goal, progress, observation, strategy, milestone };
  }

  /** Every row of the child's record, straight from the database. */
  async function recordOf(childId: number) {
    const { db } = server;
    const [goals, progressEntries, strategies, strategyGoals, observations, milestones, activities] = await Promise.all([
      db.selectFrom('goals').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      db.selectFrom('progressEntries').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      db.selectFrom('strategies').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      db.selectFrom('strategyGoals').selectAll().where('childId', '=', childId).orderBy('strategyId').orderBy('goalId').execute(),
      db.selectFrom('observations').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      db.selectFrom('milestones').selectAll().where('childId', '=', childId).orderBy('id').execute(),
      db.selectFrom('activities').selectAll().where('childId', '=', childId).orderBy('id').execute(),
    ]);
    return { goals, progressEntries, strategies, strategyGoals, observations, milestones, activities };
  }

  async function activityCount(childId: number): Promise<number> {
    return (await server.db.selectFrom('activities').select('id').where('childId', '=', childId).execute()).length;
  }

  describe('which child: ?childId=', () => {
    /** Every child-record path, with a body a write would accept. Ids are filled in per test. */
    function endpoints(ids: { observation: number; goal: number; strategy: number; milestone: number; progress?: number }) {
      return [
        ['GET', '/observations', undefined],
        ['GET', '/observations/trend', undefined],
        ['POST', '/observations', { what: 'Laughed at lunch' }],
        ['PUT', `/observations/${ids.observation}`, { what: 'Changed' }],
        ['DELETE', `/observations/${ids.observation}`, undefined],
        ['GET', '/goals', undefined],
        ['GET', `/goals/${ids.goal}`, undefined],
        ['POST', `/goals/${ids.goal}/progress`, { recordedOn: '2026-01-10', value: 3 }],
        ['PUT', `/goals/${ids.goal}/progress/${ids.progress ?? 1}`, { value: 4 }],
        ['DELETE', `/goals/${ids.goal}/progress/${ids.progress ?? 1}`, undefined],
        ['POST', '/goals', { area: 'math', title: 'Count to 100' }],
        ['PUT', `/goals/${ids.goal}`, { title: 'Changed' }],
        ['DELETE', `/goals/${ids.goal}`, undefined],
        ['GET', '/strategies', undefined],
        ['POST', '/strategies', { title: 'Timer' }],
        ['PUT', `/strategies/${ids.strategy}`, { title: 'Changed' }],
        ['DELETE', `/strategies/${ids.strategy}`, undefined],
        ['GET', '/milestones', undefined],
        ['POST', '/milestones/generate', undefined],
        ['POST', '/milestones', { title: 'Visit the school', dueDate: `${NEXT_YEAR}-01-10` }],
        ['PUT', `/milestones/${ids.milestone}`, { title: 'Changed' }],
        ['DELETE', `/milestones/${ids.milestone}`, undefined],
        ['GET', '/activities', undefined],
        ['GET', '/dashboard/stats', undefined],
      ] as const;
    }

    it('lists every path the child-record routes register', () => {
      const registered = [
        observationsOperations,
        goalsOperations,
        strategiesOperations,
        milestonesOperations,
        activitiesOperations,
        dashboardOperations,
      ]
        .flatMap((operations) => operations(server.services))
        .map((op) => `${op.method.toUpperCase()} ${expressPath(op.path)}`)
        .sort();
      const tested = endpoints({ observation: 1, goal: 1, strategy: 1, milestone: 1 })
        .map(([method, path]) => `${method} ${path.replace(/\/1(?=\/|$)/, '/:id').replace(/progress\/1$/, 'progress/:entryId')}`)
        .sort();
      expect(tested).toEqual(registered);
    });

    it('is required on every path: 400 naming childId, and nothing is written', async () => {
      const owner = await family();
      const ids = await seedRecord(owner);
      const before = await recordOf(owner.childId);
      for (const [method, path, json] of endpoints({
        observation: ids.observation.id,
        goal: ids.goal.id,
        strategy: ids.strategy.id,
        milestone: ids.milestone.id,
      })) {
        const response = await api(server, method, at(null, path), { token: owner.token, json });
        const error = expectApiError(response, 400, 'BAD_REQUEST');
        expect({ path, issues: error.issues }).toEqual({ path, issues: [{ path: 'childId', message: expect.any(String) }] });
        expect(error.message).toContain('childId');
      }
      for (const bad of ['abc', '0', '-1', '1.5']) {
        const response = await api(server, 'GET', `/api/goals?childId=${bad}`, { token: owner.token });
        expect(expectApiError(response, 400, 'BAD_REQUEST').message).toContain('childId');
      }
      expect(await recordOf(owner.childId)).toEqual(before);
    });

    it('answers 401 to an anonymous caller on every path', async () => {
      const owner = await family();
      const ids = await seedRecord(owner);
      const before = await recordOf(owner.childId);
      for (const [method, path, json] of endpoints({
        observation: ids.observation.id,
        goal: ids.goal.id,
        strategy: ids.strategy.id,
        milestone: ids.milestone.id,
      })) {
        expectApiError(await api(server, method, at(owner.childId, path), { json }), 401, 'UNAUTHORIZED');
      }
      expect(await recordOf(owner.childId)).toEqual(before);
    });

    it('answers 404 for another parent\u2019s child on every path, and changes nothing', async () => {
      const owner = await family();
      const ids = await seedRecord(owner);
      const stranger = await family();
      const before = await recordOf(owner.childId);
      for (const [method, path, json] of endpoints({
        observation: ids.observation.id,
        goal: ids.goal.id,
        strategy: ids.strategy.id,
        milestone: ids.milestone.id,
      })) {
        const response = await api(server, method, at(owner.childId, path), { token: stranger.token, json });
        expect({ method, path, status: response.status, body: response.body }).toEqual({
          method,
          path,
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Child not found' } },
        });
      }
      // An invalid body does not reveal more than a valid one.
      expectApiError(
        await api(server, 'POST', at(owner.childId, '/observations'), { token: stranger.token, json: { mood: 9 } }),
        404,
        'NOT_FOUND',
      );
      // A child id that does not exist at all looks the same.
      expectApiError(await api(server, 'GET', at(2_000_000_000, '/goals'), { token: stranger.token }), 404, 'NOT_FOUND');
      expect(await recordOf(owner.childId)).toEqual(before);
    });

    it('answers 404 for another parent\u2019s records named through the caller\u2019s own child, and changes nothing', async () => {
      const owner = await family();
      const ids = await seedRecord(owner);
      const stranger = await family();
      await seedRecord(stranger);
      const [ownerBefore, strangerBefore] = [await recordOf(owner.childId), await recordOf(stranger.childId)];
      const cases = [
        ['PUT', `/observations/${ids.observation.id}`, { what: 'Changed' }, 'Observation not found'],
        ['DELETE', `/observations/${ids.observation.id}`, undefined, 'Observation not found'],
        ['GET', `/goals/${ids.goal.id}`, undefined, 'Goal not found'],
        ['POST', `/goals/${ids.goal.id}/progress`, { recordedOn: '2026-01-10', value: 3 }, 'Goal not found'],
        ['PUT', `/goals/${ids.goal.id}`, { title: 'Changed' }, 'Goal not found'],
        ['DELETE', `/goals/${ids.goal.id}`, undefined, 'Goal not found'],
        ['PUT', `/strategies/${ids.strategy.id}`, { title: 'Changed' }, 'Strategy not found'],
        ['DELETE', `/strategies/${ids.strategy.id}`, undefined, 'Strategy not found'],
        ['PUT', `/milestones/${ids.milestone.id}`, { title: 'Changed' }, 'Milestone not found'],
        ['DELETE', `/milestones/${ids.milestone.id}`, undefined, 'Milestone not found'],
      ] as const;
      for (const [method, path, json, message] of cases) {
        const response = await stranger.call(method, path, json);
        expect({ path, status: response.status, body: response.body }).toEqual({
          path,
          status: 404,
          body: { error: { code: 'NOT_FOUND', message } },
        });
      }
      expect(issuePaths(await stranger.call('POST', '/observations', { what: 'x', goalId: ids.goal.id }))).toEqual(['goalId']);
      expect(issuePaths(await stranger.call('POST', '/strategies', { title: 'x', goalIds: [ids.goal.id] }))).toEqual(['goalIds.0']);
      expect((await stranger.call('GET', '/observations', undefined, { goalId: ids.goal.id })).body).toEqual([]);
      expect(await recordOf(owner.childId)).toEqual(ownerBefore);
      expect(await recordOf(stranger.childId)).toEqual(strangerBefore);
    });

    it('keeps one parent\u2019s two children apart', async () => {
      const parent = await family();
      const ids = await seedRecord(parent);
      const sibling = await parent.addChild();
      const asSibling = (method: string, path: string, json?: unknown) =>
        api(server, method, at(sibling, path), { token: parent.token, json });
      for (const path of ['/observations', '/goals', '/strategies', '/milestones']) {
        expect((await asSibling('GET', path)).body).toEqual([]);
      }
      expectApiError(await asSibling('GET', `/goals/${ids.goal.id}`), 404, 'NOT_FOUND');
      expectApiError(await asSibling('PUT', `/observations/${ids.observation.id}`, { what: 'moved?' }), 404, 'NOT_FOUND');
      // Linking the sibling's observation or strategy to the first child's goal is a 400 on the field.
      expect(issuePaths(await asSibling('POST', '/observations', { what: 'Shared toys', goalId: ids.goal.id }))).toEqual(['goalId']);
      const own = await created(asSibling('POST', '/goals', { area: 'motor', title: 'Ride a bike' }));
      expect(issuePaths(await asSibling('POST', '/strategies', { title: 'Praise', goalIds: [own.id, ids.goal.id] }))).toEqual([
        'goalIds.1',
      ]);
      const observation = await created(asSibling('POST', '/observations', { what: 'Tried the bike' }));
      expect(issuePaths(await asSibling('PUT', `/observations/${observation.id}`, { goalId: ids.goal.id }))).toEqual(['goalId']);
      expect((await asSibling('GET', '/strategies')).body).toEqual([]);
    });
  });

  describe('observations', () => {
    it('POST with only `what` answers 201 with the defaults, at the current time', async () => {
      const f = await family();
      const before = Date.now();
      const response = await f.call('POST', '/observations', { what: '  Said hello to the bus driver  ' });
      expect(response.status).toBe(201);
      expect(response.body).toStrictEqual({
        id: expect.any(Number),
        childId: f.childId,
        what: 'Said hello to the bus driver',
        occurredAt: expect.stringMatching(ISO_TIMESTAMP),
        setting: 'home',
        antecedent: null,
        behaviour: null,
        consequence: null,
        mood: null,
        tags: [],
        isWin: false,
        goalId: null,
        source: null,
        addedBy: BY_ME,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const occurredAt = Date.parse(response.body.occurredAt);
      expect(occurredAt).toBeGreaterThanOrEqual(before - 1000);
      expect(occurredAt).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('POST with every field stores and returns them; PUT changes; DELETE removes', async () => {
      const f = await family();
      const goal = await created(f.call('POST', '/goals', { area: 'behaviour', title: 'Calm transitions' }));
      const full = {
        what: 'Left the playground without a fuss',
        occurredAt: '2026-02-03T16:30:00+02:00',
        setting: 'community',
        antecedent: 'Five-minute warning',
        behaviour: 'Walked to the car',
        consequence: 'Chose the music',
        mood: 4,
        tags: ['transitions', 'outside'],
        isWin: true,
        goalId: goal.id,
      };
      const observation = await created(f.call('POST', '/observations', full));
      expect(observation).toStrictEqual({
        ...full,
        id: expect.any(Number),
        childId: f.childId,
        occurredAt: '2026-02-03T14:30:00.000Z',
        source: null,
        addedBy: BY_ME,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });

      const updated = await f.call('PUT', `/observations/${observation.id}`, { setting: 'school', mood: 5, tags: [], goalId: null });
      expect(updated.status).toBe(200);
      expect(updated.body).toStrictEqual({
        ...observation,
        setting: 'school',
        mood: 5,
        tags: [],
        goalId: null,
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(observation.updatedAt));
      expect((await f.call('GET', '/observations')).body).toEqual([updated.body]);

      const deleted = await f.call('DELETE', `/observations/${observation.id}`);
      expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { id: observation.id, deleted: true } });
      expect((await f.call('GET', '/observations')).body).toEqual([]);
      expectApiError(await f.call('DELETE', `/observations/${observation.id}`), 404, 'NOT_FOUND');
      expectApiError(await f.call('PUT', `/observations/${observation.id}`, { what: 'again' }), 404, 'NOT_FOUND');
    });

    it('PUT changes only the fields it names', async () => {
      const f = await family();
      const observation = await created(f.call('POST', '/observations', { what: 'Focused on homework', setting: 'school', isWin: true }));
      const updated = await f.call('PUT', `/observations/${observation.id}`, { mood: 3 });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ what: 'Focused on homework', setting: 'school', isWin: true, mood: 3 });
    });

    it('rejects bad input with 400 naming the fields, and writes nothing', async () => {
      const f = await family();
      const observation = await created(f.call('POST', '/observations', { what: 'Baseline' }));
      const before = await recordOf(f.childId);
      const cases: [unknown, string[]][] = [
        [{}, ['what']],
        [{ what: '   ' }, ['what']],
        [{ what: 'x', mood: 6 }, ['mood']],
        [{ what: 'x', mood: 0 }, ['mood']],
        [{ what: 'x', mood: 2.5 }, ['mood']],
        [{ what: 'x', setting: 'bus' }, ['setting']],
        [{ what: 'x', occurredAt: 'yesterday' }, ['occurredAt']],
        [{ what: 'x', tags: ['ok', ''] }, ['tags.1']],
        [{ what: 'x', isWin: 'yes' }, ['isWin']],
        [{ what: 'x', goalId: 'one' }, ['goalId']],
        [{ what: 'x', goalId: 999_999 }, ['goalId']],
        [{ what: 'x', childId: f.childId }, ['childId']],
        [{ what: 'x', feeling: 'happy' }, ['feeling']],
        [{ what: 'x'.repeat(2001) }, ['what']],
      ];
      for (const [json, paths] of cases) {
        expect({ json, paths: issuePaths(await f.call('POST', '/observations', json)) }).toEqual({ json, paths });
      }
      expect(issuePaths(await f.call('PUT', `/observations/${observation.id}`, { mood: 6 }))).toEqual(['mood']);
      expect(issuePaths(await f.call('PUT', `/observations/${observation.id}`, { goalId: 999_999 }))).toEqual(['goalId']);
      expect(issuePaths(await f.call('PUT', `/observations/${observation.id}`, { unknown: true }))).toEqual(['unknown']);
      expectApiError(await f.call('PUT', '/observations/abc', { what: 'x' }), 400, 'BAD_REQUEST');
      expectApiError(await f.call('DELETE', '/observations/0'), 400, 'BAD_REQUEST');
      expect(await recordOf(f.childId)).toEqual(before);
    });

    it('PUT with an empty body is a 400, not a silent change', async () => {
      const f = await family();
      const observation = await created(f.call('POST', '/observations', { what: 'At the park', setting: 'community' }));
      expectApiError(await f.call('PUT', `/observations/${observation.id}`, {}), 400, 'BAD_REQUEST');
      expect((await f.call('GET', '/observations')).body).toEqual([observation]);
    });

    describe('filters', () => {
      let f: Family;
      let goalId: number;
      let ids: Record<string, number>;

      beforeAll(async () => {
        f = await family();
        goalId = (await created(f.call('POST', '/goals', { area: 'reading', title: 'Read every night' }))).id;
        const fixtures: [string, Record<string, unknown>][] = [
          ['calm', { what: 'Calm morning routine', occurredAt: '2026-01-05T08:00:00Z', isWin: true, tags: ['routine'], mood: 4 }],
          [
            'pickup',
            {
              what: 'Meltdown at pickup',
              occurredAt: '2026-01-05T23:59:59Z',
              setting: 'school',
              antecedent: 'Loud bell',
              tags: ['transitions'],
            },
          ],
          [
            'page',
            { what: 'Read a whole page', occurredAt: '2026-01-06T12:00:00Z', setting: 'school', isWin: true, tags: ['reading'], goalId },
          ],
          [
            'quiz',
            {
              what: 'Scored 50% on the quiz',
              occurredAt: '2026-01-07T00:00:00Z',
              setting: 'therapy',
              behaviour: 'stayed CALM',
              tags: ['reading', 'math'],
            },
          ],
          [
            'robot',
            {
              what: 'Named his robot snake_case',
              occurredAt: '2026-01-08T10:00:00Z',
              setting: 'community',
              isWin: true,
              consequence: 'Got praise',
            },
          ],
          ['homework', { what: 'Hard homework night', occurredAt: '2026-01-09T10:00:00Z', goalId }],
        ];
        ids = {};
        for (const [name, json] of fixtures) ids[name] = (await created(f.call('POST', '/observations', json))).id;
      });

      async function names(query: Record<string, string | number | boolean>): Promise<string[]> {
        const response = await f.call('GET', '/observations', undefined, query);
        expect({ status: response.status, text: response.text }).toEqual({ status: 200, text: expect.any(String) });
        const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
        return (response.body as { id: number }[]).map((observation) => byId.get(observation.id) ?? `unknown ${observation.id}`);
      }

      it('lists newest first', async () => {
        expect(await names({})).toEqual(['homework', 'robot', 'quiz', 'page', 'pickup', 'calm']);
      });

      it('filters by a date range, whole UTC days inclusive', async () => {
        expect(await names({ from: '2026-01-05', to: '2026-01-06' })).toEqual(['page', 'pickup', 'calm']);
        expect(await names({ from: '2026-01-07' })).toEqual(['homework', 'robot', 'quiz']);
        expect(await names({ to: '2026-01-05' })).toEqual(['pickup', 'calm']);
        expect(await names({ from: '2026-01-10' })).toEqual([]);
      });

      it('filters by setting, tag and wins', async () => {
        expect(await names({ setting: 'school' })).toEqual(['page', 'pickup']);
        expect(await names({ tag: 'reading' })).toEqual(['quiz', 'page']);
        expect(await names({ tag: 'read' })).toEqual([]);
        expect(await names({ winsOnly: true })).toEqual(['robot', 'page', 'calm']);
        expect(await names({ winsOnly: false })).toHaveLength(6);
        expect(await names({ setting: 'school', winsOnly: true })).toEqual(['page']);
      });

      it('searches what happened and the A-B-C notes, ignoring case', async () => {
        expect(await names({ search: 'calm' })).toEqual(['quiz', 'calm']);
        expect(await names({ search: 'BELL' })).toEqual(['pickup']);
        expect(await names({ search: 'praise' })).toEqual(['robot']);
        expect(await names({ search: 'nothing like this' })).toEqual([]);
      });

      it('treats % and _ in a search as the characters themselves', async () => {
        expect(await names({ search: '%' })).toEqual(['quiz']);
        expect(await names({ search: '50%' })).toEqual(['quiz']);
        expect(await names({ search: '_' })).toEqual(['robot']);
        expect(await names({ search: '\\' })).toEqual([]);
      });

      it('filters by linked goal', async () => {
        expect(await names({ goalId })).toEqual(['homework', 'page']);
      });

      it('pages with limit and before', async () => {
        expect(await names({ limit: 2 })).toEqual(['homework', 'robot']);
        expect(await names({ limit: 2, before: ids.robot as number })).toEqual(['quiz', 'page']);
        expect(await names({ limit: 2, before: ids.page as number })).toEqual(['pickup', 'calm']);
        expect(await names({ limit: 2, before: ids.calm as number })).toEqual([]);
      });

      it('rejects bad filters with 400 naming them', async () => {
        const cases: [Record<string, string>, string][] = [
          [{ setting: 'bus' }, 'setting'],
          [{ winsOnly: 'yes' }, 'winsOnly'],
          [{ from: '2026-02-30' }, 'from'],
          [{ to: 'tomorrow' }, 'to'],
          [{ limit: '0' }, 'limit'],
          [{ limit: '201' }, 'limit'],
          [{ limit: 'ten' }, 'limit'],
          [{ before: '-3' }, 'before'],
          [{ goalId: 'x' }, 'goalId'],
        ];
        for (const [query, path] of cases) {
          expect({ query, paths: issuePaths(await f.call('GET', '/observations', undefined, query)) }).toEqual({ query, paths: [path] });
        }
      });
    });

    it('pages through every observation, even when one was logged later for an earlier day', async () => {
      const f = await family();
      // Logged in this order; the second was backdated when the parent remembered it.
      for (const [what, occurredAt] of [
        ['Monday', '2026-01-12T09:00:00Z'],
        ['Wednesday', '2026-01-14T09:00:00Z'],
        ['Tuesday, logged late', '2026-01-13T09:00:00Z'],
      ]) {
        await created(f.call('POST', '/observations', { what, occurredAt }));
      }
      const seen: string[] = [];
      let before: number | undefined;
      for (let page = 0; page < 5; page += 1) {
        const response = await f.call('GET', '/observations', undefined, before === undefined ? { limit: 1 } : { limit: 1, before });
        const rows = response.body as { id: number; what: string }[];
        if (rows.length === 0) break;
        seen.push(...rows.map((row) => row.what));
        before = rows.at(-1)?.id;
      }
      expect(seen).toEqual(['Wednesday', 'Tuesday, logged late', 'Monday']);
    });

    it('counts wins and concerns per week for the last 12 weeks', async () => {
      const f = await family();
      const now = new Date();
      const monday = mondayOf(now);
      const sinceMonday = (offsetMs: number) => new Date(monday.getTime() + offsetMs).toISOString();
      const logs: [string, boolean][] = [
        [now.toISOString(), true],
        [now.toISOString(), false],
        [sinceMonday(-3 * DAY_MS), true], // last week
        [sinceMonday(-3 * DAY_MS + 60_000), true], // last week
        [sinceMonday(-1), false], // Sunday 23:59:59.999 of last week
        [sinceMonday(-5 * 7 * DAY_MS + DAY_MS), false], // five weeks back
        [sinceMonday(-11 * 7 * DAY_MS), true], // the oldest week shown, its first instant
        [sinceMonday(-11 * 7 * DAY_MS - 1), true], // one millisecond too old
      ];
      for (const [occurredAt, isWin] of logs) await created(f.call('POST', '/observations', { what: 'Logged', occurredAt, isWin }));
      const response = await f.call('GET', '/observations/trend');
      expect(response.status).toBe(200);
      const expected = Array.from({ length: 12 }, (_, index) => ({
        weekStart: isoDay(new Date(monday.getTime() - (11 - index) * 7 * DAY_MS)),
        wins: 0,
        concerns: 0,
      }));
      Object.assign(expected[11] as object, { wins: 1, concerns: 1 });
      Object.assign(expected[10] as object, { wins: 2, concerns: 1 });
      Object.assign(expected[6] as object, { wins: 0, concerns: 1 });
      Object.assign(expected[0] as object, { wins: 1, concerns: 0 });
      expect(response.body).toEqual(expected);
    });
  });

  describe('goals and progress', () => {
    it('POST answers 201 with defaults; GET lists; PUT changes; DELETE removes and unlinks', async () => {
      const f = await family();
      const response = await f.call('POST', '/goals', { area: 'attention-executive-function', title: ' Start homework on time ' });
      expect(response.status).toBe(201);
      const goal = response.body;
      expect(goal).toStrictEqual({
        id: expect.any(Number),
        childId: f.childId,
        area: 'attention-executive-function',
        title: 'Start homework on time',
        description: null,
        baseline: null,
        target: null,
        unit: null,
        targetDate: null,
        status: 'in-progress',
        source: 'home',
        latestProgress: null,
        isStale: false,
        addedBy: BY_ME,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const full = await created(
        f.call('POST', '/goals', {
          area: 'math',
          title: 'Subtract within 20',
          description: 'With objects first',
          baseline: 2.5,
          target: 18,
          unit: 'correct of 20',
          targetDate: `${NEXT_YEAR}-06-01`,
          status: 'not-started',
          source: 'iep',
        }),
      );
      expect(full).toMatchObject({
        baseline: 2.5,
        target: 18,
        unit: 'correct of 20',
        targetDate: `${NEXT_YEAR}-06-01`,
        status: 'not-started',
        source: 'iep',
        description: 'With objects first',
      });
      expect((await f.call('GET', '/goals')).body).toEqual([goal, full]);

      const updated = await f.call('PUT', `/goals/${goal.id}`, { status: 'achieved', target: 5, unit: 'days a week' });
      expect(updated.status).toBe(200);
      expect(updated.body).toStrictEqual({
        ...goal,
        status: 'achieved',
        target: 5,
        unit: 'days a week',
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });

      const observation = await created(f.call('POST', '/observations', { what: 'Did subtraction with Lego', goalId: full.id }));
      const strategy = await created(f.call('POST', '/strategies', { title: 'Number line', goalIds: [full.id, goal.id] }));
      expect((await f.call('DELETE', `/goals/${full.id}`)).body).toEqual({ id: full.id, deleted: true });
      expect((await f.call('GET', '/goals')).body).toEqual([updated.body]);
      expect((await f.call('GET', '/observations')).body).toEqual([{ ...observation, goalId: null }]);
      expect((await f.call('GET', '/strategies')).body).toEqual([{ ...strategy, goalIds: [goal.id] }]);
      expectApiError(await f.call('GET', `/goals/${full.id}`), 404, 'NOT_FOUND');
    });

    it('PUT changes only the fields it names', async () => {
      const f = await family();
      const goal = await created(f.call('POST', '/goals', { area: 'reading', title: 'Sight words', status: 'achieved', source: 'iep' }));
      const updated = await f.call('PUT', `/goals/${goal.id}`, { title: 'Sight words, first 100' });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ title: 'Sight words, first 100', status: 'achieved', source: 'iep' });
    });

    it('PUT with an empty body is a 400, not a silent change', async () => {
      const f = await family();
      const goal = await created(f.call('POST', '/goals', { area: 'reading', title: 'Sight words', status: 'paused', source: '504' }));
      expectApiError(await f.call('PUT', `/goals/${goal.id}`, {}), 400, 'BAD_REQUEST');
      expect((await f.call('GET', '/goals')).body).toEqual([goal]);
    });

    it('records progress; detail lists it oldest first with linked observations as evidence, newest first', async () => {
      const f = await family();
      const goal = await created(f.call('POST', '/goals', { area: 'reading', title: 'Words per minute', baseline: 20, target: 60 }));
      const other = await created(f.call('POST', '/goals', { area: 'motor', title: 'Hop on one foot' }));
      const entry = await f.call('POST', `/goals/${goal.id}/progress`, { recordedOn: '2026-02-10', value: 35, note: ' Good day ' });
      expect(entry.status).toBe(201);
      expect(entry.body).toStrictEqual({
        id: expect.any(Number),
        goalId: goal.id,
        recordedOn: '2026-02-10',
        value: 35,
        note: 'Good day',
        source: null,
        addedBy: BY_ME,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const earlier = await created(f.call('POST', `/goals/${goal.id}/progress`, { recordedOn: '2026-01-05', value: 24 }));
      // The goal is the one in the path; a goalId in the body is an unknown field, as the document says.
      const bodyGoal = await f.call('POST', `/goals/${goal.id}/progress`, { recordedOn: '2026-02-10', value: 37.5, goalId: other.id });
      expectApiError(bodyGoal, 400, 'BAD_REQUEST');
      expect(issuePaths(bodyGoal)).toEqual(['goalId']);
      const sameDayLater = await created(f.call('POST', `/goals/${goal.id}/progress`, { recordedOn: '2026-02-10', value: 37.5 }));
      expect(sameDayLater.goalId).toBe(goal.id);
      await created(f.call('POST', `/goals/${other.id}/progress`, { recordedOn: '2026-03-01', value: 1 }));

      const first = await created(
        f.call('POST', '/observations', { what: 'Read the cereal box', occurredAt: '2026-02-01T08:00:00Z', goalId: goal.id, isWin: true }),
      );
      const second = await created(
        f.call('POST', '/observations', { what: 'Read a comic', occurredAt: '2026-02-09T08:00:00Z', goalId: goal.id }),
      );
      await created(f.call('POST', '/observations', { what: 'Hopped to the door', goalId: other.id }));
      await created(f.call('POST', '/observations', { what: 'Unlinked' }));

      const detail = await f.call('GET', `/goals/${goal.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toStrictEqual({
        // The newest entry (2026-02-10) is more than 30 days old.
        goal: { ...goal, latestProgress: sameDayLater, isStale: true },
        progress: [earlier, entry.body, sameDayLater],
        evidence: [second, first],
        // No document is linked to it (the vault's links are tested in documents.test.ts).
        documents: [],
      });
      const listed = (await f.call('GET', '/goals')).body as { id: number; latestProgress: unknown }[];
      expect(listed.map((row) => [row.id, row.latestProgress])).toEqual([
        [goal.id, sameDayLater],
        [other.id, expect.objectContaining({ goalId: other.id, recordedOn: '2026-03-01', value: 1 })],
      ]);
    });

    it('says a goal with no entry for 30 days or more is stale, and only an active one', async () => {
      const f = await family();
      const make = async (title: string, status: string, recordedOn: string | null) => {
        const goal = await created(f.call('POST', '/goals', { area: 'social-emotional', title, status }));
        if (recordedOn) await created(f.call('POST', `/goals/${goal.id}/progress`, { recordedOn, value: 1 }));
        return goal.id as number;
      };
      const stale = await make('Last entry 30 days ago', 'in-progress', daysFromNow(-30));
      const older = await make('Last entry 90 days ago, not started', 'not-started', daysFromNow(-90));
      const recent = await make('Last entry 29 days ago', 'in-progress', daysFromNow(-29));
      const achieved = await make('Achieved long ago', 'achieved', daysFromNow(-90));
      const paused = await make('Paused', 'paused', daysFromNow(-90));
      const fresh = await make('No entry yet, created today', 'in-progress', null);
      const goals = (await f.call('GET', '/goals')).body as { id: number; isStale: boolean }[];
      expect(Object.fromEntries(goals.map((goal) => [goal.id, goal.isStale]))).toEqual({
        [stale]: true,
        [older]: true,
        [recent]: false,
        [achieved]: false,
        [paused]: false,
        [fresh]: false,
      });
      expect((await f.call('GET', `/goals/${stale}`)).body.goal.isStale).toBe(true);
      // A fresh entry makes it current again.
      await created(f.call('POST', `/goals/${stale}/progress`, { recordedOn: daysFromNow(0), value: 2 }));
      expect((await f.call('GET', `/goals/${stale}`)).body.goal.isStale).toBe(false);
    });

    it('rejects bad goals and progress with 400 naming the fields, and writes nothing', async () => {
      const f = await family();
      const goal = await created(f.call('POST', '/goals', { area: 'reading', title: 'Baseline' }));
      const before = await recordOf(f.childId);
      const goalCases: [unknown, string[]][] = [
        [{ area: 'cooking', title: 'Make toast' }, ['area']],
        [{ area: 'reading' }, ['title']],
        [{ title: 'No area' }, ['area']],
        [{ area: 'reading', title: 'x', status: 'done' }, ['status']],
        [{ area: 'reading', title: 'x', source: 'school' }, ['source']],
        [{ area: 'reading', title: 'x', targetDate: '2026-02-30' }, ['targetDate']],
        [{ area: 'reading', title: 'x', baseline: 'low' }, ['baseline']],
        [{ area: 'reading', title: 'x', target: 2_000_000 }, ['target']],
        [{ area: 'reading', title: 'x', priority: 1 }, ['priority']],
      ];
      for (const [json, paths] of goalCases) {
        expect({ json, paths: issuePaths(await f.call('POST', '/goals', json)) }).toEqual({ json, paths });
      }
      expect(issuePaths(await f.call('PUT', `/goals/${goal.id}`, { area: 'cooking' }))).toEqual(['area']);
      const progressCases: [unknown, string[]][] = [
        [{ recordedOn: '2026-01-10', value: 'abc' }, ['value']],
        [{ recordedOn: '2026-01-10' }, ['value']],
        [{ value: 3 }, ['recordedOn']],
        [{ recordedOn: '10/01/2026', value: 3 }, ['recordedOn']],
        [{ recordedOn: '2026-01-10', value: 3, mood: 2 }, ['mood']],
      ];
      for (const [json, paths] of progressCases) {
        expect({ json, paths: issuePaths(await f.call('POST', `/goals/${goal.id}/progress`, json)) }).toEqual({ json, paths });
      }
      expectApiError(await f.call('POST', '/goals/999999/progress', { recordedOn: '2026-01-10', value: 3 }), 404, 'NOT_FOUND');
      expectApiError(await f.call('POST', '/goals/abc/progress', { recordedOn: '2026-01-10', value: 3 }), 400, 'BAD_REQUEST');
      expectApiError(await f.call('GET', '/goals/abc'), 400, 'BAD_REQUEST');
      expect(await recordOf(f.childId)).toEqual(before);
    });
  });

  describe('strategies', () => {
    it('POST answers 201 with defaults and sorted unique goal links; PUT replaces or keeps links; DELETE removes', async () => {
      const f = await family();
      const a = await created(f.call('POST', '/goals', { area: 'reading', title: 'A' }));
      const b = await created(f.call('POST', '/goals', { area: 'math', title: 'B' }));
      const response = await f.call('POST', '/strategies', { title: 'Visual timer', goalIds: [b.id, a.id, b.id] });
      expect(response.status).toBe(201);
      const strategy = response.body;
      expect(strategy).toStrictEqual({
        id: expect.any(Number),
        childId: f.childId,
        title: 'Visual timer',
        description: null,
        whereUsed: 'home',
        kind: 'routine',
        goalIds: [a.id, b.id],
        effectiveness: null,
        active: true,
        addedBy: BY_ME,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const retired = await created(
        f.call('POST', '/strategies', {
          title: 'Sticker chart',
          whereUsed: 'both',
          kind: 'tool',
          effectiveness: 2,
          active: false,
          description: 'Lost its charm',
        }),
      );
      expect(retired).toMatchObject({
        whereUsed: 'both',
        kind: 'tool',
        effectiveness: 2,
        active: false,
        goalIds: [],
        description: 'Lost its charm',
      });
      // Active strategies first.
      expect((await f.call('GET', '/strategies')).body).toEqual([strategy, retired]);

      const rated = await f.call('PUT', `/strategies/${strategy.id}`, { effectiveness: 5 });
      expect(rated.body).toStrictEqual({ ...strategy, effectiveness: 5, updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
      const relinked = await f.call('PUT', `/strategies/${strategy.id}`, { goalIds: [b.id] });
      expect(relinked.body.goalIds).toEqual([b.id]);
      const unlinked = await f.call('PUT', `/strategies/${strategy.id}`, { goalIds: [] });
      expect(unlinked.body.goalIds).toEqual([]);
      expect((await f.call('DELETE', `/strategies/${strategy.id}`)).body).toEqual({ id: strategy.id, deleted: true });
      expect((await f.call('GET', '/strategies')).body).toEqual([retired]);
    });

    it('PUT changes only the fields it names', async () => {
      const f = await family();
      const strategy = await created(f.call('POST', '/strategies', { title: 'Fidget', whereUsed: 'school', kind: 'tool', active: false }));
      const updated = await f.call('PUT', `/strategies/${strategy.id}`, { title: 'Fidget cube' });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ title: 'Fidget cube', whereUsed: 'school', kind: 'tool', active: false });
    });

    it('rejects bad strategies with 400 naming the fields, and writes nothing', async () => {
      const f = await family();
      const own = await created(f.call('POST', '/goals', { area: 'reading', title: 'Own goal' }));
      const sibling = await f.addChild();
      const siblingGoal = await created(
        api(server, 'POST', at(sibling, '/goals'), { token: f.token, json: { area: 'math', title: 'Sibling goal' } }),
      );
      const strategy = await created(f.call('POST', '/strategies', { title: 'Baseline', goalIds: [own.id] }));
      const before = await recordOf(f.childId);
      const cases: [unknown, string[]][] = [
        [{}, ['title']],
        [{ title: 'x', effectiveness: 6 }, ['effectiveness']],
        [{ title: 'x', whereUsed: 'car' }, ['whereUsed']],
        [{ title: 'x', kind: 'medicine' }, ['kind']],
        [{ title: 'x', goalIds: [siblingGoal.id] }, ['goalIds.0']],
        [{ title: 'x', goalIds: [own.id, siblingGoal.id] }, ['goalIds.1']],
        [{ title: 'x', goalIds: [own.id, 999_999] }, ['goalIds.1']],
        [{ title: 'x', goalIds: ['1'] }, ['goalIds.0']],
        [{ title: 'x', rating: 3 }, ['rating']],
      ];
      for (const [json, paths] of cases) {
        expect({ json, paths: issuePaths(await f.call('POST', '/strategies', json)) }).toEqual({ json, paths });
      }
      expect(issuePaths(await f.call('PUT', `/strategies/${strategy.id}`, { goalIds: [siblingGoal.id] }))).toEqual(['goalIds.0']);
      expect(await recordOf(f.childId)).toEqual(before);
    });
  });

  describe('milestones', () => {
    it('POST adds a parent milestone; GET filters by date; PUT changes; DELETE removes', async () => {
      const f = await family();
      const response = await f.call('POST', '/milestones', { title: 'Ask about summer school', dueDate: `${NEXT_YEAR}-04-01` });
      expect(response.status).toBe(201);
      const milestone = response.body;
      expect(milestone).toStrictEqual({
        id: expect.any(Number),
        childId: f.childId,
        title: 'Ask about summer school',
        whyItMatters: null,
        whatToDo: null,
        category: 'school-year',
        dueDate: `${NEXT_YEAR}-04-01`,
        status: 'upcoming',
        source: 'parent',
        ruleKey: null,
        editedByParent: false,
        addedBy: BY_ME,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      const earlier = await created(
        f.call('POST', '/milestones', {
          title: 'Annual review',
          dueDate: `${NEXT_YEAR}-02-01`,
          category: 'plan-review',
          whyItMatters: 'Goals for next year',
          whatToDo: 'Bring notes',
        }),
      );
      expect((await f.call('GET', '/milestones')).body).toEqual([earlier, milestone]);
      expect((await f.call('GET', '/milestones', undefined, { from: `${NEXT_YEAR}-02-02` })).body).toEqual([milestone]);
      expect((await f.call('GET', '/milestones', undefined, { to: `${NEXT_YEAR}-02-01` })).body).toEqual([earlier]);
      expect((await f.call('GET', '/milestones', undefined, { from: `${NEXT_YEAR}-02-01`, to: `${NEXT_YEAR}-04-01` })).body).toEqual([
        earlier,
        milestone,
      ]);
      expect(issuePaths(await f.call('GET', '/milestones', undefined, { from: 'soon' }))).toEqual(['from']);

      const done = await f.call('PUT', `/milestones/${milestone.id}`, { status: 'done' });
      expect(done.body).toStrictEqual({
        ...milestone,
        status: 'done',
        editedByParent: true,
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect((await f.call('DELETE', `/milestones/${earlier.id}`)).body).toEqual({ id: earlier.id, deleted: true });
      expect((await f.call('GET', '/milestones')).body).toEqual([done.body]);
    });

    it('PUT changes only the fields it names', async () => {
      const f = await family();
      const milestone = await created(
        f.call('POST', '/milestones', { title: 'Review', dueDate: `${NEXT_YEAR}-02-01`, category: 'plan-review', status: 'done' }),
      );
      const updated = await f.call('PUT', `/milestones/${milestone.id}`, { title: 'Annual review' });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ title: 'Annual review', category: 'plan-review', status: 'done' });
      const [latest] = (await f.call('GET', '/activities', undefined, { limit: 1 })).body as { action: string }[];
      expect(latest?.action).toBe('milestone.updated');
    });

    it('rejects bad milestones with 400 naming the fields', async () => {
      const f = await family();
      const milestone = await created(f.call('POST', '/milestones', { title: 'Baseline', dueDate: `${NEXT_YEAR}-02-01` }));
      const before = await recordOf(f.childId);
      const cases: [unknown, string[]][] = [
        [{ title: 'x' }, ['dueDate']],
        [{ dueDate: `${NEXT_YEAR}-01-01` }, ['title']],
        [{ title: 'x', dueDate: '2027-02-29' }, ['dueDate']],
        [{ title: 'x', dueDate: `${NEXT_YEAR}-01-01`, status: 'finished' }, ['status']],
        [{ title: 'x', dueDate: `${NEXT_YEAR}-01-01`, category: 'holiday' }, ['category']],
        [{ title: 'x', dueDate: `${NEXT_YEAR}-01-01`, source: 'generated' }, ['source']],
        [{ title: 'x', dueDate: `${NEXT_YEAR}-01-01`, ruleKey: 'plan-review:2027-01-01' }, ['ruleKey']],
      ];
      for (const [json, paths] of cases) {
        expect({ json, paths: issuePaths(await f.call('POST', '/milestones', json)) }).toEqual({ json, paths });
      }
      expect(issuePaths(await f.call('PUT', `/milestones/${milestone.id}`, { status: 'finished' }))).toEqual(['status']);
      expect(issuePaths(await f.call('PUT', `/milestones/${milestone.id}`, { editedByParent: false }))).toEqual(['editedByParent']);
      expect(await recordOf(f.childId)).toEqual(before);
    });

    it('POST /milestones/generate stores what the rules engine drafts for today and reports the counts', async () => {
      const child = {
        firstName: 'Ava',
        dateOfBirth: '2015-03-01',
        grade: '5',
        supportPlan: 'iep',
        planReviewDate: daysFromNow(40),
        lastEvaluationDate: '2024-01-10',
      };
      const f = await family(child);
      const response = await f.call('POST', '/milestones/generate');
      expect(response.status).toBe(200);
      const drafts = generateRoadmap({
        child: { ...child, grade: '5', supportPlan: 'iep', lastEvaluationDate: child.lastEvaluationDate },
        goals: [],
        today: daysFromNow(0),
        horizonMonths: 6,
      });
      expect(drafts.length).toBeGreaterThan(2);
      expect(response.body).toEqual({ created: drafts.length, updated: 0, removed: 0, kept: 0 });
      const listed = (await f.call('GET', '/milestones')).body as {
        ruleKey: string;
        dueDate: string;
        source: string;
        status: string;
        editedByParent: boolean;
      }[];
      expect(listed.map((row) => [row.ruleKey, row.dueDate])).toEqual(drafts.map((draft) => [draft.ruleKey, draft.dueDate]));
      expect(listed.every((row) => row.source === 'generated' && row.status === 'upcoming' && !row.editedByParent)).toBe(true);
      expect((await f.call('POST', '/milestones/generate')).body).toEqual({ created: 0, updated: 0, removed: 0, kept: 0 });
    });

    it('answers every one of several generate requests sent at once, and stores each milestone once', async () => {
      // A double click, or onboarding's generation racing the roadmap screen's.
      const f = await family({
        firstName: 'Ava',
        dateOfBirth: '2015-03-01',
        grade: '5',
        supportPlan: 'iep',
        planReviewDate: daysFromNow(40),
        lastEvaluationDate: '2024-01-10',
      });
      const responses = await Promise.all([1, 2, 3, 4].map(() => f.call('POST', '/milestones/generate')));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      const createdInAll = responses.reduce((sum, response) => sum + (response.body as { created: number }).created, 0);
      const listed = (await f.call('GET', '/milestones')).body as { ruleKey: string }[];
      expect(new Set(listed.map((row) => row.ruleKey)).size).toBe(listed.length);
      expect(createdInAll).toBe(listed.length);
    });
  });

  describe('dashboard stats', () => {
    it('counts this week against last week, wins this month, active goals with latest progress, strategies in use, overdue milestones and the next three', async () => {
      const f = await family();
      const now = new Date();
      const monday = mondayOf(now);
      const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
      const logs: [number, boolean][] = [
        [now.getTime(), true],
        [now.getTime(), false],
        [monday.getTime(), false], // this week's first instant
        [monday.getTime() - 1, true], // last week's last instant
        [monday.getTime() - 3 * DAY_MS, true], // last week
        [monday.getTime() - 7 * DAY_MS, false], // last week's first instant
        [monday.getTime() - 7 * DAY_MS - 1, true], // the week before
        [monthStart - 1, true], // last month's last instant
      ];
      for (const [time, isWin] of logs)
        await created(f.call('POST', '/observations', { what: 'Logged', occurredAt: new Date(time).toISOString(), isWin }));
      const thisWeek = logs.filter(([time]) => time >= monday.getTime()).length;
      const lastWeek = logs.filter(([time]) => time >= monday.getTime() - 7 * DAY_MS && time < monday.getTime()).length;
      const winsThisMonth = logs.filter(([time, isWin]) => isWin && time >= monthStart).length;

      const reading = await created(f.call('POST', '/goals', { area: 'reading', title: 'Read', baseline: 10, target: 50, unit: 'wpm' }));
      await created(f.call('POST', `/goals/${reading.id}/progress`, { recordedOn: daysFromNow(-10), value: 30 }));
      await created(f.call('POST', `/goals/${reading.id}/progress`, { recordedOn: daysFromNow(-2), value: 34 }));
      await created(f.call('POST', `/goals/${reading.id}/progress`, { recordedOn: daysFromNow(-5), value: 40 }));
      const social = await created(f.call('POST', '/goals', { area: 'social-emotional', title: 'Join a game', status: 'not-started' }));
      await created(f.call('POST', '/goals', { area: 'math', title: 'Done already', status: 'achieved' }));
      await created(f.call('POST', '/goals', { area: 'motor', title: 'On hold', status: 'paused' }));

      await created(f.call('POST', '/strategies', { title: 'Timer' }));
      await created(f.call('POST', '/strategies', { title: 'Checklist', kind: 'tool' }));
      await created(f.call('POST', '/strategies', { title: 'Old chart', active: false }));

      const milestone = (title: string, dueDate: string, status = 'upcoming') =>
        created(f.call('POST', '/milestones', { title, dueDate, status }));
      const yesterday = await milestone('Yesterday', daysFromNow(-1));
      await milestone('Done', daysFromNow(1), 'done');
      await milestone('Skipped', daysFromNow(1), 'skipped');
      await milestone('In four days', daysFromNow(4));
      const today = await milestone('Today, in progress', daysFromNow(0), 'in-progress');
      const inTwoA = await milestone('In two days A', daysFromNow(2));
      const inTwoB = await milestone('In two days B', daysFromNow(2));
      await milestone('In nine days', daysFromNow(9));

      const response = await f.call('GET', '/dashboard/stats');
      expect(response.status).toBe(200);
      expect(response.body).toStrictEqual({
        observations: { thisWeek, lastWeek },
        winsThisMonth,
        activeGoals: [
          {
            id: reading.id,
            title: 'Read',
            area: 'reading',
            status: 'in-progress',
            baseline: 10,
            target: 50,
            unit: 'wpm',
            latestValue: 34,
            latestOn: daysFromNow(-2),
          },
          {
            id: social.id,
            title: 'Join a game',
            area: 'social-emotional',
            status: 'not-started',
            baseline: null,
            target: null,
            unit: null,
            latestValue: null,
            latestOn: null,
          },
        ],
        strategiesInUse: 2,
        nextMilestones: [
          { id: yesterday.id, title: 'Yesterday', dueDate: daysFromNow(-1), category: 'school-year', overdue: true },
          { id: today.id, title: 'Today, in progress', dueDate: daysFromNow(0), category: 'school-year', overdue: false },
          { id: inTwoA.id, title: 'In two days A', dueDate: daysFromNow(2), category: 'school-year', overdue: false },
          { id: inTwoB.id, title: 'In two days B', dueDate: daysFromNow(2), category: 'school-year', overdue: false },
        ],
        reimbursementWarnings: [],
      });
    });

    it('is all zeros and empty lists for a new child', async () => {
      const f = await family();
      expect((await f.call('GET', '/dashboard/stats')).body).toStrictEqual({
        observations: { thisWeek: 0, lastWeek: 0 },
        winsThisMonth: 0,
        activeGoals: [],
        strategiesInUse: 0,
        nextMilestones: [],
        reimbursementWarnings: [],
      });
    });
  });

  describe('activities', () => {
    async function latestActivity(f: Family) {
      const response = await f.call('GET', '/activities', undefined, { limit: 1 });
      expect(response.status).toBe(200);
      return (response.body as unknown[])[0];
    }

    /** Runs one write and checks it added exactly one activity, the one expected. */
    async function expectOneActivity(
      f: Family,
      write: () => Promise<ApiResponse>,
      action: string,
      subjectType: string,
      subjectId?: number,
    ) {
      const before = await activityCount(f.childId);
      const response = await write();
      expect({ ok: response.status < 300, text: response.text }).toEqual({ ok: true, text: expect.any(String) });
      expect(await activityCount(f.childId)).toBe(before + 1);
      const id = subjectId ?? (response.body as { id: number }).id;
      expect(await latestActivity(f)).toStrictEqual({
        id: expect.any(Number),
        childId: f.childId,
        action,
        subjectType,
        subjectId: id,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        // What it was about (checked in dashboard-activity.test.ts).
        title: expect.toBeOneOf([null, expect.any(String)]),
        occurredAt: expect.toBeOneOf([null, expect.any(String)]),
        recordedOn: expect.toBeOneOf([null, expect.any(String)]),
        actor: BY_ME,
      });
      return response.body as { id: number };
    }

    it('records each change to the record, one activity per write', async () => {
      const f = await family({ ...validChild, grade: '3' });
      expect(await latestActivity(f)).toMatchObject({ action: 'child.created', subjectType: 'child', subjectId: f.childId });

      const observation = await expectOneActivity(
        f,
        () => f.call('POST', '/observations', { what: 'Built a tower' }),
        'observation.created',
        'observation',
      );
      await expectOneActivity(
        f,
        () => f.call('PUT', `/observations/${observation.id}`, { isWin: true }),
        'observation.updated',
        'observation',
      );
      await expectOneActivity(f, () => f.call('DELETE', `/observations/${observation.id}`), 'observation.deleted', 'observation');

      const goal = await expectOneActivity(
        f,
        () => f.call('POST', '/goals', { area: 'motor', title: 'Skip rope' }),
        'goal.created',
        'goal',
      );
      await expectOneActivity(f, () => f.call('PUT', `/goals/${goal.id}`, { target: 10 }), 'goal.updated', 'goal');
      await expectOneActivity(
        f,
        () => f.call('POST', `/goals/${goal.id}/progress`, { recordedOn: daysFromNow(0), value: 3 }),
        'progress.recorded',
        'progress',
      );

      const strategy = await expectOneActivity(
        f,
        () => f.call('POST', '/strategies', { title: 'Practice daily', goalIds: [goal.id] }),
        'strategy.created',
        'strategy',
      );
      await expectOneActivity(f, () => f.call('PUT', `/strategies/${strategy.id}`, { goalIds: [] }), 'strategy.updated', 'strategy');
      await expectOneActivity(f, () => f.call('DELETE', `/strategies/${strategy.id}`), 'strategy.deleted', 'strategy');

      const milestone = await expectOneActivity(
        f,
        () => f.call('POST', '/milestones', { title: 'Sports day', dueDate: daysFromNow(30) }),
        'milestone.created',
        'milestone',
      );
      await expectOneActivity(f, () => f.call('PUT', `/milestones/${milestone.id}`, { status: 'done' }), 'milestone.done', 'milestone');
      await expectOneActivity(
        f,
        () => f.call('PUT', `/milestones/${milestone.id}`, { status: 'skipped' }),
        'milestone.skipped',
        'milestone',
      );
      await expectOneActivity(f, () => f.call('DELETE', `/milestones/${milestone.id}`), 'milestone.deleted', 'milestone');
      await expectOneActivity(f, () => f.call('POST', '/milestones/generate'), 'roadmap.generated', 'child', f.childId);

      await expectOneActivity(f, () => f.call('DELETE', `/goals/${goal.id}`), 'goal.deleted', 'goal');

      const all = (await f.call('GET', '/activities', undefined, { limit: 100 })).body as { action: string }[];
      expect(all.map((activity) => activity.action)).toEqual([
        'goal.deleted',
        'roadmap.generated',
        'milestone.deleted',
        'milestone.skipped',
        'milestone.done',
        'milestone.created',
        'strategy.deleted',
        'strategy.updated',
        'strategy.created',
        'progress.recorded',
        'goal.updated',
        'goal.created',
        'observation.deleted',
        'observation.updated',
        'observation.created',
        'child.created',
      ]);
      expect(((await f.call('GET', '/activities')).body as unknown[]).length).toBe(16);
      expect(((await f.call('GET', '/activities', undefined, { limit: 3 })).body as unknown[]).length).toBe(3);
      expect(issuePaths(await f.call('GET', '/activities', undefined, { limit: 0 }))).toEqual(['limit']);
      expect(issuePaths(await f.call('GET', '/activities', undefined, { limit: 101 }))).toEqual(['limit']);
    });

    it('writes no activity, and no row, for a write that fails', async () => {
      const f = await family();
      const sibling = await f.addChild();
      const siblingGoal = await created(
        api(server, 'POST', at(sibling, '/goals'), { token: f.token, json: { area: 'math', title: 'Sibling goal' } }),
      );
      const ids = await seedRecord(f);
      const before = await recordOf(f.childId);
      const siblingBefore = await recordOf(sibling);
      const failures: [string, string, unknown, number][] = [
        ['PUT', '/observations/999999', { what: 'x' }, 404],
        ['DELETE', '/observations/999999', undefined, 404],
        ['POST', '/observations', { what: 'x', goalId: siblingGoal.id }, 400],
        ['PUT', `/observations/${ids.observation.id}`, { goalId: siblingGoal.id }, 400],
        ['POST', '/observations', { mood: 6 }, 400],
        ['PUT', '/goals/999999', { title: 'x' }, 404],
        ['DELETE', '/goals/999999', undefined, 404],
        ['POST', '/goals/999999/progress', { recordedOn: '2026-01-01', value: 1 }, 404],
        ['POST', `/goals/${siblingGoal.id}/progress`, { recordedOn: '2026-01-01', value: 1 }, 404],
        ['POST', `/goals/${ids.goal.id}/progress`, { recordedOn: '2026-01-01', value: 'abc' }, 400],
        ['POST', '/strategies', { title: 'Half-written', goalIds: [ids.goal.id, siblingGoal.id] }, 400],
        ['PUT', `/strategies/${ids.strategy.id}`, { title: 'Renamed', goalIds: [siblingGoal.id] }, 400],
        ['DELETE', '/strategies/999999', undefined, 404],
        ['PUT', '/milestones/999999', { status: 'done' }, 404],
        ['DELETE', '/milestones/999999', undefined, 404],
        ['POST', '/milestones', { title: 'No date' }, 400],
      ];
      for (const [method, path, json, status] of failures) {
        const response = await f.call(method, path, json);
        expect({ method, path, status: response.status }).toEqual({ method, path, status });
      }
      expect(await recordOf(f.childId)).toEqual(before);
      expect(await recordOf(sibling)).toEqual(siblingBefore);
    });
  });
});
