// @vitest-environment happy-dom
import { TRPCClientError } from '@trpc/client';
import { initTRPC, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z, ZodError } from 'zod';
import { toIssues } from '#shared/api-error.ts';
import { AUTH_OPTIONAL_PROCEDURES } from '../../../client/app/trpc/auth-optional.ts';
import { createAppTrpcClient } from '../../../client/app/trpc/trpc.ts';
import { MISSING_TOKEN_WARNING, httpStatusOf, serverMessageOf } from '../../../client/lib/api-request.ts';
import { setTokenGetter } from '../../../client/lib/auth-token.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { issuesFromError } from '../../../client/lib/field-errors.ts';

/*
 * The app's real tRPC client (links, headers, error messages) against a small tRPC server of the
 * same shape as Trelli's, answering over the real wire format through tRPC's fetch adapter.
 */
const t = initTRPC.context<{ signedIn: boolean }>().create({
  transformer: superjson,
  // As the server's: zod failures carry `issues` for the forms.
  errorFormatter({ shape, error }) {
    if (error.cause instanceof ZodError)
      return { ...shape, message: 'Some fields need attention', data: { ...shape.data, issues: toIssues(error.cause) } };
    return shape;
  },
});
const signedIn = t.procedure.use(({ ctx, next }) => {
  if (!ctx.signedIn) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next();
});
const router = t.router({
  featureFlags: t.router({ get: t.procedure.query(() => ({ flags: { FLAG_PDF_PRINT_STYLES: true } })) }),
  config: t.router({ auth: t.procedure.query(() => ({ provider: 'local', publishableKey: null, productionHost: null })) }),
  children: t.router({
    list: signedIn.query(() => [{ id: 1, firstName: 'Maya' }]),
    byId: signedIn.input(z.object({ id: z.number() })).query(({ input }) => {
      if (input.id !== 1) throw new TRPCError({ code: 'NOT_FOUND', message: 'Child not found' });
      return { id: 1, firstName: 'Maya' };
    }),
    create: signedIn.input(z.object({ firstName: z.string().min(1, 'First name is required') })).mutation(() => ({ id: 2 })),
  }),
  // A child-scoped router (childIdLink fills its childId in) with a subscription, as live progress has.
  observations: t.router({
    watch: signedIn.input(z.object({ childId: z.number() })).subscription(async function* ({ input }) {
      yield { childId: input.childId, step: 1 };
      yield { childId: input.childId, step: 2 };
    }),
  }),
});

const requests: { url: string; authorization: string | null }[] = [];
let answerOverride: (() => Promise<Response>) | null = null;

async function serverFetch(input: RequestInfo | URL | string, init?: RequestInit): Promise<Response> {
  const request = new Request(new URL(String(input), 'http://localhost'), init);
  requests.push({ url: request.url, authorization: request.headers.get('authorization') });
  if (answerOverride) return answerOverride();
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router,
    createContext: () => ({ signedIn: /^Bearer (aaa\.bbb\.ccc|ddd\.eee\.fff)$/.test(request.headers.get('authorization') ?? '') }),
  });
}

let token: string | null = 'aaa.bbb.ccc';
const tokenGetter = vi.fn<() => Promise<string | null>>(async () => token);
let unregister: () => void = () => undefined;
let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  requests.length = 0;
  answerOverride = null;
  token = 'aaa.bbb.ccc';
  tokenGetter.mockClear();
  unregister = setTokenGetter(tokenGetter);
  vi.stubGlobal('fetch', vi.fn(serverFetch));
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function failureOf(promise: Promise<unknown>): Promise<TRPCClientError<typeof router>> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TRPCClientError)) throw new Error(`expected a TRPCClientError, got ${String(error)}`);
  return error as TRPCClientError<typeof router>;
}

