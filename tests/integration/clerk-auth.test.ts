/**
 * Clerk mode with no network: tokens signed by a test RSA key, verified networkless through the JWT key
 * (CLERK_JWT_KEY); Clerk's backend API is stood in for by a fetch stub, so nothing leaves the machine.
 * (@clerk/backend looks up the global `fetch` at call time when NODE_ENV is "test", as under vitest;
 * the server has no setting for Clerk's API URL, so the stub is the only way to keep its calls local.)
 */
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalTokens } from '../../server/auth/local.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, startTestServer, TEST_AUTH_SECRET, validChild, type TestServer } from '../helpers/test-server.ts';
import { childRow, errorSummary, expectApiError } from '../helpers/integration-kit.ts';

const APP_ORIGIN = 'https://app.example.com';
const PUBLISHABLE_KEY = `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`;

interface ClerkCall {
  method: string;
  url: string;
  body: unknown;
}

/** How the stand-in for Clerk's backend API behaves. */
let clerkApi: 'unreachable' | 'ok' | 'error' = 'unreachable';
const clerkCalls: ClerkCall[] = [];
const blockedHosts: string[] = [];
const realFetch = globalThis.fetch;

/** Loopback traffic goes through; Clerk's API is stubbed; anything else is refused, as on a machine with no network. */
async function stubbedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return realFetch(input, init);
  if (url.hostname === 'api.clerk.com') {
    const bodyText = typeof init?.body === 'string' ? init.body : undefined;
    clerkCalls.push({ method: init?.method ?? 'GET', url: url.pathname, body: bodyText ? JSON.parse(bodyText) : undefined });
    if (clerkApi === 'unreachable') throw new TypeError('fetch failed');
    if (clerkApi === 'error')
      return Response.json({ errors: [{ code: 'internal', message: 'boom', long_message: 'boom' }] }, { status: 500 });
    const id = url.pathname.split('/')[3] ?? 'user_x';
    const user = {
      object: 'user',
      id,
      public_metadata: (JSON.parse(bodyText ?? '{}') as { public_metadata?: unknown }).public_metadata ?? {},
      private_metadata: {},
      unsafe_metadata: {},
      email_addresses: [],
      phone_numbers: [],
      web3_wallets: [],
      external_accounts: [],
      saml_accounts: [],
      enterprise_accounts: [],
      passkeys: [],
      created_at: Date.now(),
      updated_at: Date.now(),
    };
    return Response.json(user, { status: 200 });
  }
  blockedHosts.push(url.hostname);
  throw new TypeError(`fetch failed: no network in tests (${url.hostname})`);
}

