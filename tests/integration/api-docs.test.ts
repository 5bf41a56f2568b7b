/**
 * GET /api/docs over real HTTP, in both auth modes: an HTML page (not the API's JSON 404) under its own
 * CSP that names no host but this one, even where the app's CSP admits Clerk's; the viewer's script it
 * names answers JavaScript that browsers may keep for good.
 */
import { exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { api, startTestServer, type TestServer, type TestServerOptions } from '../helpers/test-server.ts';

const PUBLISHABLE_KEY = `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`;

async function clerkSettings(): Promise<NonNullable<TestServerOptions['clerk']>> {
  const { publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { publishableKey: PUBLISHABLE_KEY, secretKey: 'sk_test_x', jwtKey: await exportSPKI(publicKey), authorizedParties: [] };
}

/** `default-src 'none'; script-src 'self'` -> { 'default-src': ["'none'"], 'script-src': ["'self'"] }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What a source may be on this page: this origin, nothing, a hash, or the two local schemes the viewer needs. */
const LOCAL_SOURCE = /^('self'|'none'|'sha256-[A-Za-z0-9+/]+=*'|data:|blob:)$/;

const modes = ENGINES.flatMap((engine) => [
  { label: `built-in accounts on ${engine}`, engine, clerk: false },
  { label: `Clerk on ${engine}`, engine, clerk: true },
]);

describe.each(modes)('/api/docs with $label', ({ engine, clerk }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, clerk: clerk ? await clerkSettings() : undefined });
  });
  afterAll(() => server?.close());

  it('is a public HTML page with a title, a language, a way home and a fallback to the document', async () => {
    const page = await api(server, 'GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toMatch(/<html lang="en">/);
    expect(page.text).toMatch(/<title>API reference · Trelli<\/title>/);
    expect(page.text).toMatch(/<a href="\/">[^<]*Trelli home<\/a>/);
    expect(page.text).toMatch(/<noscript>/);
    expect(page.text).toContain('<a href="/api/openapi.json">/api/openapi.json</a>');
    // It renders the document the API serves, and that document answers in this mode too.
    expect(page.text).toContain('spec-url="/api/openapi.json"');
    expect((await api(server, 'GET', '/api/openapi.json')).status).toBe(200);
  });

  it('has its own CSP: no host but this origin, no inline script', async () => {
    const appCsp = (await api(server, 'GET', '/api/openapi.json')).headers.get('content-security-policy') ?? '';
    // The app's own CSP admits Clerk's host in Clerk mode: the page's must not inherit it.
    expect(appCsp.includes('clerk.example.com')).toBe(clerk);

    const csp = (await api(server, 'GET', '/api/docs')).headers.get('content-security-policy') ?? '';
    const policy = directives(csp);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    const sources = Object.entries(policy).flatMap(([name, list]) => list.map((source) => `${name} ${source}`));
    expect(sources.filter((entry) => !LOCAL_SOURCE.test(entry.split(' ')[1] ?? ''))).toEqual([]);
    expect(csp).not.toMatch(/https?:|\*|'unsafe-inline'|'unsafe-eval'/);
  });

  it('the script it names answers JavaScript with immutable caching, and calls no CDN', async () => {
    const page = await api(server, 'GET', '/api/docs');
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"><\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    const scriptPath = scripts[0] ?? '';
    expect(scriptPath).toMatch(/^\/api\/docs\/redoc-[\d.]+-[0-9a-f]{12}\.js$/);

    const script = await api(server, 'GET', scriptPath);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.text.length).toBeGreaterThan(500_000);
    expect(script.text).not.toContain('cdn.redoc.ly');
    // The page itself is not kept: it names the script, so a new version is picked up at once.
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('an old script URL is the API’s JSON 404, not a stale script', async () => {
    const response = await api(server, 'GET', '/api/docs/redoc-0.0.0-000000000000.js');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
