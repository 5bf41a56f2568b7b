/**
 * Caregivers (issue 10): invitations by link, the three roles, removal and leaving, and the child's
 * audit log, over real HTTP on each engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOf } from '../helpers/caregivers.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/test-mail.ts';
import { expectApiError, servicesLike } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';

type Person = Awaited<ReturnType<typeof signUpParent>>;

const observation = { what: 'Read a whole chapter aloud', occurredAt: '2026-11-20T15:00:00.000Z' };

describe.each(ENGINES)('caregivers on %s', (engine) => {
  let server: TestServer;
  let holder: Person;
  let maya: number;
  let leo: number;

  const as = (person: Person, method: string, path: string, json?: unknown) => api(server, method, path, { token: person.token, json });
  const invite = async (from: Person, email: string, role: string, childIds: number[]) => {
    const response = await as(from, 'POST', '/api/invites', { email, role, childIds });
    expect(response.status).toBe(201);
    return response.body as { invite: { id: number; state: string; childIds: number[] }; link: string; emailed: boolean };
  };
  const join = async (person: Person, role: string, childIds = [maya]) => {
    const { link } = await invite(holder, person.email, role, childIds);
    const accepted = await as(person, 'POST', '/api/invites/accept', { token: tokenOf(link) });
    expect(accepted.status).toBe(200);
    return accepted.body;
  };

  beforeAll(async () => {
    server = await startTestServer({ engine });
    holder = await signUpParent(server);
    maya = (await as(holder, 'POST', '/api/children', validChild)).body.id;
    leo = (await as(holder, 'POST', '/api/children', { firstName: 'Leo', dateOfBirth: '2019-01-10' })).body.id;
  });
  afterAll(() => server.close());

  it('an invitation is a link for one or more children, shown to the owner; accepting shares them with the role', async () => {
    const grandma = await signUpParent(server);
    const created = await invite(holder, 'grandma@example.com', 'viewer', [maya, leo]);
    expect(created.invite).toMatchObject({ email: 'grandma@example.com', state: 'pending', childIds: [maya, leo] });
    expect(created.link).toMatch(/^http:\/\/localhost:3000\/app\/invite#[A-Za-z0-9_-]{43}$/);
    // No mail server here: nothing was emailed, and the log names the kind of mail only.
    expect(created).toMatchObject({ emailed: false, notEmailedBecause: 'no-mail', linkFromAppOrigin: false });
    const mailLines = server.logLines.filter((line) => line.includes('"mail":"invite"'));
    expect(mailLines.length).toBeGreaterThan(0);
    expect(mailLines.join('')).not.toContain(tokenOf(created.link));

    // Before accepting, Grandma sees neither child.
    expect((await as(grandma, 'GET', '/api/children')).body).toEqual([]);
    const preview = await as(grandma, 'POST', '/api/invites/preview', { token: tokenOf(created.link) });
    expect(preview.body).toMatchObject({ role: 'viewer', childFirstNames: ['Maya', 'Leo'], invitedBy: { email: holder.email } });

    const accepted = await as(grandma, 'POST', '/api/invites/accept', { token: tokenOf(created.link) });
    expect(accepted.body).toEqual({ childIds: [maya, leo], role: 'viewer' });
    const children = (await as(grandma, 'GET', '/api/children')).body as { id: number; role: string; sharedWithYou: boolean }[];
    expect(children.map(({ id, role, sharedWithYou }) => ({ id, role, sharedWithYou }))).toEqual([
      { id: maya, role: 'viewer', sharedWithYou: true },
      { id: leo, role: 'viewer', sharedWithYou: true },
    ]);
    // The holder's own list says they own them.
    const own = (await as(holder, 'GET', '/api/children')).body as { role: string; sharedWithYou: boolean }[];
    expect(own.map(({ role, sharedWithYou }) => ({ role, sharedWithYou }))).toEqual([
      { role: 'owner', sharedWithYou: false },
      { role: 'owner', sharedWithYou: false },
    ]);

    // The link works once. Opened again it says it was accepted (409), not that it is not valid.
    const again = await as(grandma, 'POST', '/api/invites/accept', { token: tokenOf(created.link) });
    expect(expectApiError(again, 409, 'CONFLICT').message).toBe('You already accepted this invitation, so the record is in your Trelli.');
    const previewAgain = await as(grandma, 'POST', '/api/invites/preview', { token: tokenOf(created.link) });
    expect(expectApiError(previewAgain, 409, 'CONFLICT').message).toBe(
      'You already accepted this invitation, so the record is in your Trelli.',
    );
    const someoneElse = await signUpParent(server);
    for (const step of ['preview', 'accept']) {
      const used = await as(someoneElse, 'POST', `/api/invites/${step}`, { token: tokenOf(created.link) });
      expect(expectApiError(used, 409, 'CONFLICT').message).toBe(
        'This invitation has already been accepted. If you need access, ask the person who sent it for a new one.',
      );
    }
    expect((await as(someoneElse, 'GET', '/api/children')).body).toEqual([]);
  });

  it('a made-up or mangled token is refused with a plain message, and an anonymous accept is 401', async () => {
    const person = await signUpParent(server);
    const madeUp = await as(person, 'POST', '/api/invites/accept', { token: 'A'.repeat(43) });
    expect(expectApiError(madeUp, 404, 'NOT_FOUND').message).toContain('This invitation link is not valid');
    const cut = await as(person, 'POST', '/api/invites/accept', { token: 'abc' });
    expect(expectApiError(cut, 400, 'BAD_REQUEST').issues?.[0]?.message).toBe(
      'This invitation link is not complete. Copy the whole link and try again.',
    );
    expect((await api(server, 'POST', '/api/invites/accept', { json: { token: 'A'.repeat(43) } })).status).toBe(401);
  });

  it('an invitation expires after 7 days', async () => {
    const person = await signUpParent(server);
    const { link } = await invite(holder, person.email, 'viewer', [maya]);
    const eightDaysOn = servicesLike(server, { now: () => new Date(Date.now() + 8 * 24 * 60 * 60 * 1000) });
    await expect(eightDaysOn.caregivers.accept(person.userId, tokenOf(link))).rejects.toThrow(
      'This invitation has expired. Ask the person who sent it for a new one.',
    );
    // Six days on, it still works.
    const sixDaysOn = servicesLike(server, { now: () => new Date(Date.now() + 6 * 24 * 60 * 60 * 1000) });
    expect(await sixDaysOn.caregivers.accept(person.userId, tokenOf(link))).toEqual({ childIds: [maya], role: 'viewer' });
  });

  it('a viewer reads; an updater adds and changes but cannot delete or share; an invited owner does everything', async () => {
    const viewer = await signUpParent(server);
    const updater = await signUpParent(server);
    const coParent = await signUpParent(server);
    await join(viewer, 'viewer');
    await join(updater, 'updater');
    await join(coParent, 'owner');
    const q = `?childId=${maya}`;

    expect((await as(viewer, 'GET', `/api/observations${q}`)).status).toBe(200);
    const refused = await as(viewer, 'POST', `/api/observations${q}`, observation);
    expect(expectApiError(refused, 403, 'FORBIDDEN').message).toBe(
      'You can view this child\u2019s record but not change it. An owner can give you more access.',
    );

    const logged = await as(updater, 'POST', `/api/observations${q}`, observation);
    expect(logged.status).toBe(201);
    expect((await as(updater, 'PUT', `/api/observations/${logged.body.id}${q}`, { what: 'Read two chapters aloud' })).status).toBe(200);
    expect(expectApiError(await as(updater, 'DELETE', `/api/observations/${logged.body.id}${q}`), 403, 'FORBIDDEN').message).toBe(
      'Only an owner of this child\u2019s record can do this.',
    );
    expect((await as(updater, 'POST', '/api/invites', { email: 'x@example.com', role: 'viewer', childIds: [maya] })).status).toBe(403);
    expect((await as(updater, 'GET', `/api/caregivers${q}`)).status).toBe(403);
    // The observation is still there for everyone.
    expect(((await as(viewer, 'GET', `/api/observations${q}`)).body as { what: string }[]).map((item) => item.what)).toContain(
      'Read two chapters aloud',
    );

    expect((await as(coParent, 'DELETE', `/api/observations/${logged.body.id}${q}`)).status).toBe(200);
    expect((await as(coParent, 'POST', '/api/invites', { email: 'aunt@example.com', role: 'viewer', childIds: [maya] })).status).toBe(201);
    // The activity names who made each change.
    const rows = await server.db
      .selectFrom('activities')
      .select(['action', 'actorId'])
      .where('childId', '=', maya)
      .where('action', 'in', ['observation.created', 'observation.updated', 'observation.deleted'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'observation.created', actorId: updater.userId },
      { action: 'observation.updated', actorId: updater.userId },
      { action: 'observation.deleted', actorId: coParent.userId },
    ]);
  });

  it('owners see who has access, change a role, remove someone (it ends with their next request); the holder always stays', async () => {
    const babysitter = await signUpParent(server);
    await join(babysitter, 'updater', [leo]);
    const q = `?childId=${leo}`;
    const list = (await as(holder, 'GET', `/api/caregivers${q}`)).body as {
      caregivers: { id: number; email: string; role: string; isAccountHolder: boolean; isYou: boolean }[];
    };
    const holderEntry = list.caregivers.find((entry) => entry.isAccountHolder);
    const sitterEntry = list.caregivers.find((entry) => entry.email === babysitter.email);
    expect(holderEntry).toMatchObject({ email: holder.email, role: 'owner', isYou: true });
    expect(sitterEntry).toMatchObject({ role: 'updater', isAccountHolder: false, isYou: false });

    const lowered = await as(holder, 'PUT', `/api/caregivers/${sitterEntry?.id}${q}`, { role: 'viewer' });
    expect(lowered.body).toMatchObject({ role: 'viewer' });
    expect((await as(babysitter, 'POST', `/api/observations${q}`, observation)).status).toBe(403);

    expect((await as(holder, 'PUT', `/api/caregivers/${holderEntry?.id}${q}`, { role: 'viewer' })).status).toBe(400);
    expect((await as(holder, 'DELETE', `/api/caregivers/${holderEntry?.id}${q}`)).status).toBe(400);

    expect((await as(babysitter, 'GET', `/api/observations${q}`)).status).toBe(200);
    expect((await as(holder, 'DELETE', `/api/caregivers/${sitterEntry?.id}${q}`)).status).toBe(200);
    // The very next request is refused as if the child did not exist.
    expect(expectApiError(await as(babysitter, 'GET', `/api/observations${q}`), 404, 'NOT_FOUND').message).toBe('Child not found');
    expect(((await as(babysitter, 'GET', '/api/children')).body as { id: number }[]).map((child) => child.id)).not.toContain(leo);
  });

  it('a caregiver can leave; the holder cannot', async () => {
    const uncle = await signUpParent(server);
    await join(uncle, 'viewer');
    expect((await as(uncle, 'POST', `/api/caregivers/leave?childId=${maya}`)).status).toBe(200);
    expect((await as(uncle, 'GET', '/api/children')).body).toEqual([]);
    const holderLeaves = await as(holder, 'POST', `/api/caregivers/leave?childId=${maya}`);
    expect(expectApiError(holderLeaves, 400, 'BAD_REQUEST').message).toContain('This child belongs to your account');
  });

  it('a cancelled invitation cannot be accepted; an accepted one cannot be cancelled', async () => {
    const person = await signUpParent(server);
    const { invite: open, link } = await invite(holder, person.email, 'viewer', [maya]);
    const listed = (await as(holder, 'GET', `/api/caregivers?childId=${maya}`)).body.invites as { id: number }[];
    expect(listed.map((entry) => entry.id)).toContain(open.id);
    expect((await as(holder, 'DELETE', `/api/invites/${open.id}?childId=${maya}`)).status).toBe(200);
    const late = await as(person, 'POST', '/api/invites/accept', { token: tokenOf(link) });
    expect(expectApiError(late, 404, 'NOT_FOUND').message).toBe('This invitation was cancelled. Ask the person who sent it for a new one.');
    expect((await as(holder, 'DELETE', `/api/invites/${open.id}?childId=${maya}`)).status).toBe(404);
  });

  /** A new parent's new child, shared with another new person as `role`. */
  const sharedChild = async (role: string) => {
    const parent = await signUpParent(server);
    const child = (await as(parent, 'POST', '/api/children', { firstName: 'Ada', dateOfBirth: '2015-03-03' })).body.id as number;
    const reader = await signUpParent(server);
    const { link } = await invite(parent, reader.email, role, [child]);
    await as(reader, 'POST', '/api/invites/accept', { token: tokenOf(link) });
    return { parent, child, reader };
  };

  it('the audit log shows owners who viewed, changed, joined and left, naming each record or person; the feed leaves access out', async () => {
    const { parent, child, reader } = await sharedChild('updater');
    const q = `?childId=${child}`;
    await as(reader, 'GET', `/api/observations${q}`);
    // Views are noted once an hour per person and child.
    await as(reader, 'GET', `/api/goals${q}`);
    const logged = await as(reader, 'POST', `/api/observations${q}`, { ...observation, what: 'Melted down over a fire drill' });
    await as(reader, 'POST', `/api/caregivers/leave${q}`);

    const audit = await as(parent, 'GET', `/api/audit${q}`);
    expect(audit.status).toBe(200);
    const entries = (
      audit.body as {
        action: string;
        actor: { email: string; isYou: boolean } | null;
        subjectType: string;
        subjectId: number;
        subject: string | null;
      }[]
    )
      .map(({ action, actor, subjectType, subjectId, subject }) => ({
        action,
        who: actor?.isYou ? 'you' : actor?.email,
        subjectType,
        subjectId,
        subject,
      }))
      .toReversed();
    expect(entries).toEqual([
      { action: 'child.created', who: 'you', subjectType: 'child', subjectId: child, subject: null },
      { action: 'caregiver.invited', who: 'you', subjectType: 'invite', subjectId: expect.any(Number), subject: reader.email },
      { action: 'caregiver.joined', who: reader.email, subjectType: 'caregiver', subjectId: expect.any(Number), subject: reader.email },
      { action: 'child.viewed', who: reader.email, subjectType: 'child', subjectId: child, subject: null },
      {
        action: 'observation.created',
        who: reader.email,
        subjectType: 'observation',
        subjectId: logged.body.id,
        subject: 'Melted down over a fire drill',
      },
      // Named after leaving too: the log reads the person's account, not the access they no longer have.
      { action: 'caregiver.left', who: reader.email, subjectType: 'caregiver', subjectId: expect.any(Number), subject: reader.email },
    ]);
    // The dashboard's feed shows the change, not the access.
    const feed = (await as(parent, 'GET', `/api/activities${q}`)).body as { action: string }[];
    expect(feed.map((entry) => entry.action)).toEqual(['observation.created', 'child.created']);
  });

  it('two servers on one database note a caregiver\u2019s view once an hour between them', async () => {
    const { parent, child, reader } = await sharedChild('viewer');
    const views = async () =>
      ((await as(parent, 'GET', `/api/audit?childId=${child}`)).body as { action: string }[]).filter(
        (entry) => entry.action === 'child.viewed',
      ).length;
    const view = (services: ReturnType<typeof servicesLike>) => services.children.scope(reader.userId, child, 'viewer', true);
    const one = servicesLike(server, {});
    const two = servicesLike(server, {});
    await Promise.all([view(one), view(two), view(one), view(two)]);
    expect(await views()).toBe(1);
    // An hour on, on either of them, the next view is noted again.
    const anHourOn = servicesLike(server, { now: () => new Date(Date.now() + 61 * 60_000) });
    await Promise.all([view(anHourOn), view(two)]);
    expect(await views()).toBe(2);
  });

  it('an invitation does not outlive its sender\u2019s role: lowering, removing or leaving withdraws it, and accepting checks the sender', async () => {
    const openInvitesOf = async (childId: number) =>
      ((await as(holder, 'GET', `/api/caregivers?childId=${childId}`)).body.invites as { id: number }[]).map((entry) => entry.id);
    const accessOf = async (person: Person) =>
      ((await as(person, 'GET', '/api/children')).body as { id: number; role: string }[]).map(({ id, role }) => ({ id, role }));
    const entryOf = async (childId: number, person: Person) =>
      ((await as(holder, 'GET', `/api/caregivers?childId=${childId}`)).body.caregivers as { id: number; email: string }[]).find(
        (entry) => entry.email === person.email,
      );

    // A co-owner of both children invites an address of their own as owner, then is lowered to viewer on Maya.
    const coOwner = await signUpParent(server);
    await join(coOwner, 'owner', [maya, leo]);
    const ownAddress = await signUpParent(server);
    const toBoth = await invite(coOwner, ownAddress.email, 'owner', [maya, leo]);
    expect(await openInvitesOf(maya)).toContain(toBoth.invite.id);
    const lowered = await as(holder, 'PUT', `/api/caregivers/${(await entryOf(maya, coOwner))?.id}?childId=${maya}`, { role: 'viewer' });
    expect(lowered.status).toBe(200);
    // The invitation no longer names Maya; Leo, where the sender is still an owner, stays.
    expect(await openInvitesOf(maya)).not.toContain(toBoth.invite.id);
    expect(await openInvitesOf(leo)).toContain(toBoth.invite.id);
    const preview = await as(ownAddress, 'POST', '/api/invites/preview', { token: tokenOf(toBoth.link) });
    expect(preview.body).toMatchObject({ role: 'owner', childFirstNames: ['Leo'] });
    const accepted = await as(ownAddress, 'POST', '/api/invites/accept', { token: tokenOf(toBoth.link) });
    expect(accepted.body).toEqual({ childIds: [leo], role: 'owner' });
    expect(await accessOf(ownAddress)).toEqual([{ id: leo, role: 'owner' }]);
    // The new account cannot bring the lowered co-owner back as an owner of Maya.
    expect((await as(ownAddress, 'POST', '/api/invites', { email: coOwner.email, role: 'owner', childIds: [maya] })).status).toBe(404);

    // Removed: the link they sent is withdrawn, and accepting it says why.
    const removed = await signUpParent(server);
    await join(removed, 'owner', [maya]);
    const fromRemoved = await invite(removed, 'their-other-address@example.com', 'owner', [maya]);
    expect((await as(holder, 'DELETE', `/api/caregivers/${(await entryOf(maya, removed))?.id}?childId=${maya}`)).status).toBe(200);
    expect(await openInvitesOf(maya)).not.toContain(fromRemoved.invite.id);
    const someone = await signUpParent(server);
    const late = await as(someone, 'POST', '/api/invites/accept', { token: tokenOf(fromRemoved.link) });
    expect(expectApiError(late, 404, 'NOT_FOUND').message).toBe('This invitation was cancelled. Ask the person who sent it for a new one.');
    expect(await accessOf(someone)).toEqual([]);

    // Left: the same.
    const leaving = await signUpParent(server);
    await join(leaving, 'owner', [maya]);
    const fromLeaving = await invite(leaving, 'another-address@example.com', 'updater', [maya]);
    expect((await as(leaving, 'POST', `/api/caregivers/leave?childId=${maya}`)).status).toBe(200);
    expect(await openInvitesOf(maya)).not.toContain(fromLeaving.invite.id);
    expect((await as(someone, 'POST', '/api/invites/accept', { token: tokenOf(fromLeaving.link) })).status).toBe(404);

    // An invitation still open although its sender's role fell (one sent before withdrawals existed):
    // accepting checks the sender's role now, child by child.
    const sender = await signUpParent(server);
    await join(sender, 'owner', [maya, leo]);
    const stale = await invite(sender, 'stale@example.com', 'owner', [maya, leo]);
    await server.db.updateTable('childAccess').set({ role: 'updater' }).where('userId', '=', sender.userId).execute();
    const staleAccept = await as(someone, 'POST', '/api/invites/accept', { token: tokenOf(stale.link) });
    expect(expectApiError(staleAccept, 404, 'NOT_FOUND').message).toBe(
      'The person who sent this invitation can no longer share these records, so it no longer works. Ask an owner for a new one.',
    );
    await server.db
      .updateTable('childAccess')
      .set({ role: 'owner' })
      .where('userId', '=', sender.userId)
      .where('childId', '=', leo)
      .execute();
    const partly = await as(someone, 'POST', '/api/invites/accept', { token: tokenOf(stale.link) });
    expect(partly.body).toEqual({ childIds: [leo], role: 'owner' });
    expect(await accessOf(someone)).toEqual([{ id: leo, role: 'owner' }]);
  });

  it('the audit log names records as they are now (edited: the new words; deleted: nothing) and a role change\u2019s two roles', async () => {
    const parent = await signUpParent(server);
    const child = (await as(parent, 'POST', '/api/children', { firstName: 'Ines', dateOfBirth: '2014-04-04' })).body.id as number;
    const q = `?childId=${child}`;
    const note = await as(parent, 'POST', `/api/observations${q}`, { ...observation, what: 'Skipped lunch' });
    expect((await as(parent, 'PUT', `/api/observations/${note.body.id}${q}`, { what: 'Ate half her lunch' })).status).toBe(200);
    const gone = await as(parent, 'POST', `/api/observations${q}`, { ...observation, what: 'A note written by mistake' });
    expect((await as(parent, 'DELETE', `/api/observations/${gone.body.id}${q}`)).status).toBe(200);
    const aunt = await signUpParent(server);
    const { link } = await invite(parent, aunt.email, 'viewer', [child]);
    await as(aunt, 'POST', '/api/invites/accept', { token: tokenOf(link) });
    const entry = ((await as(parent, 'GET', `/api/caregivers${q}`)).body.caregivers as { id: number; email: string }[]).find(
      (caregiver) => caregiver.email === aunt.email,
    );
    await as(parent, 'PUT', `/api/caregivers/${entry?.id}${q}`, { role: 'owner' });
    await as(parent, 'PUT', `/api/caregivers/${entry?.id}${q}`, { role: 'updater' });
    await as(parent, 'DELETE', `/api/caregivers/${entry?.id}${q}`);

    const audit = (await as(parent, 'GET', `/api/audit${q}`)).body as {
      action: string;
      subject: string | null;
      roleChange: { from: string; to: string } | null;
    }[];
    expect(audit.map(({ action, subject, roleChange }) => ({ action, subject, roleChange })).toReversed()).toEqual([
      { action: 'child.created', subject: null, roleChange: null },
      { action: 'observation.created', subject: 'Ate half her lunch', roleChange: null },
      { action: 'observation.updated', subject: 'Ate half her lunch', roleChange: null },
      { action: 'observation.created', subject: null, roleChange: null },
      { action: 'observation.deleted', subject: null, roleChange: null },
      { action: 'caregiver.invited', subject: aunt.email, roleChange: null },
      { action: 'caregiver.joined', subject: aunt.email, roleChange: null },
      { action: 'caregiver.role-changed', subject: aunt.email, roleChange: { from: 'viewer', to: 'owner' } },
      { action: 'caregiver.role-changed', subject: aunt.email, roleChange: { from: 'owner', to: 'updater' } },
      { action: 'caregiver.removed', subject: aunt.email, roleChange: null },
    ]);
    // Nothing of a deleted record was copied into the log.
    expect(JSON.stringify(audit)).not.toContain('written by mistake');
    expect(JSON.stringify(audit)).not.toContain('Skipped lunch');
  });

  it('an owner invited by the holder can delete the child for everyone', async () => {
    const parent = await signUpParent(server);
    const child = (await as(parent, 'POST', '/api/children', { firstName: 'Sam', dateOfBirth: '2017-07-07' })).body.id as number;
    const other = await signUpParent(server);
    const { link } = await invite(parent, other.email, 'owner', [child]);
    await as(other, 'POST', '/api/invites/accept', { token: tokenOf(link) });
    expect((await as(other, 'DELETE', `/api/children/${child}`)).status).toBe(200);
    expect((await as(parent, 'GET', '/api/children')).body).toEqual([]);
    expect(await server.db.selectFrom('childAccess').select('id').where('childId', '=', child).execute()).toEqual([]);
  });
});

