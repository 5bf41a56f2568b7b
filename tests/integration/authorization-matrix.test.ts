/**
 * The authorization matrix, read from the router and the Express stack themselves: a tRPC procedure
 * or a REST route added later without protection fails here without anyone editing this file.
 */
import type { AnyRouter } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../server/services.ts';
import { childProcedure, createCallerFactory, publicProcedure, router } from '../../server/trpc/init.ts';
import { appRouter } from '../../server/trpc/root.ts';
import type { Meta } from '../../server/trpc/init.ts';
import { routesOf, type LayerLike, type RouteEntry } from '../helpers/express-routes.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { callerFor, expectApiError, expressAppOf } from '../helpers/integration-kit.ts';
import { createInnerContext } from '../../server/trpc/context.ts';

interface ProcedureEntry {
  path: string;
  type: string;
  access: Meta['access'] | undefined;
}

/** Every procedure of a router, flattened to its dotted path, with its declared access (undefined when it has no meta). */
function proceduresOf(someRouter: AnyRouter): ProcedureEntry[] {
  const procedures = someRouter._def.procedures as Record<string, { _def: { type: string; meta?: Partial<Meta> } }>;
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    access: procedure._def.meta?.access,
  }));
}

/** Calls a procedure by its dotted path through a caller. */
async function callByPath(caller: unknown, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

async function errorCodeOf(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'OK';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

interface MatrixInput {
  services: Services;
  /** Parent A owns `childId`; parent B is a stranger to it. */
  parentA: string;
  parentB: string;
  childId: number;
}

/**
 * Walks a router and answers, per procedure, what anonymous and stranger calls got.
 * Non-public procedures (and ones with no meta at all) must be UNAUTHORIZED anonymously;
 * child procedures must be NOT_FOUND for a parent who does not own the child.
 */
async function authorizationViolations(someRouter: AnyRouter, input: MatrixInput): Promise<string[]> {
  const createCaller = createCallerFactory(someRouter);
  const anonymous = createCaller(createInnerContext({ services: input.services, userId: null }));
  const stranger = createCaller(createInnerContext({ services: input.services, userId: input.parentB }));
  const violations: string[] = [];
  for (const procedure of proceduresOf(someRouter)) {
    if (procedure.access !== 'public') {
      for (const anonymousInput of [{}, undefined, { childId: input.childId, id: input.childId }]) {
        const code = await errorCodeOf(() => callByPath(anonymous, procedure.path, anonymousInput));
        if (code !== 'UNAUTHORIZED')
          violations.push(`${procedure.path} (${String(procedure.access)}) anonymous with ${JSON.stringify(anonymousInput)}: ${code}`);
      }
    }
    if (procedure.access === 'child') {
      const code = await errorCodeOf(() => callByPath(stranger, procedure.path, { childId: input.childId }));
      if (code !== 'NOT_FOUND') violations.push(`${procedure.path} (child) called by a stranger: ${code}`);
    }
  }
  return violations;
}

describe('the tRPC router declares who may call each procedure', () => {
  it('the walk finds the procedures, and every one says its access', () => {
    const procedures = proceduresOf(appRouter);
    const paths = procedures.map((procedure) => procedure.path);
    for (const known of [
      'featureFlags.get',
      'config.auth',
      'children.list',
      'children.byId',
      'children.create',
      'children.update',
      'children.delete',
    ]) {
      expect(paths).toContain(known);
    }
    expect(procedures.find((procedure) => procedure.path === 'children.create')).toEqual({
      path: 'children.create',
      type: 'mutation',
      access: 'signed-in',
    });
    expect(procedures.find((procedure) => procedure.path === 'children.list')?.type).toBe('query');
    const publicPaths = procedures.filter((procedure) => procedure.access === 'public').map((procedure) => procedure.path);
    expect(publicPaths).toEqual(expect.arrayContaining(['config.auth', 'featureFlags.get']));
    expect(publicPaths.filter((path) => path.startsWith('children.'))).toEqual([]);
  });
});

describe.each(ENGINES)('authorization matrix on %s', (engine) => {
  let server: TestServer;
  let parentA: Awaited<ReturnType<typeof signUpParent>>;
  let parentB: Awaited<ReturnType<typeof signUpParent>>;
  let childId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    parentA = await signUpParent(server);
    parentB = await signUpParent(server);
    childId = (await callerFor(server.services, parentA.userId).children.create(validChild)).id;
  });
  afterAll(() => server.close());

  const matrixInput = () => ({ services: server.services, parentA: parentA.userId, parentB: parentB.userId, childId });

  describe('tRPC procedures (walked from appRouter._def.procedures)', () => {
    it('every non-public procedure is UNAUTHORIZED for an anonymous caller; every child procedure is NOT_FOUND for a stranger', async () => {
      expect(await authorizationViolations(appRouter, matrixInput())).toEqual([]);
    });

    it('public procedures answer an anonymous caller (never UNAUTHORIZED)', async () => {
      const anonymous = callerFor(server.services, null);
      const publicProcedures = proceduresOf(appRouter).filter((entry) => entry.access === 'public');
      expect(publicProcedures.length).toBeGreaterThanOrEqual(2);
      const refused: string[] = [];
      for (const procedure of publicProcedures) {
        if ((await errorCodeOf(() => callByPath(anonymous, procedure.path, undefined))) === 'UNAUTHORIZED') refused.push(procedure.path);
      }
      expect(refused).toEqual([]);
      expect(await anonymous.featureFlags.get()).toHaveProperty('flags');
    });

    it('the child branch works: childProcedure answers its owner, NOT_FOUND for a stranger, UNAUTHORIZED anonymously', async () => {
      const probe = router({ probe: { childScoped: childProcedure.query(() => 'reached') } });
      const callers = createCallerFactory(probe);
      const owner = callers(createInnerContext({ services: server.services, userId: parentA.userId }));
      expect(await owner.probe.childScoped({ childId })).toBe('reached');
      expect(proceduresOf(probe)).toEqual([{ path: 'probe.childScoped', type: 'query', access: 'child' }]);
      // The matrix walk exercises the child branch on this router and finds nothing wrong...
      expect(await authorizationViolations(probe, matrixInput())).toEqual([]);
      // ...and a missing child is NOT_FOUND too, so existence is not revealed.
      expect(await errorCodeOf(() => owner.probe.childScoped({ childId: 2_147_483_647 }))).toBe('NOT_FOUND');
    });

    it('the walk catches a procedure that claims protection without enforcing it', async () => {
      const leaky = router({
        leaks: {
          claimsSignedIn: publicProcedure.meta({ access: 'signed-in' }).query(() => 'secret'),
          claimsChild: publicProcedure.meta({ access: 'child' }).query(() => 'secret'),
        },
      });
      const violations = await authorizationViolations(leaky, matrixInput());
      expect(violations.some((violation) => violation.startsWith('leaks.claimsSignedIn'))).toBe(true);
      expect(violations.some((violation) => violation.startsWith('leaks.claimsChild (child) called by a stranger'))).toBe(true);
    });
  });

  describe('REST routes (walked from the Express stack)', () => {
    let routes: RouteEntry[];

    beforeAll(() => {
      const app = expressAppOf(server) as unknown as { router: { stack: LayerLike[] } };
      routes = routesOf(app.router.stack);
    });

    it('the walk finds the known routes with their mount prefix', () => {
      const found = routes.map((route) => `${route.method} ${route.path}`);
      for (const known of [
        'GET /healthz',
        'GET /readyz',
        'GET /api/feature-flags',
        'GET /api/clerk-config',
        'GET /api/openapi.json',
        'GET /api/children',
        'POST /api/children',
        'GET /api/children/:id',
        'PUT /api/children/:id',
        'DELETE /api/children/:id',
        'POST /api/auth/sign-up',
        'POST /api/auth/sign-in',
        'POST /api/auth/token',
        'POST /api/auth/sign-out',
        'GET /api/auth/me',
        'PATCH /api/auth/me/metadata',
        // The vault's uploads sit on their own router, mounted before the JSON body parser.
        'POST /api/documents',
        'PUT /api/documents/:id/content',
        'GET /api/documents/:id/content',
      ]) {
        expect(found).toContain(known);
      }
      const protectedRoutes = routes
        .filter((route) => route.path.startsWith('/api/') && !route.isPublic)
        .map((route) => `${route.method} ${route.path}`);
      expect(protectedRoutes).toEqual(expect.arrayContaining(['GET /api/children', 'DELETE /api/children/:id', 'GET /api/auth/me']));
      expect(routes.find((route) => route.path === '/api/feature-flags')?.isPublic).toBe(true);
    });

    it('every /api route not marked public answers an anonymous call with 401 and the JSON error body, before validating input', async () => {
      const gated = routes.filter((route) => route.path.startsWith('/api/') && !route.isPublic);
      expect(gated.length).toBeGreaterThanOrEqual(7);
      for (const route of gated) {
        const path = route.path.replace(/:id\b/g, String(childId)).replace(/:\w+/g, '1');
        const json = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
        const response = await api(server, route.method, path, { json });
        expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 401,
        });
        expectApiError(response, 401, 'UNAUTHORIZED');
      }
      // Nothing was touched by those anonymous writes.
      expect((await api(server, 'GET', `/api/children/${childId}`, { token: parentA.token })).body.firstName).toBe(validChild.firstName);
    });

    it('routes marked public are not behind the bearer gate: anonymous gets the same status as signed-in, never the gate’s 401', async () => {
      const open = routes.filter((route) => route.path.startsWith('/api/') && route.isPublic);
      expect(open.length).toBeGreaterThanOrEqual(5);
      const gateMessage = (await api(server, 'GET', '/api/children')).body.error.message as string;
      const answers: { label: string; anonymous: number; signedIn: number; gated: boolean }[] = [];
      for (const route of open) {
        const json = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
        const anonymous = await api(server, route.method, route.path, { json });
        const signedIn = await api(server, route.method, route.path, { json, token: parentB.token });
        const message = (anonymous.body as { error?: { message?: string } } | null)?.error?.message;
        answers.push({
          label: `${route.method} ${route.path}`,
          anonymous: anonymous.status,
          signedIn: signedIn.status,
          gated: message === gateMessage,
        });
      }
      // Same answer with or without identity, never the bearer gate, never a 5xx.
      expect(answers).toEqual(answers.map((answer) => ({ ...answer, anonymous: answer.signedIn, gated: false })));
      expect(answers.filter((answer) => answer.anonymous >= 500)).toEqual([]);
      // No 401 here: without a session cookie the cookie endpoint answers 204 (signed out), not an error.
      expect(answers.filter((answer) => answer.anonymous === 401).map((answer) => answer.label)).toEqual([]);
    });

    it('/healthz and /readyz answer anonymously', async () => {
      expect((await api(server, 'GET', '/healthz')).status).toBe(200);
      expect((await api(server, 'GET', '/readyz')).status).toBe(200);
    });
  });
});
