/**
 * The authorization matrix, read from the router and the Express stack themselves: a tRPC procedure
 * or a REST route added later without protection fails here without anyone editing this file.
 */
import type { AnyRouter } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../server/services.ts';
import { childProcedure, createCallerFactory, publicProcedure, router } from '../../server/trpc/init.ts';
import { appRouter } from '../../server/trpc/root.ts';
import { restOperations } from '../../server/rest/operations.ts';
import { createRateLimiters, DEFAULT_RATE_LIMITS } from '../../server/rest/rate-limits.ts';
import type { Meta } from '../../server/trpc/init.ts';
import { routesOf, type LayerLike, type RouteEntry } from '../helpers/express-routes.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { callerFor, expectApiError, expressAppOf } from '../helpers/integration-kit.ts';
import { createInnerContext } from '../../server/trpc/context.ts';
import { CHILD_ROLES, defineChildActions, roleAllows, type ChildAction, type ChildRole } from '#shared/schemas/roles.ts';
import { actionRoleViolations, sharedActionTables, type ChildScopedEntry } from '../helpers/action-roles.ts';
import { shareChildren } from '../helpers/caregivers.ts';

interface ProcedureEntry {
  path: string;
  type: string;
  access: Meta['access'] | undefined;
  action?: string;
  role?: ChildRole;
}

/** Every procedure of a router, flattened to its dotted path, with its declared access (undefined when it has no meta). */
function proceduresOf(someRouter: AnyRouter): ProcedureEntry[] {
  const procedures = someRouter._def.procedures as Record<string, { _def: { type: string; meta?: Partial<Meta> } }>;
  return Object.entries(procedures).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
    access: procedure._def.meta?.access,
    ...(procedure._def.meta?.action ? { action: procedure._def.meta.action } : {}),
    ...(procedure._def.meta?.role ? { role: procedure._def.meta.role } : {}),
  }));
}

/** Calls a procedure by its dotted path through a caller. */
async function callByPath(caller: unknown, path: string, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

async function errorOf(call: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call();
    return { code: 'OK', message: '' };
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { code: code ?? String(error), message: message ?? '' };
  }
}

async function errorCodeOf(call: () => Promise<unknown>): Promise<string> {
  return (await errorOf(call)).code;
}

/** The answer that means "no access to this child at all" (existence not revealed). */
const NO_SUCH_CHILD = 'Child not found';

/** A caller's answer, read as what the access check decided: refused (and how) or let through. */
function verdict(answer: { code: string; message: string }): 'not-found' | 'forbidden' | 'unauthorized' | 'through' {
  if (answer.code === 'UNAUTHORIZED') return 'unauthorized';
  if (answer.code === 'FORBIDDEN') return 'forbidden';
  if (answer.code === 'NOT_FOUND' && answer.message === NO_SUCH_CHILD) return 'not-found';
  return 'through';
}

/** What a caller with `role` (or none) must get from something that needs `needed`. */
function expectedVerdict(role: ChildRole | 'stranger', needed: ChildRole): 'not-found' | 'forbidden' | 'through' {
  if (role === 'stranger') return 'not-found';
  return roleAllows(role, needed) ? 'through' : 'forbidden';
}

const CALLERS = ['stranger', ...CHILD_ROLES] as const;

/** Actions of a made-up feature, for procedures built to prove the walk. */
const PROBE_ACTIONS = defineChildActions('probe', { read: 'viewer', change: 'updater' });
type CallerRole = (typeof CALLERS)[number];

interface MatrixInput {
  services: Services;
  /** The account the children belong to. */
  holder: string;
  /** A caller for each role on every child of `childIds`, and a stranger to them. */
  users: Record<CallerRole, string>;
  /** Children to spend: each probed procedure gets its own, since an owner's call may delete it. */
  childIds: number[];
}

/**
 * Walks a router and answers, per procedure, what anonymous, stranger, viewer, updater and owner calls got.
 * Non-public procedures (and ones with no meta at all) must be UNAUTHORIZED anonymously; child procedures
 * must be NOT_FOUND for a stranger, FORBIDDEN for a role below the one they declare, and let through otherwise.
 */