describe('invitation mail and links', () => {
  let smtp: TestSmtp;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await smtp.close();
  });

  const inviteFrom = async (options: { appOrigin?: string }, email: string) => {
    const server = await startTestServer({ engine: ENGINES[0] ?? 'pglite', smtpUrl: smtp.url, ...options });
    servers.push(server);
    const parent = await signUpParent(server);
    const child = (await api(server, 'POST', '/api/children', { token: parent.token, json: validChild })).body.id as number;
    const created = await api(server, 'POST', '/api/invites', { token: parent.token, json: { email, role: 'viewer', childIds: [child] } });
    expect(created.status).toBe(201);
    return created.body as { link: string; linkFromAppOrigin: boolean; emailed: boolean; notEmailedBecause: string | null };
  };

  it('with mail but no APP_ORIGIN, the invitation is not emailed (its link would name this machine) and says why', async () => {
    const created = await inviteFrom({}, 'no-origin@example.com');
    expect(created).toMatchObject({ emailed: false, notEmailedBecause: 'no-app-origin', linkFromAppOrigin: false });
    // Nothing reached the mail server for that address.
    await expect(smtp.next((mail) => mail.to.includes('no-origin@example.com'), 1_000)).rejects.toThrow(/no matching mail arrived/);
  });

  it('with mail and APP_ORIGIN, the emailed link and the one shown are at APP_ORIGIN', async () => {
    const created = await inviteFrom({ appOrigin: 'https://trelli.example.org' }, 'with-origin@example.com');
    expect(created).toMatchObject({ emailed: true, notEmailedBecause: null, linkFromAppOrigin: true });
    expect(created.link).toMatch(/^https:\/\/trelli\.example\.org\/app\/invite#[A-Za-z0-9_-]{43}$/);
    const mail = await smtp.next((received) => received.to.includes('with-origin@example.com'));
    expect(mail.links).toEqual([created.link]);
  });
});