describe('tRPC calls and the sign-in token (SPEC §6)', () => {
  it('a call that needs sign-in sends the bearer token and does not warn', async () => {
    const client = createAppTrpcClient();
    await expect(client.children.list.query()).resolves.toEqual([{ id: 1, firstName: 'Maya' }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.authorization).toBe('Bearer aaa.bbb.ccc');
    expect(warn).not.toHaveBeenCalled();
  });

  it('without a token it still goes out, and the console warns that a 401 is likely, naming the procedure', async () => {
    token = null;
    const client = createAppTrpcClient();
    const error = await failureOf(client.children.list.query());
    expect(requests[0]?.authorization).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(`${MISSING_TOKEN_WARNING} (children.list)`);
    expect(MISSING_TOKEN_WARNING).toContain('401');
    expect(httpStatusOf(error)).toBe(401);
  });

  it('the public procedures fetch no token and never warn, even when nobody is signed in', async () => {
    token = null;
    const client = createAppTrpcClient();
    const [flags, config] = await Promise.all([client.featureFlags.get.query(), client.config.auth.query()]);
    expect(flags.flags.FLAG_PDF_PRINT_STYLES).toBe(true);
    expect(config.productionHost).toBeNull();
    expect(requests).toHaveLength(1); // batched together
    expect(requests[0]?.authorization).toBeNull();
    expect(tokenGetter).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(AUTH_OPTIONAL_PROCEDURES).toEqual(['featureFlags.get', 'config.auth']);
  });

  it('a batch mixing a public procedure with one that needs sign-in carries the token', async () => {
    const client = createAppTrpcClient();
    await Promise.all([client.featureFlags.get.query(), client.children.list.query()]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.authorization).toBe('Bearer aaa.bbb.ccc');
  });
});

describe('subscriptions come as server-sent events (decision 0093)', () => {
  /** The app's router has no child-scoped subscription (yet): this one is the test server's. */
  interface Handlers {
    onData(value: unknown): void;
    onComplete(): void;
    onError(error: unknown): void;
  }
  type Subscribable = Record<string, Record<string, { subscribe(input: unknown, handlers: Handlers): unknown }>>;

  /** The values a subscription sends until it ends (or fails). */
  function valuesOf(client: ReturnType<typeof createAppTrpcClient>) {
    return new Promise<unknown[]>((resolve, reject) => {
      const values: unknown[] = [];
      (client as unknown as Subscribable).observations?.watch?.subscribe(undefined, {
        onData: (value) => values.push(value),
        onComplete: () => resolve(values),
        onError: reject,
      });
    });
  }

  it("carry the bearer token in a header, never in the URL, and the selected child's id in the input", async () => {
    setSelectedChildId(7);
    const client = createAppTrpcClient();
    expect(await valuesOf(client)).toEqual([
      { childId: 7, step: 1 },
      { childId: 7, step: 2 },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.authorization).toBe('Bearer aaa.bbb.ccc');
    expect(requests[0]?.url).toContain('/api/trpc/observations.watch?');
    expect(requests[0]?.url).not.toContain('aaa.bbb.ccc');
    setSelectedChildId(null);
  });

  it('fetch a fresh token for each connection', async () => {
    setSelectedChildId(7);
    const client = createAppTrpcClient();
    await valuesOf(client);
    token = 'ddd.eee.fff';
    await valuesOf(client);
    expect(requests.map((request) => request.authorization)).toEqual(['Bearer aaa.bbb.ccc', 'Bearer ddd.eee.fff']);
    setSelectedChildId(null);
  });
});

describe('failed tRPC calls read "status: body" (SPEC §8)', () => {
  it("a procedure's error: status, colon, the server's message; code and message still reachable", async () => {
    const client = createAppTrpcClient();
    const error = await failureOf(client.children.byId.query({ id: 9 }));
    expect(error.message).toBe('404: Child not found');
    expect(httpStatusOf(error)).toBe(404);
    expect(serverMessageOf(error)).toBe('Child not found');
    expect(error.shape?.message).toBe('Child not found');
    expect(error.data?.code).toBe('NOT_FOUND');
  });

  it('validation issues stay where the forms read them', async () => {
    const client = createAppTrpcClient();
    const error = await failureOf(client.children.create.mutate({ firstName: '', dateOfBirth: '2016-05-02' }));
    expect(error.message).toBe('400: Some fields need attention');
    expect(issuesFromError(error)).toEqual([{ path: 'firstName', message: 'First name is required' }]);
  });

  it('in a batch each call gets its own status', async () => {
    const client = createAppTrpcClient();
    const [found, missing] = await Promise.allSettled([client.children.byId.query({ id: 1 }), client.children.byId.query({ id: 9 })]);
    expect(requests).toHaveLength(1);
    expect(found).toEqual({ status: 'fulfilled', value: { id: 1, firstName: 'Maya' } });
    expect(missing.status === 'rejected' && (missing.reason as Error).message).toBe('404: Child not found');
  });

  it('an answer that is not JSON (a proxy page) fails with its status and text', async () => {
    answerOverride = async () =>
      new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/plain' } });
    const client = createAppTrpcClient();
    const error = await failureOf(client.children.list.query());
    expect(error.message).toBe('502: Bad gateway');
    expect(httpStatusOf(error)).toBe(502);
  });

  it('a JSON answer in the REST error format (a rate limit) fails with its status and body, and its message reads out', async () => {
    const body = { error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a minute.' } };
    answerOverride = async () => new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/json' } });
    const client = createAppTrpcClient();
    const error = await failureOf(client.children.list.query());
    expect(error.message).toBe(`429: ${JSON.stringify(body)}`);
    expect(httpStatusOf(error)).toBe(429);
    expect(serverMessageOf(error)).toBe('Too many requests. Please wait a minute.');
  });

  it('a call that got no answer keeps its own message and has no status', async () => {
    answerOverride = async () => Promise.reject(new TypeError('Failed to fetch'));
    const client = createAppTrpcClient();
    const error = await failureOf(client.children.list.query());
    expect(error.message).toBe('Failed to fetch');
    expect(httpStatusOf(error)).toBeNull();
  });
});