describe.each(ENGINES)('Clerk mode on %s', (engine) => {
  let server: TestServer;
  let privateKey: CryptoKey;
  let otherPrivateKey: CryptoKey;

  beforeAll(async () => {
    vi.stubGlobal('fetch', stubbedFetch);
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    otherPrivateKey = (await generateKeyPair('RS256', { extractable: true })).privateKey;
    server = await startTestServer({
      engine,
      appOrigin: APP_ORIGIN,
      clerk: {
        publishableKey: PUBLISHABLE_KEY,
        secretKey: 'sk_test_x',
        jwtKey: await exportSPKI(pair.publicKey),
        authorizedParties: [APP_ORIGIN],
      },
    });
  });
  afterAll(async () => {
    await server.close();
    vi.unstubAllGlobals();
  });

  /** A Clerk-style session token: RS256, sub, iat, nbf, exp, azp; override any claim or the key. */
  async function clerkToken(sub: string, options: { claims?: JWTPayload; key?: CryptoKey; kid?: string } = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = {
      sub,
      iat: now - 5,
      nbf: now - 10,
      exp: now + 60,
      azp: APP_ORIGIN,
      sid: `sess_${sub}`,
      iss: 'https://clerk.example.com',
      ...options.claims,
    };
    for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(options.kid ? { kid: options.kid } : {}) })
      .sign(options.key ?? privateKey);
  }

  let subCounter = 0;
  const newSub = () => `user_clerk${++subCounter}${Date.now()}`;

  it('a valid token lists and creates children owned by its sub', async () => {
    clerkApi = 'ok';
    const sub = newSub();
    const token = await clerkToken(sub, { kid: 'ins_test_key' });
    const empty = await api(server, 'GET', '/api/children', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toStrictEqual([]);

    const created = await api(server, 'POST', '/api/children', { token, json: validChild });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(validChild);
    expect((await childRow(server.db, created.body.id))?.ownerId).toBe(sub);
    expect((await api(server, 'GET', '/api/children', { token })).body).toStrictEqual([created.body]);

    // Another Clerk user cannot see it.
    const otherToken = await clerkToken(newSub());
    expectApiError(await api(server, 'GET', `/api/children/${created.body.id}`, { token: otherToken }), 404, 'NOT_FOUND');
  });

  it('the tRPC route accepts the same token', async () => {
    const token = await clerkToken(newSub());
    const response = await api(server, 'GET', '/api/trpc/children.list', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ result: { data: { json: [] } } });
  });

  it.each([
    [
      'expired a minute ago',
      {
        claims: {
          exp: Math.floor(Date.now() / 1000) - 60,
          iat: Math.floor(Date.now() / 1000) - 120,
          nbf: Math.floor(Date.now() / 1000) - 120,
        },
      },
    ],
    ['not valid for another two minutes (nbf)', { claims: { nbf: Math.floor(Date.now() / 1000) + 120 } }],
    ['signed with another key', { otherKey: true }],
    ['for another authorized party (azp)', { claims: { azp: 'https://evil.example.com' } }],
    ['with no authorized party (azp)', { claims: { azp: undefined } }],
    ['with no subject', { claims: { sub: undefined } }],
  ] as [string, { claims?: JWTPayload; otherKey?: boolean }][])('a token %s is 401 and writes nothing', async (_label, variant) => {
    const sub = newSub();
    const token = await clerkToken(sub, { claims: variant.claims, key: variant.otherKey ? otherPrivateKey : undefined });
    expectApiError(await api(server, 'GET', '/api/children', { token }), 401, 'UNAUTHORIZED');
    expectApiError(await api(server, 'POST', '/api/children', { token, json: validChild }), 401, 'UNAUTHORIZED');
    const rows = await server.db.selectFrom('children').select('id').where('ownerId', '=', sub).execute();
    expect(rows).toEqual([]);
  });

  it('no token, a garbage token, or a built-in (HS256) token is 401', async () => {
    const builtIn = await new LocalTokens(TEST_AUTH_SECRET).issue(newSub());
    const answers = [
      await api(server, 'GET', '/api/children'),
      await api(server, 'GET', '/api/children', { token: 'garbage' }),
      await api(server, 'GET', '/api/children', { token: builtIn }),
    ];
    expect(answers.map(errorSummary)).toEqual(Array.from({ length: 3 }, () => ({ status: 401, code: 'UNAUTHORIZED', json: true })));
  });

  it('GET /api/clerk-config is exactly {"publishableKey": "<key>"}', async () => {
    const response = await api(server, 'GET', '/api/clerk-config');
    expect(response.status).toBe(200);
    expect(response.text).toBe(JSON.stringify({ publishableKey: PUBLISHABLE_KEY }));
  });

  it('the built-in account routes do not exist in Clerk mode (JSON 404)', async () => {
    for (const [method, path] of [
      ['POST', '/api/auth/sign-up'],
      ['POST', '/api/auth/sign-in'],
      ['POST', '/api/auth/token'],
      ['GET', '/api/auth/me'],
    ] as const) {
      const response = await api(
        server,
        method,
        path,
        method === 'POST' ? { json: { email: 'a@example.com', password: 'long enough password' } } : {},
      );
      expectApiError(response, 404, 'NOT_FOUND');
    }
    const openApi = await api(server, 'GET', '/api/openapi.json');
    expect(Object.keys(openApi.body.paths)).not.toContain('/api/auth/sign-up');
  });

  it('the CSP admits Clerk’s Frontend API host', async () => {
    const csp = (await api(server, 'GET', '/healthz')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src[^;]*https:\/\/clerk\.example\.com/);
    expect(csp).toMatch(/connect-src[^;]*https:\/\/clerk\.example\.com/);
  });

  it('children changes write childCount and hasCompletedOnboarding to Clerk’s publicMetadata', async () => {
    clerkApi = 'ok';
    clerkCalls.length = 0;
    const sub = newSub();
    const token = await clerkToken(sub);
    const created = await api(server, 'POST', '/api/children', { token, json: validChild });
    await api(server, 'POST', '/api/children', { token, json: { ...validChild, firstName: 'Leo' } });
    await api(server, 'DELETE', `/api/children/${created.body.id}`, { token });
    expect(clerkCalls).toEqual(
      [1, 2, 1].map((childCount) => ({
        method: 'PATCH',
        url: `/v1/users/${sub}/metadata`,
        body: { public_metadata: { childCount, hasCompletedOnboarding: true } },
      })),
    );
    const warnings = server.logLines.filter((line) => line.includes('clerk metadata update failed') && line.includes(sub));
    expect(warnings).toEqual([]);
  });

  it.each(['unreachable', 'error'] as const)(
    'when Clerk’s API is %s, creating and deleting a child still succeed and a warning is logged',
    async (mode) => {
      clerkApi = mode;
      clerkCalls.length = 0;
      const sub = newSub();
      const token = await clerkToken(sub);
      const created = await api(server, 'POST', '/api/children', { token, json: validChild });
      expect(created.status).toBe(201);
      expect((await childRow(server.db, created.body.id))?.ownerId).toBe(sub);
      const deleted = await api(server, 'DELETE', `/api/children/${created.body.id}`, { token });
      expect(deleted.status).toBe(200);
      expect(clerkCalls.map((call) => call.body)).toEqual([
        { public_metadata: { childCount: 1, hasCompletedOnboarding: true } },
        { public_metadata: { childCount: 0, hasCompletedOnboarding: false } },
      ]);
      const warnings = server.logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string; userId?: string })
        .filter((entry) => entry.msg === 'clerk metadata update failed' && entry.userId === sub);
      expect(warnings).toHaveLength(2);
      expect(warnings.every((entry) => entry.level === 40)).toBe(true);
      expect(server.logLines.join('')).not.toContain(token);
      clerkApi = 'ok';
    },
  );

  it('a Clerk account gets an id-only users row with its first child, which its children reference, and parallel creates count right', async () => {
    clerkApi = 'ok';
    clerkCalls.length = 0;
    const sub = newSub();
    const token = await clerkToken(sub);
    expect((await api(server, 'GET', '/api/children', { token })).status).toBe(200);
    expect(await server.db.selectFrom('users').selectAll().where('id', '=', sub).execute()).toEqual([]);

    const created = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        api(server, 'POST', '/api/children', { token, json: { ...validChild, firstName: `C${index}` } }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const row = await server.db.selectFrom('users').select(['id', 'email', 'passwordHash']).where('id', '=', sub).execute();
    expect(row).toEqual([{ id: sub, email: null, passwordHash: null }]);
    // Each change counted under the account's lock: Clerk heard 1 to 5, in some order.
    const counts = clerkCalls.map((call) => (call.body as { public_metadata: { childCount: number } }).public_metadata.childCount);
    expect(counts.toSorted()).toEqual([1, 2, 3, 4, 5]);

    // The row going takes the children with it.
    await server.db.deleteFrom('users').where('id', '=', sub).execute();
    expect(await childRow(server.db, created[0]?.body.id)).toBeUndefined();
  });

  it.each(['ok', 'unreachable'] as const)(
    'deleting the account (Clerk’s API %s) removes its rows and clears what Trelli wrote on the Clerk user, best effort',
    async (mode) => {
      clerkApi = 'ok';
      const sub = newSub();
      const token = await clerkToken(sub);
      const child = await api(server, 'POST', `/api/children`, { token, json: validChild });
      expect(child.status).toBe(201);
      clerkApi = mode;
      clerkCalls.length = 0;
      const deleted = await api(server, 'DELETE', '/api/account', { token, json: { confirm: 'DELETE' } });
      expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 200, body: { deleted: true } });
      expect(await server.db.selectFrom('users').select('id').where('id', '=', sub).execute()).toEqual([]);
      expect(await childRow(server.db, child.body.id)).toBeUndefined();
      expect(clerkCalls).toEqual([
        {
          method: 'PATCH',
          url: `/v1/users/${sub}/metadata`,
          body: { public_metadata: { childCount: null, hasCompletedOnboarding: null } },
        },
      ]);
      const warnings = server.logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string; userId?: string })
        .filter((entry) => entry.msg === 'clerk metadata removal after account deletion failed' && entry.userId === sub);
      expect(warnings).toHaveLength(mode === 'ok' ? 0 : 1);
      // The Clerk user itself is Clerk's: its token still signs in, to a new, empty account.
      expect((await api(server, 'GET', '/api/children', { token })).body).toEqual([]);
      clerkApi = 'ok';
    },
  );

  it('nothing tried to reach another host', () => {
    expect(blockedHosts).toEqual([]);
  });
});
