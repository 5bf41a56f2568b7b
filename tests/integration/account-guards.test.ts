/**
 * Guards around an account's data (issue 8): metadata size and depth, a childCount that parallel
 * changes cannot corrupt, a deleted account's token, and a duplicate sign-up that raises no error in the database.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_LIMITS } from '#shared/schemas/account.ts';
import { ACCOUNT_RECHECK_MS } from '../../server/auth/local.ts';
import { insertUser } from '../../server/features/accounts/accounts.repository.ts';
import { insertChild } from '../../server/features/children/children.repository.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { countChildren, expectApiError } from '../helpers/integration-kit.ts';

/** `{"a": {"a": ... 1}}` nested `depth` objects deep, built without recursion. */
function nested(depth: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value as Record<string, unknown>;
}

describe.each(ENGINES)('account guards on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  const patch = (token: string, unsafeMetadata: unknown) =>
    api(server, 'PATCH', '/api/auth/me/metadata', { token, json: { unsafeMetadata } });
  const me = async (token: string) => (await api(server, 'GET', '/api/auth/me', { token })).body;

  describe('PATCH /api/auth/me/metadata limits', () => {
    it(`the merged metadata may reach ${METADATA_LIMITS.bytes} bytes of JSON; a patch that would pass it is 413 and changes nothing`, async () => {
      const parent = await signUpParent(server);
      // {"note":"xx…"} is the text plus 11 bytes; "é" is two bytes in UTF-8.
      const atLimit = { note: `é${'x'.repeat(METADATA_LIMITS.bytes - 13)}` };
      expect((await patch(parent.token, atLimit)).status).toBe(200);
      expect(new TextEncoder().encode(JSON.stringify((await me(parent.token)).unsafeMetadata)).length).toBe(METADATA_LIMITS.bytes);

      const over = expectApiError(await patch(parent.token, { b: 1 }), 413, 'PAYLOAD_TOO_LARGE');
      expect(over.message).toContain(`${METADATA_LIMITS.bytes / 1024} KB`);
      expect((await me(parent.token)).unsafeMetadata).toStrictEqual(atLimit);

      const described = (await api(server, 'GET', '/api/openapi.json')).body.paths['/api/auth/me/metadata'].patch.responses;
      expect(described['413'].description).toContain(`${METADATA_LIMITS.bytes / 1024} KB`);
    });

    it('patches that are each small cannot add up past the limit (three 600 KB patches left /me at 1.8 MB)', async () => {
      const parent = await signUpParent(server);
      const piece = 'x'.repeat(Math.floor(METADATA_LIMITS.bytes / 3));
      const statuses = [];
      for (const key of ['a', 'b', 'c', 'd']) statuses.push((await patch(parent.token, { [key]: piece })).status);
      expect(statuses).toEqual([200, 200, 413, 413]);
      const big = await patch(parent.token, { big: 'x'.repeat(600 * 1024) });
      expectApiError(big, 413, 'PAYLOAD_TOO_LARGE');
      const meText = (await api(server, 'GET', '/api/auth/me', { token: parent.token })).text;
      expect(meText.length).toBeLessThan(METADATA_LIMITS.bytes + 500);
    });

    it('removing keys is allowed even when the stored metadata is already over the limit', async () => {
      const parent = await signUpParent(server);
      const oversized = { old: 'x'.repeat(METADATA_LIMITS.bytes * 2), keep: true };
      await server.db
        .updateTable('users')
        .set({ unsafeMetadata: JSON.stringify(oversized) })
        .where('id', '=', parent.userId)
        .execute();
      expectApiError(await patch(parent.token, { more: 1 }), 413, 'PAYLOAD_TOO_LARGE');
      const shrunk = await patch(parent.token, { old: null });
      expect(shrunk.status).toBe(200);
      expect(shrunk.body.unsafeMetadata).toStrictEqual({ keep: true });
    });

    it(`metadata may nest ${METADATA_LIMITS.depth} levels; one more is 400 naming unsafeMetadata, and nothing changes`, async () => {
      const parent = await signUpParent(server);
      expect((await patch(parent.token, nested(METADATA_LIMITS.depth))).status).toBe(200);
      const tooDeep = expectApiError(await patch(parent.token, { x: nested(METADATA_LIMITS.depth) }), 400, 'BAD_REQUEST');
      expect(tooDeep.issues?.map((issue) => issue.path)).toEqual(['unsafeMetadata']);
      expect(tooDeep.issues?.[0]?.message).toContain(`${METADATA_LIMITS.depth} levels`);
      expect((await me(parent.token)).unsafeMetadata).toStrictEqual(nested(METADATA_LIMITS.depth));
    });

    it.each([2_500, 100_000])('metadata nested %i levels deep is a 400, not a 500', async (depth) => {
      const parent = await signUpParent(server);
      // Written by hand: JSON.stringify recurses, and 100,000 levels would overflow the test's own stack.
      const objects = `{"unsafeMetadata":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
      const arrays = `{"unsafeMetadata":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
      for (const body of [objects, arrays]) {
        const response = await api(server, 'PATCH', '/api/auth/me/metadata', {
          token: parent.token,
          body,
          headers: { 'content-type': 'application/json' },
        });
        expectApiError(response, 400, 'BAD_REQUEST');
      }
      expect((await me(parent.token)).unsafeMetadata).toStrictEqual({});
    });
  });

  describe('childCount under parallel changes', () => {
    it('20 parallel creates make it 20; 10 parallel deletes make it 10', async () => {
      const parent = await signUpParent(server);
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          api(server, 'POST', '/api/children', { token: parent.token, json: { ...validChild, firstName: `Child ${index}` } }),
        ),
      );
      expect(created.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 201));
      expect((await me(parent.token)).publicMetadata).toStrictEqual({ childCount: 20, hasCompletedOnboarding: true });

      const deleted = await Promise.all(
        created.slice(0, 10).map((response) => api(server, 'DELETE', `/api/children/${response.body.id}`, { token: parent.token })),
      );
      expect(deleted.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(await countChildren(server.db, parent.userId)).toBe(10);
      expect((await me(parent.token)).publicMetadata).toStrictEqual({ childCount: 10, hasCompletedOnboarding: true });
    }, 30_000);
  });

  describe('an account whose row is gone', () => {
    it('its token is 401 on every authenticated path, REST and tRPC, and writes no child', async () => {
      const parent = await signUpParent(server);
      const child = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
      expect(child.status).toBe(201);
      await server.db.deleteFrom('users').where('id', '=', parent.userId).execute();
      // The account's children went with it.
      expect(await countChildren(server.db, parent.userId)).toBe(0);

      const { token } = parent;
      // Writes lock the account's row and are refused at once, even while its existence is still trusted.
      const writesAtOnce = {
        create: await api(server, 'POST', '/api/children', { token, json: validChild }),
        trpcCreate: await api(server, 'POST', '/api/trpc/children.create', { token, json: { json: validChild } }),
        metadata: await api(server, 'PATCH', '/api/auth/me/metadata', { token, json: { unsafeMetadata: { a: 1 } } }),
      };
      expect(Object.values(writesAtOnce).map((response) => response.status)).toEqual([401, 401, 401]);
      expect(await countChildren(server.db, parent.userId)).toBe(0);

      // After ACCOUNT_RECHECK_MS the token's account is looked up again: 401 everywhere.
      await new Promise((resolve) => setTimeout(resolve, ACCOUNT_RECHECK_MS + 50));
      const calls = {
        me: await api(server, 'GET', '/api/auth/me', { token }),
        metadata: await api(server, 'PATCH', '/api/auth/me/metadata', { token, json: { unsafeMetadata: { a: 1 } } }),
        list: await api(server, 'GET', '/api/children', { token }),
        create: await api(server, 'POST', '/api/children', { token, json: validChild }),
        byId: await api(server, 'GET', `/api/children/${child.body.id}`, { token }),
        goals: await api(server, 'GET', `/api/goals?childId=${child.body.id}`, { token }),
        trpcList: await api(server, 'GET', '/api/trpc/children.list', { token }),
        trpcCreate: await api(server, 'POST', '/api/trpc/children.create', { token, json: { json: validChild } }),
      };
      const statuses = Object.fromEntries(Object.entries(calls).map(([name, response]) => [name, response.status]));
      expect(statuses).toEqual(Object.fromEntries(Object.keys(calls).map((name) => [name, 401])));
      expect(await countChildren(server.db, parent.userId)).toBe(0);
    });

    it('the database refuses a child whose owner has no account row', async () => {
      await expect(insertChild(server.db, 'user_nobody_here', validChild)).rejects.toMatchObject({ code: '23503' });
      expect(await countChildren(server.db, 'user_nobody_here')).toBe(0);
    });
  });

  describe('duplicate sign-up', () => {
    it('is a conflict the insert expects: no error is raised in the database (so none is logged there)', async () => {
      const email = `twice-${Date.now()}@example.com`;
      await server.db.transaction().execute(async (trx) => {
        const first = await insertUser(trx, { id: `user_first${Date.now()}`, email, passwordHash: 'x' });
        expect(first?.email).toBe(email);
        // A unique violation would abort the transaction, and the query after it would fail.
        expect(await insertUser(trx, { id: `user_second${Date.now()}`, email: email.toUpperCase(), passwordHash: 'y' })).toBeUndefined();
        expect((await sql<{ one: number }>`select 1 as one`.execute(trx)).rows).toEqual([{ one: 1 }]);
      });
      expectApiError(
        await api(server, 'POST', '/api/auth/sign-up', { json: { email, password: 'a long enough password' } }),
        409,
        'CONFLICT',
      );
    });
  });
});