async function authorizationViolations(someRouter: AnyRouter, input: MatrixInput): Promise<string[]> {
  const createCaller = createCallerFactory(someRouter);
  const anonymous = createCaller(createInnerContext({ services: input.services, userId: null }));
  const callers = Object.fromEntries(
    CALLERS.map((role) => [role, createCaller(createInnerContext({ services: input.services, userId: input.users[role] }))]),
  ) as Record<CallerRole, unknown>;
  const violations: string[] = [];
  const spare = [...input.childIds];
  for (const procedure of proceduresOf(someRouter)) {
    const childId = spare.shift() ?? 0;
    if (procedure.access !== 'public') {
      for (const anonymousInput of [{}, undefined, { childId, id: childId }]) {
        const code = await errorCodeOf(() => callByPath(anonymous, procedure.path, anonymousInput));
        if (code !== 'UNAUTHORIZED')
          violations.push(`${procedure.path} (${String(procedure.access)}) anonymous with ${JSON.stringify(anonymousInput)}: ${code}`);
      }
    }
    if (procedure.access === 'child') {
      if (!procedure.role) {
        violations.push(`${procedure.path} (child) declares no role`);
        continue;
      }
      // The owner goes last: their call may delete the child.
      for (const role of CALLERS) {
        const answer = await errorOf(() => callByPath(callers[role], procedure.path, { childId, id: childId }));
        const expected = expectedVerdict(role, procedure.role);
        if (verdict(answer) !== expected)
          violations.push(
            `${procedure.path} (needs ${procedure.role}) called by ${role}: ${answer.code} ${answer.message}, expected ${expected}`,
          );
      }
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

/** Enough children for one per procedure and one per REST operation, with some to spare. */
const SPARE_CHILDREN = 240;

describe.each(ENGINES)('authorization matrix on %s', (engine) => {
  let server: TestServer;
  let parentA: Awaited<ReturnType<typeof signUpParent>>;
  let parentB: Awaited<ReturnType<typeof signUpParent>>;
  let caregivers: Record<ChildRole, Awaited<ReturnType<typeof signUpParent>>>;
  let childId: number;
  /** Children to spend, each shared with a viewer, an updater and an owner. */
  let spareChildIds: number[];

  beforeAll(async () => {
    server = await startTestServer({ engine });
    parentA = await signUpParent(server);
    parentB = await signUpParent(server);
    caregivers = { viewer: await signUpParent(server), updater: await signUpParent(server), owner: await signUpParent(server) };
    const holder = callerFor(server.services, parentA.userId);
    childId = (await holder.children.create(validChild)).id;
    spareChildIds = [];
    for (let index = 0; index < SPARE_CHILDREN; index += 1) spareChildIds.push((await holder.children.create(validChild)).id);
    for (const role of CHILD_ROLES) await shareChildren(server.services, parentA.userId, caregivers[role].userId, role, spareChildIds);
  });
  afterAll(() => server.close());

  /** Spends children from the front of the spare list. */
  const spend = (count: number) => spareChildIds.splice(0, count);
  const matrixInput = (count: number): MatrixInput => ({
    services: server.services,
    holder: parentA.userId,
    users: {
      stranger: parentB.userId,
      viewer: caregivers.viewer.userId,
      updater: caregivers.updater.userId,
      owner: caregivers.owner.userId,
    },
    childIds: spend(count),
  });

  describe('tRPC procedures (walked from appRouter._def.procedures)', () => {
    it('every non-public procedure is UNAUTHORIZED anonymously; every child procedure is NOT_FOUND for a stranger, FORBIDDEN below its role, let through from it up', async () => {
      const procedures = proceduresOf(appRouter);
      expect(await authorizationViolations(appRouter, matrixInput(procedures.length))).toEqual([]);
    });

    it('each child procedure declares the least role it needs: viewers read, updaters add and change, owners delete and share', () => {
      const roles = Object.fromEntries(
        proceduresOf(appRouter)
          .filter((procedure) => procedure.access === 'child')
          .map((procedure) => [procedure.path, procedure.role]),
      );
      expect(roles).toMatchObject({
        'children.byId': 'viewer',
        'children.update': 'owner',
        'children.delete': 'owner',
        'observations.list': 'viewer',
        'observations.create': 'updater',
        'observations.update': 'updater',
        'observations.delete': 'owner',
        'goals.addProgress': 'updater',
        'goals.deleteProgress': 'owner',
        'documents.update': 'updater',
        'documents.delete': 'owner',
        'caregivers.list': 'owner',
        'caregivers.remove': 'owner',
        'caregivers.leave': 'viewer',
        'caregivers.audit': 'owner',
        'guide.suggestions': 'viewer',
      });
      expect(Object.values(roles).filter((role) => role === undefined)).toEqual([]);
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
      const probe = router({ probe: { childScoped: childProcedure(PROBE_ACTIONS.read).query(() => 'reached') } });
      const callers = createCallerFactory(probe);
      const owner = callers(createInnerContext({ services: server.services, userId: parentA.userId }));
      expect(await owner.probe.childScoped({ childId })).toBe('reached');
      expect(proceduresOf(probe)).toEqual([
        { path: 'probe.childScoped', type: 'query', access: 'child', action: 'probe.read', role: 'viewer' },
      ]);
      // The matrix walk exercises the child branch on this router and finds nothing wrong...
      expect(await authorizationViolations(probe, matrixInput(1))).toEqual([]);
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
      const violations = await authorizationViolations(leaky, matrixInput(2));
      expect(violations.some((violation) => violation.startsWith('leaks.claimsSignedIn'))).toBe(true);
      expect(violations.some((violation) => violation.startsWith('leaks.claimsChild (child) declares no role'))).toBe(true);
    });

    it('the walk catches a role declared but not enforced, and one enforced but declared wrongly', async () => {
      const wrong = router({
        wrong: {
          // Says owner, lets an updater through.
          saysOwner: childProcedure(PROBE_ACTIONS.change)
            .meta({ access: 'child', role: 'owner' })
            .mutation(() => 'deleted'),
          // Says viewer, refuses a viewer.
          saysViewer: childProcedure(PROBE_ACTIONS.change)
            .meta({ access: 'child', role: 'viewer' })
            .query(() => 'read'),
        },
      });
      const violations = await authorizationViolations(wrong, matrixInput(2));
      expect(violations.filter((violation) => violation.startsWith('wrong.saysOwner (needs owner) called by updater'))).toHaveLength(1);
      expect(violations.filter((violation) => violation.startsWith('wrong.saysViewer (needs viewer) called by viewer'))).toHaveLength(1);
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
        'GET /api/guide/suggestions',
        'POST /api/letters',
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

    it('every child-scoped operation declares a role and enforces it: 404 for a stranger, 403 below it, let through from it up', async () => {
      const operations = restOperations(server.services, createRateLimiters(DEFAULT_RATE_LIMITS)).filter((op) => op.child);
      expect(operations.length).toBeGreaterThanOrEqual(30);
      const tokens: Record<CallerRole, string> = {
        stranger: parentB.token,
        viewer: caregivers.viewer.token,
        updater: caregivers.updater.token,
        owner: caregivers.owner.token,
      };
      const spent = spend(operations.length);
      const violations: string[] = [];
      for (const [index, op] of operations.entries()) {
        const { role } = op.child as ChildAction;
        const spentChild = spent[index] as number;
        const path = op.childInPath
          ? op.path.replace('{id}', String(spentChild))
          : `${op.path.replace(/\{\w+\}/g, '1')}?childId=${spentChild}`;
        const json = ['post', 'put', 'patch'].includes(op.method) ? {} : undefined;
        for (const caller of CALLERS) {
          const response = await api(server, op.method.toUpperCase(), path, { json, token: tokens[caller] });
          const answer = { code: String(response.body?.error?.code ?? 'OK'), message: String(response.body?.error?.message ?? '') };
          const expected = expectedVerdict(caller, role);
          if (verdict(answer) !== expected)
            violations.push(`${op.method.toUpperCase()} ${op.path} (needs ${role}) by ${caller}: ${response.status} ${answer.message}`);
        }
      }
      expect(violations).toEqual([]);
    });

    it('each action’s role is declared once: a procedure and an operation doing it need its table’s role, each names one, and every action is done', async () => {
      const procedures: ChildScopedEntry[] = proceduresOf(appRouter)
        .filter((procedure) => procedure.access === 'child')
        .map(({ path, action, role }) => ({ label: `tRPC ${path}`, side: 'tRPC', router: path.split('.')[0], action, role }));
      const operations: ChildScopedEntry[] = restOperations(server.services, createRateLimiters(DEFAULT_RATE_LIMITS))
        .filter((op) => op.child)
        .map((op) => {
          const { name, role } = op.child as Partial<ChildAction>;
          return { label: `REST ${op.method.toUpperCase()} ${op.path}`, side: 'REST', action: name, role };
        });
      expect(actionRoleViolations(await sharedActionTables(), [...procedures, ...operations])).toEqual([]);
      // Both sides are there to pair: the same action on each.
      expect(operations.find((op) => op.label === 'REST POST /api/goals/{id}/progress')?.action).toBe('goals.addProgress');
      expect(procedures.find((procedure) => procedure.label === 'tRPC goals.addProgress')?.action).toBe('goals.addProgress');
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
