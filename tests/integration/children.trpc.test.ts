import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { TRPC_MAX_BATCH_SIZE } from '../../server/app.ts';
import type { AppRouter } from '../../server/trpc/root.ts';
import { toIssues } from '#shared/api-error.ts';
import type { Child } from '#shared/schemas/child.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { callerFor, childRow, countChildren, isoDay, trpcError } from '../helpers/integration-kit.ts';
import { clientError, clientIssues, typedClient } from '../helpers/trpc-client.ts';

describe.each(ENGINES)('tRPC children router on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  describe('through createCaller', () => {
    it('create, list, byId, update and delete for the signed-in parent', async () => {
      const parent = await signUpParent(server);
      const caller = callerFor(server.services, parent.userId);

      expect(await caller.children.list()).toStrictEqual([]);

      const created = await caller.children.create({ ...validChild, diagnoses: ['ADHD'], avatarColor: '#B5D5D0' });
      expect(created).toMatchObject({ ...validChild, diagnoses: ['ADHD'], avatarColor: '#B5D5D0', strengths: [], lastName: null });
      expect(created.id).toBeGreaterThan(0);
      expect(created.ageYears).toBeGreaterThanOrEqual(10);
      expect((await childRow(server.db, created.id))?.ownerId).toBe(parent.userId);

      expect(await caller.children.list()).toStrictEqual([created]);
      expect(await caller.children.byId({ id: created.id })).toStrictEqual(created);

      const updated = await caller.children.update({ id: created.id, data: { school: 'Hillside', diagnoses: [] } });
      expect(updated).toMatchObject({ id: created.id, school: 'Hillside', diagnoses: [], firstName: validChild.firstName });
      expect(await caller.children.byId({ id: created.id })).toStrictEqual(updated);

      expect(await caller.children.delete({ id: created.id })).toStrictEqual({ id: created.id, deleted: true, exportsWithdrawn: 0 });
      expect(await caller.children.list()).toStrictEqual([]);
    });

    it('the REST shim and the router serve the same child', async () => {
      const parent = await signUpParent(server);
      const created = await callerFor(server.services, parent.userId).children.create({ ...validChild, notes: 'Same data both ways' });
      const viaRest = await api(server, 'GET', `/api/children/${created.id}`, { token: parent.token });
      expect(viaRest.body).toStrictEqual(created);
    });

    it('every children procedure answers UNAUTHORIZED when userId is null, and writes nothing', async () => {
      const owner = await signUpParent(server);
      const child = await callerFor(server.services, owner.userId).children.create(validChild);
      const anonymous = callerFor(server.services, null);
      const before = await countChildren(server.db);
      const calls: (() => Promise<unknown>)[] = [
        () => anonymous.children.list(),
        () => anonymous.children.byId({ id: child.id }),
        () => anonymous.children.create(validChild),
        () => anonymous.children.update({ id: child.id, data: { firstName: 'Anon' } }),
        () => anonymous.children.delete({ id: child.id }),
      ];
      for (const call of calls) {
        const error = await trpcError(call());
        expect(error.code).toBe('UNAUTHORIZED');
      }
      expect(await countChildren(server.db)).toBe(before);
      expect((await childRow(server.db, child.id))?.firstName).toBe(validChild.firstName);
    });

    it('BAD_REQUEST carries the zod error (flattened: field paths, unknown keys by name) and nothing is written', async () => {
      const parent = await signUpParent(server);
      const caller = callerFor(server.services, parent.userId);
      const existing = await caller.children.create(validChild);
      const rowBefore = await childRow(server.db, existing.id);
      const before = await countChildren(server.db);

      const cases: [() => Promise<unknown>, string[]][] = [
        [() => caller.children.create({ firstName: '', dateOfBirth: isoDay(1) }), ['firstName', 'dateOfBirth']],
        // @ts-expect-error unknown keys are rejected at runtime as well as by the types
        [() => caller.children.create({ ...validChild, ownerId: 'user_x' }), ['ownerId']],
        [() => caller.children.create({ ...validChild, diagnoses: Array.from({ length: 21 }, () => 'x') }), ['diagnoses']],
        [() => caller.children.update({ id: existing.id, data: {} }), ['data']],
        [() => caller.children.update({ id: existing.id, data: { avatarColor: 'blue' } }), ['data.avatarColor']],
        [() => caller.children.byId({ id: 1.5 }), ['id']],
        [() => caller.children.delete({ id: -3 }), ['id']],
      ];
      for (const [call, paths] of cases) {
        const error = await trpcError(call());
        expect(error.code).toBe('BAD_REQUEST');
        expect(error.cause).toBeInstanceOf(ZodError);
        const zodPaths = toIssues(error.cause as ZodError).map((issue) => issue.path);
        for (const path of paths) expect(zodPaths).toContain(path);
      }
      expect(await countChildren(server.db)).toBe(before);
      expect(await childRow(server.db, existing.id)).toEqual(rowBefore);
    });

    it('another parent’s child is NOT_FOUND for byId, update and delete, and stays unchanged', async () => {
      const owner = await signUpParent(server);
      const stranger = await signUpParent(server);
      const child = await callerFor(server.services, owner.userId).children.create({ ...validChild, notes: 'private' });
      const rowBefore = await childRow(server.db, child.id);
      const caller = callerFor(server.services, stranger.userId);

      for (const call of [
        () => caller.children.byId({ id: child.id }),
        () => caller.children.update({ id: child.id, data: { notes: 'overwritten' } }),
        () => caller.children.delete({ id: child.id }),
      ]) {
        const error = await trpcError(call());
        expect(error.code).toBe('NOT_FOUND');
      }
      expect(await caller.children.list()).toStrictEqual([]);
      expect(await childRow(server.db, child.id)).toEqual(rowBefore);
    });
  });

  describe('over real HTTP with @trpc/client', () => {
    it('the typed client creates, lists and fetches a child end to end (superjson, bearer token)', async () => {
      const parent = await signUpParent(server);
      const client = typedClient(server, parent.token);
      const created: Child = await client.children.create.mutate({ ...validChild, interests: ['Trains'] });
      expect(created).toMatchObject({ ...validChild, interests: ['Trains'] });
      const [list, one] = await Promise.all([client.children.list.query(), client.children.byId.query({ id: created.id })]);
      expect(list).toStrictEqual([created]);
      expect(one).toStrictEqual(created);
      const firstName: string = one.firstName;
      expect(firstName).toBe(validChild.firstName);

      const flags = await client.featureFlags.get.query();
      expect(flags.flags.FLAG_ROADMAP_V2_6MO).toBe(true);
    });

    it('validation errors arrive flattened for forms: BAD_REQUEST, 400, issues with field paths', async () => {
      const parent = await signUpParent(server);
      const before = await countChildren(server.db);
      const error = await clientError(
        typedClient(server, parent.token).children.create.mutate({ firstName: ' ', dateOfBirth: '2023-02-29', diagnoses: [''] }),
      );
      expect(error.data?.code).toBe('BAD_REQUEST');
      expect(error.data?.httpStatus).toBe(400);
      expect(error.message).toBe('Some fields need attention');
      const issues = clientIssues(error);
      expect(issues.map((issue) => issue.path).sort()).toEqual(['dateOfBirth', 'diagnoses.0', 'firstName']);
      expect(issues.find((issue) => issue.path === 'dateOfBirth')?.message).toMatch(/does not exist/);
      expect(await countChildren(server.db)).toBe(before);
    });

    it('without a token the client gets UNAUTHORIZED (401)', async () => {
      const error = await clientError(typedClient(server).children.list.query());
      expect(error.data?.code).toBe('UNAUTHORIZED');
      expect(error.data?.httpStatus).toBe(401);
    });

    it('another parent’s child is NOT_FOUND (404) over HTTP', async () => {
      const owner = await signUpParent(server);
      const stranger = await signUpParent(server);
      const child = await typedClient(server, owner.token).children.create.mutate(validChild);
      const error = await clientError(typedClient(server, stranger.token).children.byId.query({ id: child.id }));
      expect(error.data?.code).toBe('NOT_FOUND');
      expect(error.data?.httpStatus).toBe(404);
    });

    it(`a batch of ${TRPC_MAX_BATCH_SIZE} calls is served; one more is rejected whole and writes nothing`, async () => {
      const parent = await signUpParent(server);
      const client = typedClient(server, parent.token);

      const allowed = await Promise.all(Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => client.children.list.query()));
      expect(allowed).toHaveLength(TRPC_MAX_BATCH_SIZE);

      const before = await countChildren(server.db, parent.userId);
      const tooMany = await Promise.allSettled(
        Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, (_, i) => client.children.create.mutate({ ...validChild, firstName: `Kid ${i}` })),
      );
      expect(tooMany.every((result) => result.status === 'rejected')).toBe(true);
      const reason = (tooMany[0] as PromiseRejectedResult).reason as TRPCClientError<AppRouter>;
      expect(reason).toBeInstanceOf(TRPCClientError);
      expect(reason.data?.code).toBe('BAD_REQUEST');
      expect(await countChildren(server.db, parent.userId)).toBe(before);

      const tooManyQueries = await Promise.allSettled(Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => client.children.list.query()));
      expect(tooManyQueries.every((result) => result.status === 'rejected')).toBe(true);
    });

    it('a raw batch POST above the limit is answered 400 in JSON', async () => {
      const parent = await signUpParent(server);
      const paths = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'children.create').join(',');
      const input = Object.fromEntries(
        Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, (_, i) => [String(i), { json: { ...validChild, firstName: `Raw ${i}` } }]),
      );
      const response = await api(server, 'POST', `/api/trpc/${paths}?batch=1`, { token: parent.token, json: input });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('BAD_REQUEST');
      expect(await countChildren(server.db, parent.userId)).toBe(0);
    });
  });
});
