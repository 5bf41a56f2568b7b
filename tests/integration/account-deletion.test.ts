import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../../server/core/jobs.ts';
import { addressesOf, everyTable, fingerprintExcept, rowsOfAccount, type AccountMarks } from '../helpers/account-scan.ts';
import { tokenOf } from '../helpers/caregivers.ts';
import { buildFullAccount, type FullAccount } from '../helpers/full-account.ts';
import { callerFor, expectApiError, trpcError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { storedKeys } from '../helpers/test-vault.ts';

/** The export job as the queue knows it (name and data), to leave one of the account's jobs waiting. */
const waitingExportJob = defineJob({
  name: 'account-data.export',
  schema: z.object({ exportId: z.number().int(), ownerId: z.string() }),
  handle: async () => {},
});

const marksOf = (account: FullAccount): AccountMarks => ({ userId: account.userId, emails: [account.email], childIds: account.childIds });

async function objectKeysOf(server: TestServer, ownerId: string): Promise<string[]> {
  const rows = await server.db.selectFrom('storedObjects').select('objectKey').where('ownerId', '=', ownerId).execute();
  return rows.map((row) => row.objectKey).sort();
}

describe.each(ENGINES)('delete everything on %s', (engine) => {
  let server: TestServer;
  let doomed: FullAccount;
  let other: FullAccount;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    doomed = await buildFullAccount(server);
    other = await buildFullAccount(server);
    // A message through the public contact form from the doomed parent's address.
    const contact = await api(server, 'POST', '/api/contact', {
      json: {
        name: 'Doomed parent',
        email: doomed.email.toUpperCase(),
        topic: 'question',
        message: 'Hello there, I have a question about my account.',
      },
    });
    if (contact.status !== 201) throw new Error(`the contact message was refused: ${contact.status} ${contact.text}`);
  }, 180_000);
  afterAll(() => server?.close());

  it('a wrong or missing confirmation deletes nothing (REST and tRPC)', async () => {
    const tables = await everyTable(server.db);
    const before = await fingerprintExcept(server.db, tables, null);
    expectApiError(await api(server, 'DELETE', '/api/account', { token: doomed.token, json: { confirm: 'delete' } }), 400, 'BAD_REQUEST');
    expectApiError(await api(server, 'DELETE', '/api/account', { token: doomed.token, json: {} }), 400, 'BAD_REQUEST');
    expectApiError(await api(server, 'DELETE', '/api/account', { token: doomed.token }), 400, 'BAD_REQUEST');
    const error = await trpcError(callerFor(server.services, doomed.userId).accountData.deleteAccount({ confirm: 'yes' } as never));
    expect(error.code).toBe('BAD_REQUEST');
    const after = await fingerprintExcept(server.db, tables, null);
    const publicOnly = (prints: Record<string, string>) =>
      Object.fromEntries(Object.entries(prints).filter(([name]) => name.startsWith('public.')));
    expect(publicOnly(after)).toEqual(publicOnly(before));
  });

  it('removes every row, file, session and job of the account, in every schema, and nothing of anyone else', async () => {
    // One of the account's jobs still waiting (an export due in an hour).
    const exportRow = await server.db.selectFrom('exports').select('id').where('ownerId', '=', doomed.userId).executeTakeFirstOrThrow();
    await server.services.jobs.send(waitingExportJob, { exportId: exportRow.id, ownerId: doomed.userId }, { startAfterSeconds: 3600 });
    await server.services.documents.idle();
    await server.services.jobs.idle();
    await server.vault.files.purge();

    const tables = await everyTable(server.db);
    expect(tables.map((ref) => `${ref.schema}.${ref.table}`)).toEqual(
      expect.arrayContaining(['public.users', 'public.exports', 'pgboss.job']),
    );
    // Every address the account is known by, not only its sign-in email.
    const doomedMarks = { ...marksOf(doomed), emails: await addressesOf(server.db, doomed.userId) };
    // The scan sees the account everywhere it lives before the deletion...
    const before = await rowsOfAccount(server.db, tables, doomedMarks);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'public.users',
        'public.sessions',
        'public.children',
        'public.observations',
        'public.goals',
        'public.progress_entries',
        'public.strategies',
        'public.strategy_goals',
        'public.milestones',
        'public.dismissed_milestones',
        'public.documents',
        'public.document_goals',
        'public.stored_objects',
        'public.exports',
        'public.activities',
        'public.contact_messages',
        'public.child_access',
        'public.invites',
        'public.invite_children',
        'public.share_links',
        'public.snapshots',
        'pgboss.job',
      ]),
    );
    const doomedKeys = await objectKeysOf(server, doomed.userId);
    const otherKeys = await objectKeysOf(server, other.userId);
    expect(doomedKeys.length).toBeGreaterThanOrEqual(doomed.documents.length + 1);
    const keysBefore = await storedKeys(server.vault);
    expect(keysBefore).toEqual(expect.arrayContaining([...doomedKeys, ...otherKeys]));
    // Other schemas change by themselves (pg-boss's queue bookkeeping); the application's must not.
    const appTables = tables.filter((ref) => ref.schema === 'public');
    const othersBefore = await fingerprintExcept(server.db, appTables, doomedMarks);

    const deleted = await api(server, 'DELETE', '/api/account', { token: doomed.token, json: { confirm: 'DELETE' } });
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { deleted: true } });
    // The snapshot link the account shared stops at once.
    const [link] = doomed.created.shareLinks as { token: string }[];
    expect((await api(server, 'POST', '/api/shared/snapshot', { json: { token: link?.token } })).status).toBe(404);

    // ...and finds nothing of it after.
    expect(await rowsOfAccount(server.db, tables, doomedMarks)).toEqual({});
    const keysAfter = await storedKeys(server.vault);
    expect(keysAfter.filter((key) => doomedKeys.includes(key))).toEqual([]);
    expect(keysAfter).toEqual(expect.arrayContaining(otherKeys));
    // Nobody else's row changed, and the other parent's files still read back byte for byte.
    expect(await fingerprintExcept(server.db, appTables, null)).toEqual(othersBefore);
    for (const document of other.documents) {
      const response = await fetch(`${server.url}/api/documents/${document.id}/content?childId=${document.childId}`, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect({ title: document.title, same: Buffer.from(await response.arrayBuffer()).equals(document.bytes) }).toEqual({
        title: document.title,
        same: true,
      });
    }
    expect((await other.call('GET', '/exports')).body).toHaveLength(1);
    // The doomed parent's caregiver lost the shared child and kept their own.
    const [caregiver] = doomed.created.caregivers as { token: string; ownChildId: number }[];
    const theirs = (await api(server, 'GET', '/api/children', { token: caregiver?.token })).body as { id: number }[];
    expect(theirs.map((child) => child.id)).toEqual([caregiver?.ownChildId]);
  }, 60_000);

  it('an invitation the account accepted forgets the address it went to; the inviter keeps the invitation', async () => {
    const inviter = await signUpParentWithChild(server);
    const invitee = await signUpParentWithChild(server);
    const alias = `invitee.alias.${engine}@example.com`;
    const sent = await inviter.call('POST', '/invites', { email: alias, role: 'viewer', childIds: [inviter.childId] });
    const accepted = await api(server, 'POST', '/api/invites/accept', { token: invitee.token, json: { token: tokenOf(sent.body.link) } });
    expect(accepted.status).toBe(200);
    const marks: AccountMarks = {
      userId: invitee.userId,
      emails: await addressesOf(server.db, invitee.userId),
      childIds: [invitee.childId],
    };
    expect(marks.emails).toEqual([alias, invitee.email.toLowerCase()].sort());
    const tables = await everyTable(server.db);
    expect(Object.keys(await rowsOfAccount(server.db, tables, marks))).toEqual(expect.arrayContaining(['public.invites']));

    const deleted = await api(server, 'DELETE', '/api/account', { token: invitee.token, json: { confirm: 'DELETE' } });
    expect(deleted.status).toBe(200);
    expect(await rowsOfAccount(server.db, tables, marks)).toEqual({});
    // The inviter's record of sending it stays (and goes into their export) without the address.
    const kept = await server.db.selectFrom('invites').select(['email', 'acceptedAt']).where('id', '=', sent.body.invite.id).execute();
    expect(kept).toEqual([{ email: null, acceptedAt: expect.any(Date) }]);
  });

  it('afterwards the old token answers 401, signing in fails, and the session cookie gives no token', async () => {
    expectApiError(await api(server, 'GET', '/api/children', { token: doomed.token }), 401, 'UNAUTHORIZED');
    expectApiError(await api(server, 'GET', '/api/exports', { token: doomed.token }), 401, 'UNAUTHORIZED');
    const signIn = await api(server, 'POST', '/api/auth/sign-in', { json: { email: doomed.email, password: doomed.password } });
    expectApiError(signIn, 401, 'UNAUTHORIZED');
    // The email is free again: a new account with it starts empty.
    const again = await api(server, 'POST', '/api/auth/sign-up', { json: { email: doomed.email, password: doomed.password } });
    expect(again.status).toBe(201);
    expect((await api(server, 'GET', '/api/children', { token: again.body.token })).body).toEqual([]);
  });

  it('through tRPC too, and a second deletion with the same token is a 401', async () => {
    const parent = await signUpParentWithChild(server);
    await parent.call('POST', '/observations', { what: 'Last one' });
    expect(await callerFor(server.services, parent.userId).accountData.deleteAccount({ confirm: 'DELETE' })).toEqual({ deleted: true });
    expect(
      await rowsOfAccount(server.db, await everyTable(server.db), {
        userId: parent.userId,
        emails: [parent.email],
        childIds: [parent.childId],
      }),
    ).toEqual({});
    expectApiError(await api(server, 'DELETE', '/api/account', { token: parent.token, json: { confirm: 'DELETE' } }), 401, 'UNAUTHORIZED');
  });
});
