/**
 * Snapshots across every child the caller can see (decisions 0098 and 0107: what /snapshots lists with
 * FLAG_SCOPED_SNAPSHOTS off). Two children of one family, another family's child, a caregiver who
 * views one child and one who co-owns it: each sees exactly their children's snapshots, and the open
 * links only of children they own (sharing is an owner's), each named by its child.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareChildren } from '../helpers/caregivers.ts';
import { callerFor, trpcError } from '../helpers/integration-kit.ts';
import { startEveryChildFamilies, type Person } from '../helpers/every-child-families.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, type TestServer } from '../helpers/test-server.ts';

type Caller = ReturnType<typeof callerFor>;

describe.each(ENGINES)('snapshots across every child on %s', (engine) => {
  let server: TestServer;
  let parent: Person;
  let otherParent: Person;
  let viewer: Person;
  let coOwner: Person;
  let maya: number;
  let sam: number;
  let lee: number;
  const as = (person: Person | null): Caller => callerFor(server.services, person?.userId ?? null);
  const snapshotsOf = async (person: Person) =>
    (await as(person).everyChild.snapshots()).map(({ childId, childName, title }) => ({ childId, childName, title }));
  const linksOf = async (person: Person) =>
    (await as(person).everyChild.snapshotLinks()).map(({ childId, childName, snapshotTitle }) => ({ childId, childName, snapshotTitle }));

  beforeAll(async () => {
    ({
      server,
      people: [parent, otherParent, viewer, coOwner],
      maya,
      sam,
      lee,
    } = await startEveryChildFamilies(engine));
    await shareChildren(server.services, parent.userId, viewer.userId, 'viewer', [sam], 'viewer@example.com');
    await shareChildren(server.services, parent.userId, coOwner.userId, 'owner', [sam], 'co-owner@example.com');

    const snapshot = (person: Person, childId: number, title: string, audience: 'teacher' | 'sitter' = 'teacher') =>
      as(person).snapshots.create({ childId, data: { audience, title } });
    const mayaTeacher = await snapshot(parent, maya, 'For Ms Lopez');
    await snapshot(parent, maya, 'For Grandma', 'sitter');
    const samTeacher = await snapshot(parent, sam, 'For Mr Chen');
    const leeSitter = await snapshot(otherParent, lee, 'For the sitter', 'sitter');

    await as(parent).snapshots.share({ childId: maya, id: mayaTeacher.id, data: { expiresInDays: 7 } });
    await as(parent).snapshots.share({ childId: sam, id: samTeacher.id, data: { expiresInDays: 3 } });
    // A link turned off is not an open link.
    const revoked = await as(parent).snapshots.share({ childId: sam, id: samTeacher.id, data: { expiresInDays: 1 } });
    await as(parent).snapshots.revokeLink({ childId: sam, linkId: revoked.id });
    await as(otherParent).snapshots.share({ childId: lee, id: leeSitter.id, data: {} });
  });
  afterAll(() => server.close());

  it('a parent sees both children\u2019s snapshots, child by child, each named, and no one else\u2019s', async () => {
    expect(await snapshotsOf(parent)).toEqual([
      { childId: maya, childName: 'Maya', title: 'For Grandma' },
      { childId: maya, childName: 'Maya', title: 'For Ms Lopez' },
      { childId: sam, childName: 'Sam', title: 'For Mr Chen' },
    ]);
    // Each item is the one-child list's, plus its child's name.
    const [first] = await as(parent).everyChild.snapshots();
    const [fromOneChild] = await as(parent).snapshots.list({ childId: maya });
    expect(first).toEqual({ ...fromOneChild, childName: 'Maya' });
    expect(await snapshotsOf(otherParent)).toEqual([{ childId: lee, childName: 'Lee', title: 'For the sitter' }]);
  });

  it('lists the open links of each child the caller owns, with the child, and leaves out those they only view', async () => {
    expect(await linksOf(parent)).toEqual([
      { childId: maya, childName: 'Maya', snapshotTitle: 'For Ms Lopez' },
      { childId: sam, childName: 'Sam', snapshotTitle: 'For Mr Chen' },
    ]);
    const [, samLink] = await as(parent).everyChild.snapshotLinks();
    const [fromOneChild] = await as(parent).snapshots.links({ childId: sam });
    expect(samLink).toEqual({ ...fromOneChild, childId: sam, childName: 'Sam' });
    // A viewer reads Sam's snapshots but not his links (the one-child list refuses them); a co-owner sees both.
    expect(await snapshotsOf(viewer)).toEqual([{ childId: sam, childName: 'Sam', title: 'For Mr Chen' }]);
    expect((await trpcError(as(viewer).snapshots.links({ childId: sam }))).code).toBe('FORBIDDEN');
    expect(await linksOf(viewer)).toEqual([]);
    expect(await linksOf(coOwner)).toEqual([{ childId: sam, childName: 'Sam', snapshotTitle: 'For Mr Chen' }]);
    expect(await linksOf(otherParent)).toEqual([{ childId: lee, childName: 'Lee', snapshotTitle: 'For the sitter' }]);
  });

  it('an anonymous caller is refused', async () => {
    expect((await trpcError(as(null).everyChild.snapshots())).code).toBe('UNAUTHORIZED');
    expect((await trpcError(as(null).everyChild.snapshotLinks())).code).toBe('UNAUTHORIZED');
  });

  it('REST answers the same lists, and the OpenAPI document describes them', async () => {
    const get = async (person: Person | null, path: string) => api(server, 'GET', `/api/every-child${path}`, { token: person?.token });
    const snapshots = await get(parent, '/snapshots');
    expect(snapshots.status).toBe(200);
    expect(snapshots.body).toEqual(JSON.parse(JSON.stringify(await as(parent).everyChild.snapshots())));
    const links = await get(parent, '/snapshot-links');
    expect(links.status).toBe(200);
    expect(links.body).toEqual(JSON.parse(JSON.stringify(await as(parent).everyChild.snapshotLinks())));
    expect((await get(viewer, '/snapshot-links')).body).toEqual([]);
    expect((await get(null, '/snapshots')).status).toBe(401);
    expect((await get(null, '/snapshot-links')).status).toBe(401);

    const paths = (await api(server, 'GET', '/api/openapi.json')).body.paths as Record<string, { get?: { operationId?: string } }>;
    expect(['/snapshots', '/snapshot-links'].map((path) => paths[`/api/every-child${path}`]?.get?.operationId)).toEqual([
      'listSnapshotsOfEveryChild',
      'listSnapshotLinksOfEveryChild',
    ]);
  });
});
