/**
 * Who added what on a shared child (issue 24 item 17, decision 0086): every record a caregiver sees
 * names the person who added it, over tRPC and REST, read from their account when the record is read,
 * and the export carries the name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../helpers/caregivers.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { typedClient } from '../helpers/trpc-client.ts';
import { readZip } from '../helpers/zip-reader.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';

type Person = Awaited<ReturnType<typeof signUpParent>>;
type Author = { name: string; isYou: boolean } | null;

describe.each(ENGINES)('who added each record, on %s', (engine) => {
  let server: TestServer;
  let mother: Person;
  let coParent: Person;
  let childId: number;

  const as = (person: Person, method: string, path: string, json?: unknown) =>
    api(server, method, `/api${path}${path.includes('?') ? '&' : '?'}childId=${childId}`, { token: person.token, json });
  const created = async (person: Person, path: string, json: unknown) => {
    const response = await as(person, 'POST', path, json);
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.text}`);
    return response.body as { id: number; addedBy: Author };
  };
  /** Each listed record's author as the asking person sees it, by the record's id. */
  const authorsIn = (rows: { id: number; addedBy: Author }[]) => Object.fromEntries(rows.map((row) => [row.id, row.addedBy]));

  beforeAll(async () => {
    server = await startTestServer({ engine });
    mother = await signUpParent(server);
    coParent = await signUpParent(server, `sam.rivera.${Date.now()}@example.com`);
    await api(server, 'PATCH', '/api/auth/me', { token: mother.token, json: { name: 'Ana' } });
    childId = (await api(server, 'POST', '/api/children', { token: mother.token, json: validChild })).body.id;
    const invite = await api(server, 'POST', '/api/invites', {
      token: mother.token,
      json: { email: coParent.email, role: 'updater', childIds: [childId] },
    });
    const accepted = await api(server, 'POST', '/api/invites/accept', {
      token: coParent.token,
      json: { token: tokenOf(invite.body.link) },
    });
    if (accepted.status !== 200) throw new Error(`accepting the invitation: ${accepted.status} ${accepted.text}`);
  });
  afterAll(() => server.close());

  it('each person sees the other\u2019s name on the other\u2019s records, and "you" on their own (REST)', async () => {
    const samName = coParent.email.slice(0, coParent.email.indexOf('@'));
    const anaObservation = await created(mother, '/observations', { what: 'Focused on homework for 20 minutes' });
    const samObservation = await created(coParent, '/observations', { what: 'Tied his shoes alone' });
    expect(anaObservation.addedBy).toEqual({ name: 'Ana', isYou: true });
    expect(samObservation.addedBy).toEqual({ name: samName, isYou: true });

    const seenByAna = authorsIn((await as(mother, 'GET', '/observations')).body);
    expect(seenByAna[anaObservation.id]).toEqual({ name: 'Ana', isYou: true });
    expect(seenByAna[samObservation.id]).toEqual({ name: samName, isYou: false });
    const seenBySam = authorsIn((await as(coParent, 'GET', '/observations')).body);
    expect(seenBySam[anaObservation.id]).toEqual({ name: 'Ana', isYou: false });
    expect(seenBySam[samObservation.id]).toEqual({ name: samName, isYou: true });

    // Goals and progress, strategies, milestones, medications and people: the same.
    const goal = await created(mother, '/goals', { area: 'reading', title: 'Read a page aloud' });
    const entry = await created(coParent, `/goals/${goal.id}/progress`, { recordedOn: '2026-11-02', value: 3 });
    const detail = (await as(coParent, 'GET', `/goals/${goal.id}`)).body;
    expect(detail.goal.addedBy).toEqual({ name: 'Ana', isYou: false });
    expect(detail.progress.find((row: { id: number }) => row.id === entry.id).addedBy).toEqual({ name: samName, isYou: true });
    const goalsSeenByAna = (await as(mother, 'GET', '/goals')).body;
    expect(goalsSeenByAna[0].latestProgress.addedBy).toEqual({ name: samName, isYou: false });

    const lists = [
      ['/strategies', { title: 'Visual timer' }],
      ['/milestones', { title: 'Meet the new teacher', category: 'school-year', dueDate: '2027-01-10' }],
      ['/medications', { name: 'Melatonin' }],
      ['/people', { name: 'Ms. Lopez', role: 'teacher' }],
    ] as const;
    for (const [path, body] of lists) {
      const record = await created(coParent, path, body);
      const seen = authorsIn((await as(mother, 'GET', path)).body);
      expect({ path, author: seen[record.id] }).toEqual({ path, author: { name: samName, isYou: false } });
    }
  });

  it('the dashboard\u2019s recent activity names who made each change (tRPC and REST)', async () => {
    await created(coParent, '/observations', { what: 'Asked for a break instead of shouting' });
    const viaRest = (await as(mother, 'GET', '/activities')).body as { action: string; title: string; actor: Author }[];
    const samsChange = viaRest.find((activity) => activity.title === 'Asked for a break instead of shouting');
    expect(samsChange?.actor).toEqual({ name: coParent.email.split('@')[0], isYou: false });
    const viaTrpc = await typedClient(server, coParent.token).activities.list.query({ childId, limit: 50 });
    expect(viaTrpc.find((activity) => activity.title === 'Asked for a break instead of shouting')?.actor?.isYou).toBe(true);
    expect(viaTrpc.find((activity) => activity.action === 'child.created')?.actor).toEqual({ name: 'Ana', isYou: false });
  });

  it('the names are read when the record is read: a renamed account shows its new name (tRPC)', async () => {
    await created(mother, '/observations', { what: 'Read to his sister' });
    expect((await api(server, 'PATCH', '/api/auth/me', { token: mother.token, json: { name: 'Ana Rivera' } })).status).toBe(200);
    const list = await typedClient(server, coParent.token).observations.list.query({ childId, filter: { limit: 50 } });
    const mine = list.find((observation) => observation.what === 'Read to his sister');
    expect(mine?.addedBy).toEqual({ name: 'Ana Rivera', isYou: false });
    expect(list.some((observation) => observation.addedBy?.name === 'Ana')).toBe(false);
  });

  it('"For you" says who noted the profile: the co-parent reads the mother\u2019s name, not "You noted"', async () => {
    const updated = await api(server, 'PUT', `/api/children/${childId}`, { token: mother.token, json: { challenges: ['Focus'] } });
    expect(updated.status).toBe(200);
    const forSam = (await as(coParent, 'GET', '/guide/suggestions')).body as { reason: string }[];
    const reasons = forSam.map((suggestion) => suggestion.reason).join('\n');
    expect(reasons).toContain('Ana Rivera noted \u201CFocus\u201D');
    expect(reasons).not.toMatch(/You noted/);
    const forAna = (await as(mother, 'GET', '/guide/suggestions')).body as { reason: string }[];
    expect(forAna.map((suggestion) => suggestion.reason).join('\n')).toContain('You noted \u201CFocus\u201D');
  });

  it('the export carries each record\u2019s author by name', async () => {
    const started = await api(server, 'POST', '/api/exports', { token: mother.token });
    expect(started.status).toBe(201);
    await server.services.jobs.idle();
    const response = await fetch(`${server.url}/api/exports/${started.body.id}/download`, {
      headers: { authorization: `Bearer ${mother.token}` },
    });
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    const data = JSON.parse(
      entries
        .find((entry) => entry.name === 'data.json')
        ?.read()
        .toString('utf8') ?? '{}',
    );
    const observations = data.records.observations as { what: string; addedBy: string | null; createdBy?: string }[];
    expect(observations.find((row) => row.what === 'Tied his shoes alone')?.addedBy).toBe(coParent.email.split('@')[0]);
    expect(observations.find((row) => row.what === 'Read to his sister')?.addedBy).toBe('Ana Rivera');
    // The name, not the co-parent's account id.
    expect(observations.every((row) => row.createdBy === undefined)).toBe(true);
    expect((data.records.medications as { addedBy: string }[])[0]?.addedBy).toBe(coParent.email.split('@')[0]);
    const csv =
      entries
        .find((entry) => entry.name.endsWith('observations.csv'))
        ?.read()
        .toString('utf8') ?? '';
    expect(csv.split('\n')[0]).toContain('addedBy');
  });
});
