import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInnerContext } from '../../server/trpc/context.ts';
import { createCaller } from '../../server/trpc/root.ts';
import type { ChildCreateInput } from '#shared/schemas/child.ts';
import { NEXT_YEAR } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, type TestServer } from '../helpers/test-server.ts';

const TABLES = [
  'goals',
  'progressEntries',
  'strategies',
  'strategyGoals',
  'observations',
  'milestones',
  'dismissedMilestones',
  'activities',
] as const;
type Table = (typeof TABLES)[number];

describe.each(ENGINES)('deleting a child on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  /** Rows per table that belong to `childId` (child_id), straight from the database. */
  async function rowsOf(childId: number): Promise<Record<Table, number>> {
    const counts = {} as Record<Table, number>;
    for (const table of TABLES) {
      const rows = await server.db.selectFrom(table).select('childId').where('childId', '=', childId).execute();
      counts[table] = rows.length;
    }
    return counts;
  }

  /** Rows per table in the whole database. */
  async function totals(): Promise<Record<Table, number>> {
    const counts = {} as Record<Table, number>;
    for (const table of TABLES) counts[table] = (await server.db.selectFrom(table).select('childId').execute()).length;
    return counts;
  }

  /** A full record for a child: goals with progress, linked strategies, observations (some on goals), milestones and their activities. */
  async function childWithRecord(userId: string, child: ChildCreateInput) {
    const trpc = createCaller(createInnerContext({ services: server.services, userId }));
    const { id: childId } = await trpc.children.create(child);
    const goals = [];
    for (const title of ['Read a chapter book', 'Stay calm at drop-off']) {
      const goal = await trpc.goals.create({
        childId,
        data: { area: 'reading', title, targetDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10) },
      });
      await trpc.goals.addProgress({ childId, data: { goalId: goal.id, recordedOn: '2026-01-10', value: 1 } });
      await trpc.goals.addProgress({ childId, data: { goalId: goal.id, recordedOn: '2026-02-10', value: 2 } });
      goals.push(goal);
    }
    await trpc.strategies.create({ childId, data: { title: 'Visual schedule', goalIds: goals.map((goal) => goal.id) } });
    await trpc.strategies.create({ childId, data: { title: 'Quiet corner', goalIds: [goals[1]?.id ?? 0] } });
    await trpc.observations.create({ childId, data: { what: 'Read two pages', goalId: goals[0]?.id ?? null, isWin: true } });
    await trpc.observations.create({ childId, data: { what: 'Tears at the gate', tags: ['drop-off'] } });
    await trpc.milestones.create({ childId, data: { title: 'Library card', dueDate: `${NEXT_YEAR}-01-10` } });
    await trpc.milestones.generate({ childId });
    // Deleting a generated milestone leaves a dismissal behind, which must go with the child too.
    const generated = (await trpc.milestones.list({ childId })).find((row) => row.source === 'generated');
    if (generated) await trpc.milestones.delete({ childId, id: generated.id });
    return childId;
  }

  const child = (firstName: string): ChildCreateInput => ({
    firstName,
    dateOfBirth: '2015-03-01',
    grade: '5',
    supportPlan: 'iep',
    planReviewDate: '2025-12-01',
    lastEvaluationDate: '2024-01-10',
  });

  it('deletes every row of the child\u2019s record and nothing of another child', async () => {
    const parent = await signUpParent(server);
    const other = await signUpParent(server);
    const doomed = await childWithRecord(parent.userId, child('Maya'));
    const sibling = await childWithRecord(parent.userId, child('Leo'));
    const stranger = await childWithRecord(other.userId, child('Ava'));

    const doomedBefore = await rowsOf(doomed);
    const siblingBefore = await rowsOf(sibling);
    const strangerBefore = await rowsOf(stranger);
    const totalsBefore = await totals();
    // The record really has rows of every kind, or the test would prove nothing.
    for (const table of TABLES) expect({ table, rows: doomedBefore[table] > 0 }).toEqual({ table, rows: true });
    expect(doomedBefore).toMatchObject({ goals: 2, progressEntries: 4, strategies: 2, strategyGoals: 3, observations: 2 });

    const response = await api(server, 'DELETE', `/api/children/${doomed}`, { token: parent.token });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { id: doomed, deleted: true, exportsWithdrawn: 0 },
    });

    expect(await rowsOf(doomed)).toEqual({
      goals: 0,
      progressEntries: 0,
      strategies: 0,
      strategyGoals: 0,
      observations: 0,
      milestones: 0,
      dismissedMilestones: 0,
      activities: 0,
    });
    expect(await rowsOf(sibling)).toEqual(siblingBefore);
    expect(await rowsOf(stranger)).toEqual(strangerBefore);

    // Everything that went belonged to the deleted child, and no activity was added about it.
    const expected = { ...totalsBefore };
    for (const table of TABLES) expected[table] -= doomedBefore[table];
    expect(await totals()).toEqual(expected);

    const orphans = await server.db.selectFrom('activities').select(['action', 'subjectId']).where('childId', 'is', null).execute();
    expect(orphans).toEqual([]);

    // The sibling's record still reads in full through the API.
    for (const path of ['/api/goals', '/api/strategies', '/api/observations', '/api/milestones']) {
      const listed = await api(server, 'GET', `${path}?childId=${sibling}`, { token: parent.token });
      expect({ path, status: listed.status, count: (listed.body as unknown[]).length > 0 }).toEqual({ path, status: 200, count: true });
    }
    expect((await api(server, 'GET', `/api/goals?childId=${doomed}`, { token: parent.token })).status).toBe(404);
  });

  it('answers 404 to another parent deleting the child, and deletes nothing', async () => {
    const parent = await signUpParent(server);
    const other = await signUpParent(server);
    const kept = await childWithRecord(parent.userId, child('Maya'));
    const before = await rowsOf(kept);
    const totalsBefore = await totals();
    const response = await api(server, 'DELETE', `/api/children/${kept}`, { token: other.token });
    expect(response.status).toBe(404);
    expect(await rowsOf(kept)).toEqual(before);
    expect(await totals()).toEqual(totalsBefore);
  });
});
