import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalTokens, TOKEN_TTL_SECONDS } from '../../server/auth/local.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../server/rest/rate-limits.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, TEST_AUTH_SECRET, validChild, type TestServer } from '../helpers/test-server.ts';
import { errorSummary, expectApiError, issuePaths } from '../helpers/integration-kit.ts';

const PASSWORD = 'correct horse battery';
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

let emailCounter = 0;
const freshEmail = (prefix = 'acct') => `${prefix}${++emailCounter}-${Date.now()}@example.com`;

/** `trelli_session=<value>` from a Set-Cookie header, ready for a Cookie header. */
function sessionCookie(setCookie: string | null): string {
  const match = /(?:^|,\s*)(trelli_session=[^;]*)/.exec(setCookie ?? '');
  if (!match?.[1]) throw new Error(`no session cookie in ${String(setCookie)}`);
  return match[1];
}

function signUp(server: TestServer, email: string, password = PASSWORD) {
  return api(server, 'POST', '/api/auth/sign-up', { json: { email, password } });
}

function signIn(server: TestServer, email: string, password = PASSWORD) {
  return api(server, 'POST', '/api/auth/sign-in', { json: { email, password } });
}

describe.each(ENGINES)('built-in accounts on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  describe('sign-up', () => {
    it('answers 201 {user, token} and sets an httpOnly SameSite=Lax session cookie', async () => {
      const email = freshEmail();
      const response = await signUp(server, `  ${email}  `);
      expect(response.status).toBe(201);
      expect(response.body).toStrictEqual({
        user: {
          id: expect.stringMatching(/^user_[\w-]+$/),
          emailAddresses: [{ emailAddress: email }],
          fullName: null,
          createdAt: expect.stringMatching(ISO_TIMESTAMP),
          publicMetadata: {},
          unsafeMetadata: {},
        },
        token: expect.stringMatching(JWT),
      });
      expect(response.text).not.toMatch(/scrypt|password/i);

      const setCookie = response.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^trelli_session=[\w-]{20,};/);
      expect(setCookie).toMatch(/;\s*HttpOnly/i);
      expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
      expect(setCookie).toMatch(/;\s*Path=\/api\/auth/i);
      const expires = /Expires=([^;]+)/i.exec(setCookie)?.[1];
      expect(Date.parse(expires ?? '')).toBeGreaterThan(Date.now() + 7 * 86_400_000);

      const children = await api(server, 'GET', '/api/children', { token: response.body.token });
      expect(children.status).toBe(200);
    });

    it('a password under 10 characters is 400 naming the password; 10 characters is enough', async () => {
      const email = freshEmail();
      const short = await signUp(server, email, '123456789');
      expect(issuePaths(short)).toEqual(['password']);
      expect((await signIn(server, email, '123456789')).status).toBe(401);
      expect((await signUp(server, email, '1234567890')).status).toBe(201);
    });

    it.each([
      ['an invalid email', { email: 'not-an-email', password: PASSWORD }, 'email'],
      ['a missing email', { password: PASSWORD }, 'email'],
      ['an unknown key', { email: 'x@example.com', password: PASSWORD, role: 'admin' }, 'role'],
    ])('%s is 400', async (_label, json, path) => {
      expect(issuePaths(await api(server, 'POST', '/api/auth/sign-up', { json }))).toContain(path);
    });

    it('a duplicate email is 409, whatever its case', async () => {
      const email = freshEmail('Dup');
      expect((await signUp(server, email)).status).toBe(201);
      expectApiError(await signUp(server, email, 'another long password'), 409, 'CONFLICT');
      expectApiError(await signUp(server, email.toLowerCase(), 'another long password'), 409, 'CONFLICT');
      expectApiError(await signUp(server, email.toUpperCase(), 'another long password'), 409, 'CONFLICT');
      // The original password still signs in: the conflict changed nothing.
      expect((await signIn(server, email)).status).toBe(200);
    });
  });

  describe('sign-in', () => {
    it('answers 200 {user, token} and a session cookie; the email is matched without regard to case', async () => {
      const email = freshEmail('Casey');
      const created = await signUp(server, email);
      const response = await signIn(server, email.toUpperCase());
      expect(response.status).toBe(200);
      expect(response.body).toStrictEqual({ user: created.body.user, token: expect.stringMatching(JWT) });
      expect(response.headers.get('set-cookie')).toMatch(/^trelli_session=.+HttpOnly.*SameSite=Lax/i);
    });

    it('a wrong password and an unknown email get the same 401', async () => {
      const email = freshEmail();
      await signUp(server, email);
      const wrongPassword = await signIn(server, email, 'not the password');
      const unknownEmail = await signIn(server, freshEmail('nobody'));
      expectApiError(wrongPassword, 401, 'UNAUTHORIZED');
      expectApiError(unknownEmail, 401, 'UNAUTHORIZED');
      expect(wrongPassword.text).toBe(unknownEmail.text);
      expect(wrongPassword.headers.get('set-cookie')).toBeNull();
    });

    it('an empty body is 400, not 401 or 500', async () => {
      expect(errorSummary(await api(server, 'POST', '/api/auth/sign-in', { json: {} }))).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        json: true,
      });
    });

    it('an email holding a NUL character is refused with a 4xx, never a 5xx', async () => {
      const response = await signIn(server, 'nul\u0000@example.com');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });
  });

  describe('session cookie, token and sign-out', () => {
    it('POST /api/auth/token with the cookie gives a working token; without one, 204 (signed out); a dead one, 401', async () => {
      const { cookie } = await signUpParent(server);
      const response = await api(server, 'POST', '/api/auth/token', { headers: { cookie: sessionCookie(cookie) } });
      expect(response.status).toBe(200);
      expect(response.body).toStrictEqual({ token: expect.stringMatching(JWT) });
      expect((await api(server, 'GET', '/api/children', { token: response.body.token })).status).toBe(200);

      const signedOut = await api(server, 'POST', '/api/auth/token');
      expect([signedOut.status, signedOut.text]).toEqual([204, '']);
      const described = (await api(server, 'GET', '/api/openapi.json')).body.paths['/api/auth/token'].post.responses;
      expect(Object.keys(described)).toEqual(expect.arrayContaining(['200', '204', '401']));
      expectApiError(
        await api(server, 'POST', '/api/auth/token', { headers: { cookie: 'trelli_session=forged-session-id' } }),
        401,
        'UNAUTHORIZED',
      );
    });

    it('a bearer token is not a session: /api/auth/token wants the cookie', async () => {
      const { token } = await signUpParent(server);
      const response = await api(server, 'POST', '/api/auth/token', { token });
      expect([response.status, response.text]).toEqual([204, '']);
    });

    it('refuses the cookie from a cross-site Origin', async () => {
      const { cookie } = await signUpParent(server);
      const response = await api(server, 'POST', '/api/auth/token', {
        headers: { cookie: sessionCookie(cookie), origin: 'https://evil.example.com' },
      });
      expect(errorSummary(response)).toEqual({ status: 403, code: 'FORBIDDEN', json: true });
      const malformed = await api(server, 'POST', '/api/auth/token', {
        headers: { cookie: sessionCookie(cookie), origin: 'not a url' },
      });
      expect(errorSummary(malformed)).toEqual({ status: 403, code: 'FORBIDDEN', json: true });
    });

    it('sign-out answers 204, clears the cookie, and revokes the session on the server (other sessions live on)', async () => {
      const email = freshEmail();
      const first = sessionCookie((await signUp(server, email)).headers.get('set-cookie'));
      const second = sessionCookie((await signIn(server, email)).headers.get('set-cookie'));

      const out = await api(server, 'POST', '/api/auth/sign-out', { headers: { cookie: first } });
      expect(out.status).toBe(204);
      expect(out.text).toBe('');
      const cleared = out.headers.get('set-cookie') ?? '';
      expect(cleared).toMatch(/^trelli_session=;/);
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

      // The old cookie, replayed by someone who kept it, is dead.
      expectApiError(await api(server, 'POST', '/api/auth/token', { headers: { cookie: first } }), 401, 'UNAUTHORIZED');
      expect((await api(server, 'POST', '/api/auth/token', { headers: { cookie: second } })).status).toBe(200);
    });

    it('sign-out without a cookie is still 204', async () => {
      expect((await api(server, 'POST', '/api/auth/sign-out')).status).toBe(204);
    });
  });

  describe('GET /api/auth/me and PATCH /api/auth/me/metadata', () => {
    it('me is the SPEC User: id, emailAddresses, fullName, createdAt, publicMetadata, unsafeMetadata', async () => {
      const parent = await signUpParent(server);
      const me = await api(server, 'GET', '/api/auth/me', { token: parent.token });
      expect(me.status).toBe(200);
      expect(me.body).toStrictEqual({
        id: parent.userId,
        emailAddresses: [{ emailAddress: parent.email }],
        fullName: null,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        publicMetadata: {},
        unsafeMetadata: {},
      });
      expectApiError(await api(server, 'GET', '/api/auth/me'), 401, 'UNAUTHORIZED');
    });

    it('metadata PATCH merges, and null removes a key', async () => {
      const parent = await signUpParent(server);
      const patch = (unsafeMetadata: unknown) =>
        api(server, 'PATCH', '/api/auth/me/metadata', { token: parent.token, json: { unsafeMetadata } });

      const first = await patch({ hasUsedApp: true, theme: 'dark' });
      expect(first.status).toBe(200);
      expect(first.body.unsafeMetadata).toStrictEqual({ hasUsedApp: true, theme: 'dark' });

      const second = await patch({ theme: null, tour: { step: 2 } });
      expect(second.body.unsafeMetadata).toStrictEqual({ hasUsedApp: true, tour: { step: 2 } });

      const me = await api(server, 'GET', '/api/auth/me', { token: parent.token });
      expect(me.body).toStrictEqual({ ...second.body, publicMetadata: {} });
    });

    it('publicMetadata cannot be written by the user, and bad metadata is 400; nothing changes', async () => {
      const parent = await signUpParent(server);
      const patch = (json: unknown) => api(server, 'PATCH', '/api/auth/me/metadata', { token: parent.token, json });
      expect(issuePaths(await patch({ publicMetadata: { childCount: 99, hasCompletedOnboarding: true } }))).toContain('publicMetadata');
      expectApiError(await patch({ unsafeMetadata: 'yes' }), 400, 'BAD_REQUEST');
      expectApiError(await patch({ unsafeMetadata: [1, 2] }), 400, 'BAD_REQUEST');
      const me = await api(server, 'GET', '/api/auth/me', { token: parent.token });
      expect(me.body.publicMetadata).toStrictEqual({});
      expect(me.body.unsafeMetadata).toStrictEqual({});
    });

    it('metadata holding a NUL character is refused with a 4xx, never a 5xx', async () => {
      const parent = await signUpParent(server);
      const response = await api(server, 'PATCH', '/api/auth/me/metadata', {
        token: parent.token,
        json: { unsafeMetadata: { note: 'a\u0000b' } },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });

    it('anonymous metadata PATCH is 401', async () => {
      expect(errorSummary(await api(server, 'PATCH', '/api/auth/me/metadata', { json: { unsafeMetadata: { a: 1 } } }))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        json: true,
      });
    });
  });

  describe('bearer tokens', () => {
    it(`live ${TOKEN_TTL_SECONDS / 60} minutes: one issued 9 minutes ago works, one issued 11 minutes ago is 401`, async () => {
      const parent = await signUpParent(server);
      const tokens = new LocalTokens(TEST_AUTH_SECRET);
      const fresh = await tokens.issue(parent.userId, new Date(Date.now() - 9 * 60_000));
      const stale = await tokens.issue(parent.userId, new Date(Date.now() - 11 * 60_000));
      expect((await api(server, 'GET', '/api/children', { token: fresh })).status).toBe(200);
      expectApiError(await api(server, 'GET', '/api/children', { token: stale }), 401, 'UNAUTHORIZED');
      expectApiError(await api(server, 'GET', '/api/auth/me', { token: stale }), 401, 'UNAUTHORIZED');
    });

    it('a token signed with another secret is 401', async () => {
      const parent = await signUpParent(server);
      const forged = await new LocalTokens('another-secret-that-is-also-long-enough-to-sign').issue(parent.userId);
      expect(errorSummary(await api(server, 'GET', '/api/children', { token: forged }))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        json: true,
      });
    });

    it('a token with the right secret but another audience or issuer, or alg "none", is 401', async () => {
      const parent = await signUpParent(server);
      const key = new TextEncoder().encode(TEST_AUTH_SECRET);
      const now = Math.floor(Date.now() / 1000);
      const signed = (issuer: string, audience: string) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(parent.userId)
          .setIssuer(issuer)
          .setAudience(audience)
          .setIssuedAt(now)
          .setExpirationTime(now + 60)
          .sign(key);
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(
        JSON.stringify({ sub: parent.userId, iss: 'trelli', aud: 'trelli-api', iat: now, exp: now + 60 }),
      ).toString('base64url');
      const tokens = {
        control: await signed('trelli', 'trelli-api'),
        wrongAudience: await signed('trelli', 'someone-else'),
        wrongIssuer: await signed('someone-else', 'trelli-api'),
        algNone: `${header}.${payload}.`,
      };
      const statuses: Record<string, number> = {};
      for (const [name, token] of Object.entries(tokens)) statuses[name] = (await api(server, 'GET', '/api/children', { token })).status;
      expect(statuses).toEqual({ control: 200, wrongAudience: 401, wrongIssuer: 401, algNone: 401 });
    });
  });

  describe('publicMetadata follows the children', () => {
    it('childCount and hasCompletedOnboarding go 0 → 1 → 2 → 1 → 0, through REST and tRPC alike', async () => {
      const parent = await signUpParent(server);
      const other = await signUpParent(server);
      const metadata = async () => (await api(server, 'GET', '/api/auth/me', { token: parent.token })).body.publicMetadata;
      expect(await metadata()).toStrictEqual({});

      const first = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
      expect(await metadata()).toStrictEqual({ childCount: 1, hasCompletedOnboarding: true });
      const second = await api(server, 'POST', '/api/children', { token: parent.token, json: { ...validChild, firstName: 'Leo' } });
      expect(await metadata()).toStrictEqual({ childCount: 2, hasCompletedOnboarding: true });

      // Another parent's failed attempt changes nothing.
      await api(server, 'DELETE', `/api/children/${first.body.id}`, { token: other.token });
      expect(await metadata()).toStrictEqual({ childCount: 2, hasCompletedOnboarding: true });
      // Neither does a rejected create.
      await api(server, 'POST', '/api/children', { token: parent.token, json: { firstName: '' } });
      expect(await metadata()).toStrictEqual({ childCount: 2, hasCompletedOnboarding: true });

      await api(server, 'DELETE', `/api/children/${first.body.id}`, { token: parent.token });
      expect(await metadata()).toStrictEqual({ childCount: 1, hasCompletedOnboarding: true });
      await api(server, 'POST', `/api/trpc/children.delete`, { token: parent.token, json: { json: { id: second.body.id } } });
      expect(await metadata()).toStrictEqual({ childCount: 0, hasCompletedOnboarding: false });
      expect((await api(server, 'GET', '/api/auth/me', { token: other.token })).body.publicMetadata).toStrictEqual({});
    });

    it('user metadata written through PATCH survives child changes (and the reverse)', async () => {
      const parent = await signUpParent(server);
      await api(server, 'PATCH', '/api/auth/me/metadata', { token: parent.token, json: { unsafeMetadata: { hasUsedApp: true } } });
      await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
      const me = await api(server, 'GET', '/api/auth/me', { token: parent.token });
      expect(me.body.unsafeMetadata).toStrictEqual({ hasUsedApp: true });
      expect(me.body.publicMetadata).toStrictEqual({ childCount: 1, hasCompletedOnboarding: true });
    });
  });

  describe('rate limits', () => {
    const generous = { limit: 10_000, windowMs: 60_000 };

    async function limitedServer(rateLimits: RateLimitSettings): Promise<TestServer> {
      return startTestServer({ engine, database: server.database, rateLimits });
    }

    function expectRateLimited(response: Awaited<ReturnType<typeof signIn>>) {
      expectApiError(response, 429, 'TOO_MANY_REQUESTS');
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    it('failed sign-ins per email: the 4th failure is 429 with Retry-After, for that email only', async () => {
      const limited = await limitedServer({
        ...DEFAULT_RATE_LIMITS,
        authPerIp: generous,
        signInFailuresPerEmail: { limit: 3, windowMs: 60_000 },
      });
      try {
        const email = freshEmail('Target');
        const bystander = freshEmail('bystander');
        await signUp(limited, email);
        await signUp(limited, bystander);

        // The counter ignores case and surrounding spaces in the email.
        for (const variant of [email, email.toLowerCase(), ` ${email.toUpperCase()} `]) {
          expectApiError(await signIn(limited, variant, 'wrong password!'), 401, 'UNAUTHORIZED');
        }
        expectRateLimited(await signIn(limited, email, 'wrong password!'));
        // Even the right password waits: the account is protected, not just the guesser.
        expectRateLimited(await signIn(limited, email));

        expect((await signIn(limited, bystander)).status).toBe(200);
        expectApiError(await signIn(limited, bystander, 'wrong password!'), 401, 'UNAUTHORIZED');
        // The main server keeps its own counters.
        expect((await signIn(server, email)).status).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('successful sign-ins do not count towards the per-email limit', async () => {
      const limited = await limitedServer({
        ...DEFAULT_RATE_LIMITS,
        authPerIp: generous,
        signInFailuresPerEmail: { limit: 2, windowMs: 60_000 },
      });
      try {
        const email = freshEmail();
        await signUp(limited, email);
        const statuses = [];
        for (let i = 0; i < 4; i += 1) statuses.push((await signIn(limited, email)).status);
        expect(statuses).toEqual([200, 200, 200, 200]);
      } finally {
        await limited.close();
      }
    });

    it('attempts per IP: sign-in and sign-up share the budget; other routes are not limited', async () => {
      const limited = await limitedServer({
        ...DEFAULT_RATE_LIMITS,
        authPerIp: { limit: 3, windowMs: 60_000 },
        signInFailuresPerEmail: generous,
      });
      try {
        expect((await signUp(limited, freshEmail())).status).toBe(201);
        expect((await signIn(limited, freshEmail('a'))).status).toBe(401);
        expect((await signIn(limited, freshEmail('b'))).status).toBe(401);
        expectRateLimited(await signIn(limited, freshEmail('c')));
        expectRateLimited(await signUp(limited, freshEmail('d')));
        expect((await api(limited, 'GET', '/api/feature-flags')).status).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });
});
