/**
 * The server's logs after a realistic session: one line per request with the fields an operator needs,
 * and never a token, a password, an email or a child's details.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { api, startTestServer, type ApiResponse, type TestServer } from '../helpers/test-server.ts';

interface RequestLine {
  msg: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  userId: string | null;
}

const SECRETS = {
  email: 'Zelda.Logtest@Example.com',
  password: 'hunter2-but-much-longer-passphrase',
  wrongPassword: 'wrong-passphrase-7781',
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  school: 'Brambleholt Academy',
  notes: 'Melts down when the fire alarm is tested; keep ear defenders in her bag',
  newNotes: 'Started occupational therapy on Tuesdays at the Larkspur clinic',
  diagnosis: 'Dyspraxia-marker-8842',
  interest: 'Origami-marker-5531',
  querySecret: 'query-secret-value-9917',
  metadataSecret: 'metadata-secret-value-6620',
};

describe.each(ENGINES)('request logs on %s', (engine) => {
  let server: TestServer;
  const sentTokens: string[] = [];
  const sessionCookies: string[] = [];
  let userId: string;
  let childId: number;
  let calls = 0;

  async function call(method: string, path: string, options: Parameters<typeof api>[3] = {}): Promise<ApiResponse<any>> {
    calls += 1;
    return api(server, method, path, options);
  }

  /** The session's answers, checked in the first test (hooks hold no assertions). */
  const statuses: { call: number; expected: number; actual: number }[] = [];
  function expectStatus(response: ApiResponse, expected: number): void {
    statuses.push({ call: calls, expected, actual: response.status });
  }

  function requestLines(): RequestLine[] {
    return server.logLines.map((line) => JSON.parse(line) as RequestLine).filter((entry) => entry.msg === 'request');
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });

    const signUp = await call('POST', '/api/auth/sign-up', { json: { email: SECRETS.email, password: SECRETS.password } });
    expectStatus(signUp, 201);
    userId = signUp.body.user.id;
    sentTokens.push(signUp.body.token);
    sessionCookies.push((signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '');

    expectStatus(await call('POST', '/api/auth/sign-in', { json: { email: SECRETS.email, password: SECRETS.wrongPassword } }), 401);
    const signIn = await call('POST', '/api/auth/sign-in', { json: { email: SECRETS.email.toLowerCase(), password: SECRETS.password } });
    expectStatus(signIn, 200);
    sentTokens.push(signIn.body.token);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    sessionCookies.push(cookie);

    const refreshed = await call('POST', '/api/auth/token', { headers: { cookie } });
    expectStatus(refreshed, 200);
    const token = refreshed.body.token as string;
    sentTokens.push(token);

    const created = await call('POST', '/api/children', {
      token,
      json: {
        firstName: SECRETS.firstName,
        lastName: SECRETS.lastName,
        dateOfBirth: '2015-03-14',
        school: SECRETS.school,
        notes: SECRETS.notes,
        diagnoses: [SECRETS.diagnosis],
        interests: [SECRETS.interest],
      },
    });
    expectStatus(created, 201);
    childId = created.body.id;

    // A rejected body that echoes the child's details must not end up in the logs either.
    expectStatus(
      await call('POST', '/api/children', {
        token,
        json: { firstName: SECRETS.firstName, dateOfBirth: '2099-01-01', notes: SECRETS.notes },
      }),
      400,
    );
    expectStatus(await call('PUT', `/api/children/${childId}`, { token, json: { notes: SECRETS.newNotes } }), 200);
    expectStatus(await call('GET', `/api/children?x=${SECRETS.querySecret}`, { token }), 200);
    expectStatus(await call('GET', `/api/children/${childId}`, { token }), 200);

    const trpcList = await call('GET', '/api/trpc/children.list', { token });
    expectStatus(trpcList, 200);
    const input = encodeURIComponent(JSON.stringify({ json: { id: childId } }));
    expectStatus(await call('GET', `/api/trpc/children.byId?input=${input}`, { token }), 200);
    const trpcUpdate = await call('POST', '/api/trpc/children.update', {
      token,
      json: { json: { id: childId, data: { lastName: `${SECRETS.lastName}-trpc`, diagnoses: [SECRETS.diagnosis, 'x'.repeat(81)] } } },
    });
    expectStatus(trpcUpdate, 400);

    expectStatus(
      await call('PATCH', '/api/auth/me/metadata', { token, json: { unsafeMetadata: { hasUsedApp: true, note: SECRETS.metadataSecret } } }),
      200,
    );
    expectStatus(await call('GET', '/api/auth/me', { token }), 200);
    expectStatus(await call('GET', '/api/children', { token: 'garbage.token.value' }), 401);
    expectStatus(await call('POST', '/api/auth/sign-out', { headers: { cookie } }), 204);

    // 'finish' fires as the response leaves; give the last lines a moment to be written.
    for (let i = 0; i < 50 && requestLines().length < calls; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  afterAll(() => server.close());

  it('the session went as planned', () => {
    expect(statuses.length).toBeGreaterThanOrEqual(15);
    expect(statuses).toEqual(statuses.map((entry) => ({ ...entry, actual: entry.expected })));
  });

  it('never writes a token, a session cookie, a password, an email or a child’s details', () => {
    const all = server.logLines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    const forbidden = [
      ...sentTokens,
      ...sentTokens.map((token) => token.split('.')[2] ?? token),
      ...sessionCookies.map((cookie) => cookie.split('=')[1] ?? cookie).filter((value) => value.length > 10),
      SECRETS.password,
      SECRETS.wrongPassword,
      SECRETS.firstName,
      SECRETS.lastName,
      SECRETS.school,
      SECRETS.notes,
      SECRETS.newNotes,
      SECRETS.diagnosis,
      SECRETS.interest,
      SECRETS.querySecret,
      SECRETS.metadataSecret,
      'Melts down',
      'occupational therapy',
    ];
    for (const secret of forbidden) expect(all, `the logs contain ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(all.toLowerCase()).not.toContain(SECRETS.email.toLowerCase());
    expect(all.toLowerCase()).not.toContain('zelda.logtest');
    expect(all).not.toMatch(/authorization|bearer|set-cookie|scrypt\$/i);
  });

  it('writes one request line per request with requestId, method, path without query, status, durationMs and userId', () => {
    const lines = requestLines();
    expect(lines).toHaveLength(calls);
    for (const line of lines) {
      expect(line).toEqual({
        level: 30,
        time: expect.any(Number),
        msg: 'request',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        method: expect.stringMatching(/^(GET|POST|PUT|PATCH|DELETE)$/),
        path: expect.stringMatching(/^\/[^?]*$/),
        status: expect.any(Number),
        durationMs: expect.any(Number),
        userId: line.userId,
      });
      expect([typeof line.userId, line.userId === null]).toEqual(line.userId === null ? ['object', true] : ['string', false]);
      expect(line.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(lines.map((line) => line.requestId)).size).toBe(lines.length);
  });

  it('drops the query string from the path', () => {
    const lines = requestLines();
    const listCalls = lines.filter((line) => line.method === 'GET' && line.path === '/api/children');
    expect(listCalls.map((line) => [line.status, line.userId])).toEqual([
      [200, userId],
      [401, null],
    ]);
    expect(lines.some((line) => line.path.includes('?') || line.path.includes('input='))).toBe(false);
    expect(lines.some((line) => line.method === 'GET' && line.path === '/api/trpc/children.byId')).toBe(true);
  });

  it('names the user on authenticated requests (REST and tRPC) and no one on anonymous ones', () => {
    const byRoute = (method: string, path: string) => requestLines().filter((line) => line.method === method && line.path === path);
    for (const [method, path, status] of [
      ['POST', '/api/children', 201],
      ['POST', '/api/children', 400],
      ['PUT', `/api/children/${childId}`, 200],
      ['GET', `/api/children/${childId}`, 200],
      ['GET', '/api/trpc/children.list', 200],
      ['GET', '/api/trpc/children.byId', 200],
      ['POST', '/api/trpc/children.update', 400],
      ['PATCH', '/api/auth/me/metadata', 200],
      ['GET', '/api/auth/me', 200],
    ] as const) {
      const matches = byRoute(method, path).filter((line) => line.status === status);
      expect(matches.length, `${method} ${path} ${status}`).toBeGreaterThanOrEqual(1);
      for (const line of matches) expect(line.userId, `${method} ${path}`).toBe(userId);
    }
    for (const line of byRoute('POST', '/api/auth/sign-in')) expect(line.userId).toBeNull();
    expect(
      byRoute('POST', '/api/auth/sign-in')
        .map((line) => line.status)
        .sort(),
    ).toEqual([200, 401]);
  });
});
