/**
 * Lists across every child the caller can see (decision 0098): what the observations screen, the
 * progress planner and the dashboard's progress show with their FLAG_SCOPED_* flag off. Two children
 * of one family, a child of another family, and a caregiver who views one of the two: each sees
 * exactly their children's records, each named by its child, and nothing of anyone else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareChildren } from '../helpers/caregivers.ts';
import { callerFor, trpcError } from '../helpers/integration-kit.ts';
import { startEveryChildFamilies, type Person } from '../helpers/every-child-families.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, type TestServer } from '../helpers/test-server.ts';

type Caller = ReturnType<typeof callerFor>;

/** Observation times, oldest first: the lists must interleave the children by time, not group them. */
const AT = ['2026-10-01T08:00:00.000Z', '2026-10-02T08:00:00.000Z', '2026-10-03T08:00:00.000Z', '2026-10-04T08:00:00.000Z'];

describe.each(ENGINES)('lists across every child on %s', (engine) => {
  let server: TestServer;
  let parent: Person;
  let otherParent: Person;
  let viewer: Person;
  let childless: Person;
  let maya: number;
  let sam: number;
  let lee: number;
  const as = (person: Person | null): Caller => callerFor(server.services, person?.userId ?? null);

  beforeAll(async () => {
    ({
      server,
      people: [parent, otherParent, viewer, childless],
      maya,
      sam,
      lee,
    } = await startEveryChildFamilies(engine));
    await shareChildren(server.services, parent.userId, viewer.userId, 'viewer', [sam]);

    // Observations interleaved in time across Maya and Sam; Lee's is the newest of all.
    const note = (person: Person, childId: number, what: string, occurredAt: string, isWin = false) =>
      as(person).observations.create({ childId, data: { what, occurredAt, isWin } });
    await note(parent, maya, 'Maya read a page aloud', AT[0] as string, true);
    await note(parent, sam, 'Sam tied his shoes', AT[1] as string);
    await note(parent, maya, 'Maya asked for a break', AT[2] as string);
    await note(parent, sam, 'Sam finished homework alone', AT[3] as string, true);
    await note(otherParent, lee, 'Lee lost a tooth', '2026-10-05T08:00:00.000Z');

    // Goals: Maya's active one with progress, Sam's achieved one; Lee's active one.
    const goal = (person: Person, childId: number, title: string, status: 'in-progress' | 'achieved') =>
      as(person).goals.create({ childId, data: { area: 'reading', title, status, baseline: 1, target: 5, unit: 'pages' } });
    const mayaGoal = await goal(parent, maya, 'Read five pages', 'in-progress');
    await as(parent).goals.addProgress({ childId: maya, data: { goalId: mayaGoal.id, recordedOn: '2026-10-01', value: 2 } });
    await as(parent).goals.addProgress({ childId: maya, data: { goalId: mayaGoal.id, recordedOn: '2026-10-08', value: 3 } });
    await goal(parent, sam, 'Tie shoes', 'achieved');
    await goal(otherParent, lee, 'Ride a bike', 'in-progress');

    await as(parent).strategies.create({ childId: maya, data: { title: 'Visual timer' } });
    await as(parent).strategies.create({ childId: sam, data: { title: 'Checklist by the door' } });
    await as(otherParent).strategies.create({ childId: lee, data: { title: 'Training wheels' } });
  });
  afterAll(() => server.close());

  const notesOf = async (person: Person, filter: Parameters<Caller['everyChild']['observations']>[0] = undefined) =>
    (await as(person).everyChild.observations(filter)).map(({ childId, childName, what }) => ({ childId, childName, what }));

  it('a parent sees both of their children\u2019s observations, newest first across them, each named by its child, and no one else\u2019s', async () => {
    expect(await notesOf(parent)).toEqual([
      { childId: sam, childName: 'Sam', what: 'Sam finished homework alone' },
      { childId: maya, childName: 'Maya', what: 'Maya asked for a break' },
      { childId: sam, childName: 'Sam', what: 'Sam tied his shoes' },
      { childId: maya, childName: 'Maya', what: 'Maya read a page aloud' },
    ]);
    // Each item is the observation as the one-child list gives it, plus its child's name.
    const [fromEveryChild] = await as(parent).everyChild.observations({ filter: { limit: 1 } });
    const [fromOneChild] = await as(parent).observations.list({ childId: sam, filter: { limit: 1 } });
    expect(fromEveryChild).toEqual({ ...fromOneChild, childName: 'Sam' });
  });

  it('pages across children with `before`, and filters as the one-child list does', async () => {
    const first = await as(parent).everyChild.observations({ filter: { limit: 3 } });
    const rest = await as(parent).everyChild.observations({ filter: { limit: 3, before: first.at(-1)?.id } });
    expect([...first, ...rest].map((item) => item.what)).toEqual((await notesOf(parent)).map((item) => item.what));
    expect(rest).toHaveLength(1);
    expect((await notesOf(parent, { filter: { winsOnly: true, limit: 50 } })).map((item) => item.what)).toEqual([
      'Sam finished homework alone',
      'Maya read a page aloud',
    ]);
    expect((await notesOf(parent, { filter: { search: 'homework', limit: 50 } })).map((item) => item.childName)).toEqual(['Sam']);
  });

  it('a caregiver with viewer on one child sees that child\u2019s records only', async () => {
    expect((await notesOf(viewer)).map((item) => item.what)).toEqual(['Sam finished homework alone', 'Sam tied his shoes']);
    expect((await as(viewer).everyChild.goals()).map(({ childName, title }) => ({ childName, title }))).toEqual([
      { childName: 'Sam', title: 'Tie shoes' },
    ]);
    expect((await as(viewer).everyChild.strategies()).map(({ childName, title }) => ({ childName, title }))).toEqual([
      { childName: 'Sam', title: 'Checklist by the door' },
    ]);
    // Sam's only goal is achieved: no active goal to show progress on.
    expect(await as(viewer).everyChild.progress()).toEqual([]);
  });

  it('another family sees only their own child; a cursor from someone else\u2019s list finds nothing', async () => {
    expect(await notesOf(otherParent)).toEqual([{ childId: lee, childName: 'Lee', what: 'Lee lost a tooth' }]);
    expect((await as(otherParent).everyChild.goals()).map((goal) => goal.childId)).toEqual([lee]);
    expect((await as(otherParent).everyChild.strategies()).map((strategy) => strategy.childId)).toEqual([lee]);
    expect((await as(otherParent).everyChild.progress()).map((goal) => goal.childId)).toEqual([lee]);
    const [parentsNewest] = await as(parent).everyChild.observations({ filter: { limit: 1 } });
    expect(await as(otherParent).everyChild.observations({ filter: { limit: 50, before: parentsNewest?.id } })).toEqual([]);
  });

  it('goals, strategies and progress list every child\u2019s, child by child, each named', async () => {
    expect((await as(parent).everyChild.goals()).map(({ childName, title, status }) => ({ childName, title, status }))).toEqual([
      { childName: 'Maya', title: 'Read five pages', status: 'in-progress' },
      { childName: 'Sam', title: 'Tie shoes', status: 'achieved' },
    ]);
    expect((await as(parent).everyChild.strategies()).map(({ childName, title }) => ({ childName, title }))).toEqual([
      { childName: 'Maya', title: 'Visual timer' },
      { childName: 'Sam', title: 'Checklist by the door' },
    ]);
    // Active goals only, with the latest entry by day, as the dashboard's "Active goals" reads them.
    expect(await as(parent).everyChild.progress()).toEqual([
      expect.objectContaining({
        childId: maya,
        childName: 'Maya',
        title: 'Read five pages',
        baseline: 1,
        target: 5,
        unit: 'pages',
        latestValue: 3,
        latestOn: '2026-10-08',
      }),
    ]);
    const [mayaStats] = [await as(parent).dashboard.stats({ childId: maya })];
    const [progress] = await as(parent).everyChild.progress();
    expect(progress).toEqual({ ...mayaStats.activeGoals[0], childId: maya, childName: 'Maya' });
  });

  it('a caregiver\u2019s read is noted in the child\u2019s audit log, as a one-child read is', async () => {
    await as(viewer).everyChild.goals();
    const viewed = (await as(parent).caregivers.audit({ childId: sam })).filter((entry) => entry.action === 'child.viewed');
    // Once an hour per person and child, however many lists they read.
    expect(viewed).toHaveLength(1);
  });

  it('someone with no children gets empty lists; an anonymous caller is refused', async () => {
    expect(await as(childless).everyChild.observations()).toEqual([]);
    expect(await as(childless).everyChild.goals()).toEqual([]);
    expect(await as(childless).everyChild.strategies()).toEqual([]);
    expect(await as(childless).everyChild.progress()).toEqual([]);
    expect((await trpcError(as(null).everyChild.observations())).code).toBe('UNAUTHORIZED');
    expect((await trpcError(as(null).everyChild.progress())).code).toBe('UNAUTHORIZED');
  });

  it('an invalid filter is refused with its field named', async () => {
    const error = await trpcError(as(parent).everyChild.observations({ filter: { limit: 0 } }));
    expect(error.code).toBe('BAD_REQUEST');
  });

  it('REST answers the same lists, and the OpenAPI document describes them', async () => {
    const get = async (person: Person | null, path: string) => api(server, 'GET', `/api/every-child${path}`, { token: person?.token });
    const rest = await get(parent, '/observations?limit=2&winsOnly=true');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(
      JSON.parse(JSON.stringify(await as(parent).everyChild.observations({ filter: { limit: 2, winsOnly: true } }))),
    );
    expect((await get(viewer, '/goals')).body.map((goal: { childName: string }) => goal.childName)).toEqual(['Sam']);
    expect((await get(otherParent, '/strategies')).body.map((strategy: { childId: number }) => strategy.childId)).toEqual([lee]);
    expect((await get(parent, '/progress')).body).toEqual(JSON.parse(JSON.stringify(await as(parent).everyChild.progress())));
    expect((await get(null, '/observations')).status).toBe(401);
    expect((await get(parent, '/observations?limit=0')).status).toBe(400);

    const paths = (await api(server, 'GET', '/api/openapi.json')).body.paths as Record<string, { get?: { operationId?: string } }>;
    expect(
      ['/observations', '/goals', '/strategies', '/progress'].map((path) => paths[`/api/every-child${path}`]?.get?.operationId),
    ).toEqual(['listObservationsOfEveryChild', 'listGoalsOfEveryChild', 'listStrategiesOfEveryChild', 'listProgressOfEveryChild']);
  });
});
