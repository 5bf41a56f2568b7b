/**
 * The API as an external client sees it: a real server on an ephemeral port, plain HTTP, no helpers
 * that know the server's internals.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS } from '#shared/feature-flags.ts';
import { GRADES } from '#shared/schemas/child.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/rest/rate-limits.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { mountBuiltClient } from '../../server/web.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The eleven flags of SPEC §3 with their defaults, written out so a changed default is noticed. */
const SPEC_FLAGS = {
  FLAG_ROADMAP_V2_6MO: true,
  FLAG_TRELLI_GUIDE_V2: true,
  FLAG_SCOPED_OBSERVATIONS: true,
  FLAG_SCOPED_PROGRESS_PLANNER: true,
  FLAG_SCOPED_PROGRESS: true,
  FLAG_SCOPED_SNAPSHOTS: false,
  FLAG_DEBOUNCED_AUTOSAVE: true,
  FLAG_PDF_PRINT_STYLES: false,
  FLAG_SNAPSHOT_DISPLAY_V2: true,
  FLAG_TRELLI_GUIDE_THEMES_V1: true,
  FLAG_SNAPSHOT_FIX_PARENTS_MEDS: true,
};

/** A raw GET with node:http, which (unlike fetch) neither adds Accept-Encoding nor decompresses. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(ENGINES)('HTTP contract on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  describe('GET /api/feature-flags', () => {
    it('answers all 11 SPEC flags with their defaults', async () => {
      expect(Object.keys(SPEC_FLAGS)).toHaveLength(11);
      const response = await api(server, 'GET', '/api/feature-flags');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toStrictEqual({ flags: SPEC_FLAGS });
    });

    it('answers the same with a valid token and with a garbage token (auth optional)', async () => {
      const parent = await signUpParent(server);
      const anonymous = await api(server, 'GET', '/api/feature-flags');
      const signedIn = await api(server, 'GET', '/api/feature-flags', { token: parent.token });
      const garbage = await api(server, 'GET', '/api/feature-flags', { token: 'definitely.not.valid' });
      expect([signedIn.status, garbage.status]).toEqual([200, 200]);
      expect(signedIn.body).toStrictEqual(anonymous.body);
      expect(garbage.body).toStrictEqual(anonymous.body);
    });

    it('merges FEATURE_FLAGS over the defaults', async () => {
      const custom = await startTestServer({
        engine,
        database: server.database,
        featureFlags: { ...FEATURE_FLAG_DEFAULTS, FLAG_PDF_PRINT_STYLES: true, FLAG_ROADMAP_V2_6MO: false },
      });
      try {
        const response = await api(custom, 'GET', '/api/feature-flags');
        expect(response.body).toStrictEqual({ flags: { ...SPEC_FLAGS, FLAG_PDF_PRINT_STYLES: true, FLAG_ROADMAP_V2_6MO: false } });
      } finally {
        await custom.close();
      }
    });
  });

  it('GET /api/clerk-config with built-in accounts is {"publishableKey": null, "provider": "local"}', async () => {
    const response = await api(server, 'GET', '/api/clerk-config');
    expect(response.status).toBe(200);
    expect(response.body).toStrictEqual({ publishableKey: null, provider: 'local' });
  });

  describe('GET /api/openapi.json', () => {
    let doc: {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> } | unknown>>;
      components: {
        schemas: Record<
          string,
          { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[]; additionalProperties?: unknown }
        >;
      };
    };

    let status: number;

    beforeAll(async () => {
      const response = await api(server, 'GET', '/api/openapi.json');
      status = response.status;
      doc = response.body;
    });

    it('is OpenAPI 3.1 with the SPEC’s REST paths and their methods', () => {
      expect(status).toBe(200);
      expect(doc.openapi).toMatch(/^3\.1\./);
      for (const path of ['/api/children', '/api/children/{id}', '/api/feature-flags', '/api/clerk-config'])
        expect(Object.keys(doc.paths)).toContain(path);
      expect(Object.keys(doc.paths['/api/children'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(doc.paths['/api/children/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
      const post = doc.paths['/api/children']?.post as { security?: unknown; responses: Record<string, unknown> };
      expect(post.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '413', '415']));
      const getOne = doc.paths['/api/children/{id}']?.get as { responses: Record<string, unknown> } | undefined;
      expect(Object.keys(getOne?.responses ?? {})).toContain('404');
    });

    it('has component schemas generated from the shared zod schemas', () => {
      const { schemas } = doc.components;
      const create = schemas.ChildCreate;
      expect(create?.properties?.firstName).toMatchObject({ type: 'string', minLength: 1, maxLength: 60 });
      expect(create?.properties?.notes).toBeDefined();
      expect(create?.required?.sort()).toEqual(['dateOfBirth', 'firstName']);
      // Strict schemas: unknown keys are rejected, and the document says so.
      expect(create?.additionalProperties).toBe(false);
      const gradeEnum = /"enum":(\[[^\]]*\])/.exec(JSON.stringify(create?.properties?.grade))?.[1];
      expect((JSON.parse(gradeEnum ?? '[]') as string[]).sort()).toEqual([...GRADES].sort());
      expect(create?.properties?.avatarColor && JSON.stringify(create.properties.avatarColor)).toContain('^#[0-9a-fA-F]{6}$');

      const child = schemas.Child;
      expect(child?.properties && Object.keys(child.properties)).toEqual(
        expect.arrayContaining(['id', 'firstName', 'ageYears', 'createdAt', 'updatedAt', 'diagnoses']),
      );
      expect(child?.properties?.id).toMatchObject({ type: 'integer' });
      expect(schemas.Error?.properties?.error).toBeDefined();
    });
  });

  it('/healthz and /readyz answer 200', async () => {
    const health = await api(server, 'GET', '/healthz');
    const ready = await api(server, 'GET', '/readyz');
    expect([health.status, ready.status]).toEqual([200, 200]);
    expect(health.body).toEqual({ status: 'ok' });
    expect(ready.body).toEqual({
      status: 'ready',
      dependencies: { database: { status: 'ok' }, fileStore: { status: 'ok' }, mail: { status: 'not-configured' } },
    });
  });

  it('sends security headers: a CSP without third-party hosts, nosniff, no X-Powered-By', async () => {
    const response = await api(server, 'GET', '/api/feature-flags');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/clerk/i);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('compresses a large response when the client accepts gzip, and not otherwise', async () => {
    const plain = await rawGet(`${server.url}/api/openapi.json`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);

    const gzipped = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('gives every response a request id, and echoes a well-formed one the client sent', async () => {
    const generated = await api(server, 'GET', '/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const another = await api(server, 'GET', '/healthz');
    expect(another.headers.get('x-request-id')).not.toBe(generated.headers.get('x-request-id'));

    const echoed = await api(server, 'GET', '/api/children', { headers: { 'x-request-id': 'client-trace-42' } });
    expect(echoed.status).toBe(401);
    expect(echoed.headers.get('x-request-id')).toBe('client-trace-42');

    const hostile = await api(server, 'GET', '/healthz', { headers: { 'x-request-id': 'bad id\twith spaces and {json}' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('no /api answer may be stored by a browser or proxy (Cache-Control: no-store), errors included; static files keep their caching', async () => {
    const parent = await signUpParent(server);
    const token = parent.token;
    const answers = {
      flags: await api(server, 'GET', '/api/feature-flags'),
      signUp: await api(server, 'POST', '/api/auth/sign-up', {
        json: { email: `no-store-${Date.now()}@example.com`, password: 'a long enough password' },
      }),
      children: await api(server, 'GET', '/api/children', { token }),
      unauthorized: await api(server, 'GET', '/api/children'),
      notFound: await api(server, 'GET', '/api/definitely-not-here'),
      badJson: await api(server, 'POST', '/api/children', { token, body: '{', headers: { 'content-type': 'application/json' } }),
      trpc: await api(server, 'GET', '/api/trpc/children.list', { token }),
      trpcError: await api(server, 'GET', '/api/trpc/children.list'),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
      flags: 200,
      signUp: 201,
      children: 200,
      unauthorized: 401,
      notFound: 404,
      badJson: 400,
      trpc: 200,
      trpcError: 401,
    });
    for (const [name, answer] of Object.entries(answers)) expect([name, answer.headers.get('cache-control')]).toEqual([name, 'no-store']);

    const distDir = mkdtempSync(join(tmpdir(), 'trelli-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'assets', 'app-3f2a.js'), 'console.log(1)');
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Trelli</title>');
    const withClient = await startTestServer({ engine, database: server.database, mountClient: (app) => mountBuiltClient(app, distDir) });
    try {
      const asset = await api(withClient, 'GET', '/assets/app-3f2a.js');
      expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
      const shell = await api(withClient, 'GET', '/app');
      expect([shell.status, shell.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    } finally {
      await withClient.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  it('errors are JSON everywhere, also for unknown /api paths', async () => {
    const response = await api(server, 'GET', '/api/definitely-not-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('a full external-client session: sign up, create, read, update, delete', async () => {
    const signUp = await api(server, 'POST', '/api/auth/sign-up', {
      json: { email: `contract-${Date.now()}@example.com`, password: 'a long enough password' },
    });
    expect(signUp.status).toBe(201);
    const token = signUp.body.token as string;
    const created = await api(server, 'POST', '/api/children', {
      token,
      json: { firstName: 'Ari', dateOfBirth: '2018-09-09', grade: '1' },
    });
    expect(created.status).toBe(201);
    const path = `/api/children/${created.body.id}`;
    expect((await api(server, 'GET', path, { token })).body).toStrictEqual(created.body);
    const updated = await api(server, 'PUT', path, { token, json: { grade: '2' } });
    expect(updated.body.grade).toBe('2');
    expect((await api(server, 'GET', '/api/children', { token })).body).toStrictEqual([updated.body]);
    expect((await api(server, 'DELETE', path, { token })).body).toStrictEqual({ id: created.body.id, deleted: true, exportsWithdrawn: 0 });
    expect((await api(server, 'GET', '/api/children', { token })).body).toStrictEqual([]);
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trelli-proxy-'));
  const running: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.close()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server as `npm start` builds it from the environment, allowing 2 sign-in attempts per address. */
  async function serverWith(trustProxy: string | undefined, appOrigin?: string): Promise<RunningServer> {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: join(dataDir, `${trustProxy ?? 'off'}-${appOrigin ? 'origin' : 'none'}`),
      TRUST_PROXY: trustProxy,
      APP_ORIGIN: appOrigin,
    });
    const server = await startServer(config, createLogger('silent'), {
      client: 'none',
      rateLimits: { ...DEFAULT_RATE_LIMITS, authPerIp: { limit: 2, windowMs: 60_000 } },
    });
    running.push(server);
    return server;
  }

  /** A failed sign-in as the client the proxy says it is talking to. */
  const signInFrom = async (server: RunningServer, clientAddress: string) =>
    (
      await api(server, 'POST', '/api/auth/sign-in', {
        json: { email: `nobody-${Math.random()}@example.com`, password: 'a long enough password' },
        headers: { 'x-forwarded-for': clientAddress, 'x-forwarded-proto': 'https' },
      })
    ).status;

  const sessionCookie = async (server: RunningServer, headers: Record<string, string>) => {
    const response = await api(server, 'POST', '/api/auth/sign-up', {
      json: { email: `proxied-${Math.random()}@example.com`, password: 'a long enough password' },
      headers,
    });
    expect(response.status).toBe(201);
    return response.headers.get('set-cookie') ?? '';
  };

  it('with TRUST_PROXY=1, each forwarded client has its own rate-limit bucket and https gets a Secure cookie', async () => {
    const server = await serverWith('1');
    const first = [
      await signInFrom(server, '203.0.113.10'),
      await signInFrom(server, '203.0.113.10'),
      await signInFrom(server, '203.0.113.10'),
    ];
    expect(first).toEqual([401, 401, 429]);
    expect(await signInFrom(server, '203.0.113.20')).toBe(401);

    expect(await sessionCookie(server, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.30' })).toMatch(/; Secure/i);
    expect(await sessionCookie(server, { 'x-forwarded-for': '203.0.113.31' })).not.toMatch(/; Secure/i);
  });

  it('without TRUST_PROXY, forwarded headers are ignored: one bucket for everyone behind the proxy, no Secure cookie', async () => {
    const server = await serverWith(undefined);
    const cookie = await sessionCookie(server, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.30' });
    expect(cookie).toContain('trelli_session=');
    expect(cookie).not.toMatch(/; Secure/i);

    // The sign-up above and these come from three different clients, but count as one address.
    expect(await signInFrom(server, '203.0.113.10')).toBe(401);
    expect(await signInFrom(server, '203.0.113.20')).toBe(429);
  });

  it('with an https APP_ORIGIN, the session cookie is Secure whatever the proxy forwards (sign-up and sign-in)', async () => {
    const server = await serverWith(undefined, 'https://trelli.example.org');
    // Plain http to the server itself (a proxy that sends no X-Forwarded-Proto), two sign-ins within the limit of 2.
    const credentials = { email: `secure-${Math.random()}@example.com`, password: 'a long enough password' };
    const signUp = await api(server, 'POST', '/api/auth/sign-up', { json: credentials });
    expect(signUp.status).toBe(201);
    expect(signUp.headers.get('set-cookie')).toMatch(/^trelli_session=.*; Secure/i);
    const signIn = await api(server, 'POST', '/api/auth/sign-in', { json: credentials, headers: { 'x-forwarded-proto': 'http' } });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('set-cookie')).toMatch(/^trelli_session=.*; Secure/i);
  });
});
