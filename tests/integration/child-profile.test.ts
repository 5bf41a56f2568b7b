/**
 * The child's medications and people (issue 10, decision 0056): over REST and tRPC on each engine,
 * their limits, another family's records, the roles, the activity feed, and deletion with the child.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDICATION_LIMITS } from '#shared/schemas/medication.ts';
import { PERSON_LIMITS } from '#shared/schemas/person.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import { shareChildren } from '../helpers/caregivers.ts';
import { callerFor, expectApiError, isoDay, issuePaths, trpcError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

type Parent = Awaited<ReturnType<typeof signUpParent>>;

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(ENGINES)('the child\u2019s medications and people on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  /** A new parent with one child, and calls about that child (`/api<path>?childId=`), or another as another parent. */
  async function family() {
    const parent = await signUpParentWithChild(server);
    const call = (method: string, path: string, json?: unknown, child = parent.childId, token = parent.token) =>
      api(server, method, `/api${path}${path.includes('?') ? '&' : '?'}childId=${child}`, { token, json });
    return { ...parent, call };
  }

  it('a medication is added, listed, changed, stopped and removed over REST, each change in the activity feed', async () => {
    const f = await family();
    const added = await f.call('POST', '/medications', {
      name: '  Methylphenidate  ',
      dose: '10 mg',
      schedule: 'Every morning with breakfast',
      prescriber: 'Dr. Okafor',
      startedOn: isoDay(-30),
      notes: 'Less appetite at lunch',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      childId: f.childId,
      name: 'Methylphenidate',
      dose: '10 mg',
      schedule: 'Every morning with breakfast',
      prescriber: 'Dr. Okafor',
      startedOn: isoDay(-30),
      notes: 'Less appetite at lunch',
      active: true,
      addedBy: { name: expect.any(String), isYou: true },
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    const id = added.body.id as number;
    const melatonin = (await f.call('POST', '/medications', { name: 'Melatonin' })).body;
    expect(melatonin).toMatchObject({ dose: null, schedule: null, prescriber: null, startedOn: null, notes: null, active: true });

    // Stopping one moves it after the ones taken now; clearing a field sends null.
    const stopped = await f.call('PUT', `/medications/${id}`, { active: false, notes: null });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ id, active: false, notes: null, dose: '10 mg' });
    const listed = await f.call('GET', '/medications');
    expect(listed.status).toBe(200);
    expect((listed.body as { id: number }[]).map((row) => row.id)).toEqual([melatonin.id, id]);

    const removed = await f.call('DELETE', `/medications/${id}`);
    expect(removed.body).toEqual({ id, deleted: true });
    expectApiError(await f.call('DELETE', `/medications/${id}`), 404, 'NOT_FOUND');
    expect(((await f.call('GET', '/medications')).body as { id: number }[]).map((row) => row.id)).toEqual([melatonin.id]);

    // The feed names what each change was about, as it is now: a removed medication leaves no name behind.
    const feed = (await f.call('GET', '/activities')).body as { action: string; subjectId: number; title: string | null }[];
    expect(
      feed.filter((entry) => entry.action.startsWith('medication.')).map(({ action, subjectId, title }) => ({ action, subjectId, title })),
    ).toEqual([
      { action: 'medication.removed', subjectId: id, title: null },
      { action: 'medication.updated', subjectId: id, title: null },
      { action: 'medication.added', subjectId: melatonin.id, title: 'Melatonin' },
      { action: 'medication.added', subjectId: id, title: null },
    ]);
  });

  it('a person is added, listed, changed and removed over tRPC, and the feed names them', async () => {
    const f = await family();
    const caller = callerFor(server.services, f.userId);
    const teacher = await caller.people.create({
      childId: f.childId,
      data: { name: 'Ms. Rivera', role: 'teacher', phone: '+1 (555) 010-2030 ext 4', email: ' rivera@school.example ', notes: 'Room 12' },
    });
    expect(teacher).toEqual({
      id: expect.any(Number),
      childId: f.childId,
      name: 'Ms. Rivera',
      role: 'teacher',
      phone: '+1 (555) 010-2030 ext 4',
      email: 'rivera@school.example',
      notes: 'Room 12',
      addedBy: { name: expect.any(String), isYou: true },
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    const doctor = await caller.people.create({ childId: f.childId, data: { name: 'Dr. Okafor' } });
    expect(doctor).toMatchObject({ role: 'other', phone: null, email: null, notes: null });
    const changed = await caller.people.update({ childId: f.childId, id: doctor.id, data: { role: 'doctor', phone: '555 0100' } });
    expect(changed).toMatchObject({ name: 'Dr. Okafor', role: 'doctor', phone: '555 0100' });
    expect((await caller.people.list({ childId: f.childId })).map((person) => person.name)).toEqual(['Ms. Rivera', 'Dr. Okafor']);
    // The same records over REST.
    expect(((await f.call('GET', '/people')).body as { id: number }[]).map((person) => person.id)).toEqual([teacher.id, doctor.id]);

    expect(await caller.people.delete({ childId: f.childId, id: teacher.id })).toEqual({ id: teacher.id, deleted: true });
    expect((await trpcError(caller.people.delete({ childId: f.childId, id: teacher.id }))).code).toBe('NOT_FOUND');
    const feed = await caller.activities.list({ childId: f.childId });
    expect(feed.filter((entry) => entry.subjectType === 'person').map(({ action, title }) => ({ action, title }))).toEqual([
      { action: 'person.removed', title: null },
      { action: 'person.updated', title: 'Dr. Okafor' },
      { action: 'person.added', title: 'Dr. Okafor' },
      { action: 'person.added', title: null },
    ]);
  });

  it('refuses what breaks a limit and names the field, saving nothing', async () => {
    const f = await family();
    const tooLong = (max: number) => 'x'.repeat(max + 1);
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: tooLong(MEDICATION_LIMITS.name) }, 'name'],
      [{ name: 'A', dose: tooLong(MEDICATION_LIMITS.dose) }, 'dose'],
      [{ name: 'A', schedule: tooLong(MEDICATION_LIMITS.schedule) }, 'schedule'],
      [{ name: 'A', prescriber: tooLong(MEDICATION_LIMITS.prescriber) }, 'prescriber'],
      [{ name: 'A', notes: tooLong(MEDICATION_LIMITS.notes) }, 'notes'],
      [{ name: 'A', startedOn: isoDay(3) }, 'startedOn'],
      [{ name: 'A', startedOn: '2026-02-30' }, 'startedOn'],
      [{ name: 'A', active: 'yes' }, 'active'],
      [{ name: 'A', childId: 5 }, 'childId'],
    ] as const) {
      expect({ body, fields: issuePaths(await f.call('POST', '/medications', body)) }).toEqual({ body, fields: [field] });
    }
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: tooLong(PERSON_LIMITS.name) }, 'name'],
      [{ name: 'A', role: 'neighbour' }, 'role'],
      [{ name: 'A', phone: 'call me maybe' }, 'phone'],
      [{ name: 'A', phone: `+${'1'.repeat(PERSON_LIMITS.phone)}` }, 'phone'],
      [{ name: 'A', email: 'not an email' }, 'email'],
      [{ name: 'A', notes: tooLong(PERSON_LIMITS.notes) }, 'notes'],
    ] as const) {
      expect({ body, fields: issuePaths(await f.call('POST', '/people', body)) }).toEqual({ body, fields: [field] });
    }
    const person = (await f.call('POST', '/people', { name: 'Coach Sam' })).body;
    // An update names at least one field, and only known ones.
    expectApiError(await f.call('PUT', `/people/${person.id}`, {}), 400, 'BAD_REQUEST');
    expect(issuePaths(await f.call('PUT', `/people/${person.id}`, { childId: 9 }))).toEqual(['childId']);
    expect((await f.call('GET', '/medications')).body).toEqual([]);
    expect(((await f.call('GET', '/people')).body as unknown[]).length).toBe(1);
  });

  it('another family\u2019s medications and people are not found, and stay as they were', async () => {
    const mine = await family();
    const theirs = await family();
    const medication = (await theirs.call('POST', '/medications', { name: 'Guanfacine' })).body;
    const person = (await theirs.call('POST', '/people', { name: 'Dr. Lee', role: 'doctor' })).body;
    // Their child is not found at all...
    expectApiError(await mine.call('GET', '/medications', undefined, theirs.childId), 404, 'NOT_FOUND');
    expectApiError(await mine.call('POST', '/people', { name: 'Sneaky' }, theirs.childId), 404, 'NOT_FOUND');
    // ...and their records, named through my own child, are not mine to change.
    expectApiError(await mine.call('PUT', `/medications/${medication.id}`, { name: 'Changed' }), 404, 'NOT_FOUND');
    expectApiError(await mine.call('DELETE', `/medications/${medication.id}`), 404, 'NOT_FOUND');
    expectApiError(await mine.call('PUT', `/people/${person.id}`, { name: 'Changed' }), 404, 'NOT_FOUND');
    expectApiError(await mine.call('DELETE', `/people/${person.id}`), 404, 'NOT_FOUND');
    expect((await theirs.call('GET', '/medications')).body).toEqual([medication]);
    expect((await theirs.call('GET', '/people')).body).toEqual([person]);
  });

  it('a viewer reads them, an updater adds and changes them, only an owner removes them', async () => {
    const f = await family();
    const roles = {} as Record<ChildRole, Parent>;
    for (const role of ['viewer', 'updater', 'owner'] as const) {
      roles[role] = await signUpParent(server);
      await shareChildren(server.services, f.userId, roles[role].userId, role, [f.childId], roles[role].email);
    }
    const as = (role: ChildRole, method: string, path: string, json?: unknown) => f.call(method, path, json, f.childId, roles[role].token);
    const medication = (await f.call('POST', '/medications', { name: 'Sertraline' })).body;

    // The viewer reads who added it: the owner, not them.
    expect((await as('viewer', 'GET', '/medications')).body).toEqual([{ ...medication, addedBy: { ...medication.addedBy, isYou: false } }]);
    expect((await as('viewer', 'GET', '/people')).body).toEqual([]);
    expectApiError(await as('viewer', 'POST', '/people', { name: 'Grandma' }), 403, 'FORBIDDEN');
    expectApiError(await as('viewer', 'PUT', `/medications/${medication.id}`, { dose: '25 mg' }), 403, 'FORBIDDEN');

    const grandma = await as('updater', 'POST', '/people', { name: 'Grandma', role: 'guardian' });
    expect(grandma.status).toBe(201);
    expect((await as('updater', 'PUT', `/medications/${medication.id}`, { dose: '25 mg' })).body).toMatchObject({ dose: '25 mg' });
    expectApiError(await as('updater', 'DELETE', `/people/${grandma.body.id}`), 403, 'FORBIDDEN');
    expectApiError(await as('updater', 'DELETE', `/medications/${medication.id}`), 403, 'FORBIDDEN');

    expect((await as('owner', 'DELETE', `/people/${grandma.body.id}`)).body).toEqual({ id: grandma.body.id, deleted: true });
    expect((await as('owner', 'DELETE', `/medications/${medication.id}`)).status).toBe(200);
    // The feed says who did each: the updater's changes are theirs.
    const actors = await server.db
      .selectFrom('activities')
      .select(['action', 'actorId'])
      .where('childId', '=', f.childId)
      .where('subjectType', 'in', ['medication', 'person'])
      .orderBy('id')
      .execute();
    expect(actors).toEqual([
      { action: 'medication.added', actorId: f.userId },
      { action: 'person.added', actorId: roles.updater.userId },
      { action: 'medication.updated', actorId: roles.updater.userId },
      { action: 'person.removed', actorId: roles.owner.userId },
      { action: 'medication.removed', actorId: roles.owner.userId },
    ]);
  });

  it('deleting the child deletes its medications and people, and nothing of a sibling\u2019s', async () => {
    const f = await family();
    const sibling = (await api(server, 'POST', '/api/children', { token: f.token, json: { firstName: 'Leo', dateOfBirth: '2019-01-10' } }))
      .body.id as number;
    await f.call('POST', '/medications', { name: 'Methylphenidate' });
    await f.call('POST', '/people', { name: 'Ms. Rivera', role: 'teacher' });
    const kept = (await f.call('POST', '/people', { name: 'Coach Sam' }, sibling)).body;
    expect((await api(server, 'DELETE', `/api/children/${f.childId}`, { token: f.token })).status).toBe(200);
    const rowsOf = async (childId: number) => ({
      medications: await server.db.selectFrom('medications').select('id').where('childId', '=', childId).execute(),
      people: await server.db.selectFrom('childPeople').select('id').where('childId', '=', childId).execute(),
    });
    expect(await rowsOf(f.childId)).toEqual({ medications: [], people: [] });
    expect(await rowsOf(sibling)).toEqual({ medications: [], people: [{ id: kept.id }] });
  });
});
