import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NAME_MAX_LENGTH } from '#shared/schemas/account.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { errorSummary, expectApiError, issuePaths } from '../helpers/integration-kit.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../helpers/test-mail.ts';
import { api, signUpParent, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { clientError, clientIssues, typedClient } from '../helpers/trpc-client.ts';

const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'another long password';
const APP_URL = 'https://trelli.example.com';

let emailCounter = 0;
const freshEmail = (prefix = 'settings') => `${prefix}${++emailCounter}-${Date.now()}@example.com`;

const signIn = (server: TestServer, email: string, password = PASSWORD) =>
  api<{ token: string }>(server, 'POST', '/api/auth/sign-in', { json: { email, password } });

/** A second signed-in device of the same account: its token and its session cookie. */
async function anotherDevice(server: TestServer, email: string, password = PASSWORD) {
  const response = await signIn(server, email, password);
  expect(response.status).toBe(200);
  const cookie = /(trelli_session=[^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { token: response.body.token, cookie };
}

/** Whether a bearer token still opens the API. */
async function tokenWorks(server: TestServer, token: string): Promise<boolean> {
  const status = (await api(server, 'GET', '/api/auth/me', { token })).status;
  if (status !== 200 && status !== 401) throw new Error(`unexpected status ${status}`);
  return status === 200;
}

/** The reset token in an emailed link (`.../sign-in/reset-password#token=...`). */
function tokenOf(mail: ReceivedMail): string {
  const link = mail.links.find((candidate) => candidate.includes('/sign-in/reset-password#token='));
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(link).hash.slice('#token='.length);
}

describe.each(ENGINES)('account settings on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  const clock = { offsetMs: 0 };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      engine,
      smtpUrl: smtp.url,
      appOrigin: APP_URL,
      now: () => new Date(Date.now() + clock.offsetMs),
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  describe('name', () => {
    it('is set (trimmed), shown as fullName, and cleared with an empty name; over REST and tRPC', async () => {
      const parent = await signUpParent(server);
      const me = async () => (await api(server, 'GET', '/api/auth/me', { token: parent.token })).body.fullName as string | null;
      expect(await me()).toBeNull();

      const named = await api(server, 'PATCH', '/api/auth/me', { token: parent.token, json: { name: '  Sam Rivera ' } });
      expect(named.status).toBe(200);
      expect(named.body.fullName).toBe('Sam Rivera');
      expect(await me()).toBe('Sam Rivera');

      const viaTrpc = await typedClient(server, parent.token).accounts.updateName.mutate({ name: 'Sam R.' });
      expect(viaTrpc.fullName).toBe('Sam R.');
      expect((await api(server, 'PATCH', '/api/auth/me', { token: parent.token, json: { name: '' } })).body.fullName).toBeNull();
      expect(await me()).toBeNull();
    });

    it(`over ${ACCOUNT_NAME_MAX_LENGTH} characters, or with an unknown key, is 400 and changes nothing`, async () => {
      const parent = await signUpParent(server);
      const tooLong = await api(server, 'PATCH', '/api/auth/me', {
        token: parent.token,
        json: { name: 'x'.repeat(ACCOUNT_NAME_MAX_LENGTH + 1) },
      });
      expect(issuePaths(tooLong)).toEqual(['name']);
      const extra = await api(server, 'PATCH', '/api/auth/me', { token: parent.token, json: { name: 'Sam', email: 'x@example.com' } });
      expect(issuePaths(extra)).toEqual(['email']);
      expect((await api(server, 'GET', '/api/auth/me', { token: parent.token })).body.fullName).toBeNull();
      expectApiError(await api(server, 'PATCH', '/api/auth/me', { json: { name: 'Sam' } }), 401, 'UNAUTHORIZED');
    });
  });

  describe('email', () => {
    it('a wrong current password is 400 on currentPassword and keeps the old email', async () => {
      const parent = await signUpParent(server);
      const wrong = await api(server, 'POST', '/api/auth/me/email', {
        token: parent.token,
        json: { email: freshEmail(), currentPassword: 'not the password' },
      });
      expect(issuePaths(wrong)).toEqual(['currentPassword']);
      expect((await signIn(server, parent.email)).status).toBe(200);
    });

    it("another account's email (in any case) is 409 on email", async () => {
      const parent = await signUpParent(server);
      const other = await signUpParent(server);
      const taken = await api(server, 'POST', '/api/auth/me/email', {
        token: parent.token,
        json: { email: other.email.toUpperCase(), currentPassword: PASSWORD },
      });
      expect(expectApiError(taken, 409, 'CONFLICT').issues?.map((issue) => issue.path)).toEqual(['email']);
      const viaTrpc = await clientError(
        typedClient(server, parent.token).accounts.changeEmail.mutate({ email: other.email, currentPassword: PASSWORD }),
      );
      expect(viaTrpc.data?.code).toBe('CONFLICT');
      expect((await signIn(server, other.email)).status).toBe(200);
    });

    it('with the current password, the new email signs in and the old one no longer does', async () => {
      const parent = await signUpParent(server);
      const next = freshEmail('moved');
      const changed = await api(server, 'POST', '/api/auth/me/email', {
        token: parent.token,
        json: { email: next, currentPassword: PASSWORD },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.emailAddresses).toEqual([{ emailAddress: next }]);
      expect((await signIn(server, next)).status).toBe(200);
      expect((await signIn(server, parent.email)).status).toBe(401);
    });
  });

  describe('password', () => {
    it('a wrong current password is 400 on currentPassword; a short new one is 400 on newPassword; neither changes it', async () => {
      const parent = await signUpParent(server);
      const client = typedClient(server, parent.token);
      const wrong = await clientError(
        client.accounts.changePassword.mutate({ currentPassword: 'not the password', newPassword: NEW_PASSWORD }),
      );
      expect(clientIssues(wrong).map((issue) => issue.path)).toEqual(['currentPassword']);
      const short = await api(server, 'POST', '/api/auth/me/password', {
        token: parent.token,
        json: { currentPassword: PASSWORD, newPassword: 'short' },
      });
      expect(issuePaths(short)).toEqual(['newPassword']);
      expect((await signIn(server, parent.email)).status).toBe(200);
      expect((await signIn(server, parent.email, NEW_PASSWORD)).status).toBe(401);
    });

    it('changing it signs out every other device at once; this device stays signed in; the new password signs in', async () => {
      const parent = await signUpParent(server);
      const laptop = await anotherDevice(server, parent.email);
      expect(await tokenWorks(server, laptop.token)).toBe(true);

      const changed = await api(server, 'POST', '/api/auth/me/password', {
        token: parent.token,
        json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ revoked: 1 });

      expect(await tokenWorks(server, laptop.token)).toBe(false);
      expect((await api(server, 'POST', '/api/auth/token', { headers: { cookie: laptop.cookie } })).status).toBe(401);
      expect(await tokenWorks(server, parent.token)).toBe(true);
      expect((await signIn(server, parent.email)).status).toBe(401);
      expect((await signIn(server, parent.email, NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe('sign out of every other device', () => {
    it("revokes the other sessions (their tokens and cookies stop at once), not this one, not another account's", async () => {
      const parent = await signUpParent(server);
      const phone = await anotherDevice(server, parent.email);
      const tablet = await anotherDevice(server, parent.email);
      const stranger = await signUpParent(server);
      // Each token has been seen and trusted before the revocation.
      for (const token of [parent.token, phone.token, tablet.token, stranger.token]) expect(await tokenWorks(server, token)).toBe(true);

      const answer = await typedClient(server, parent.token).accounts.signOutOtherSessions.mutate();
      expect(answer).toEqual({ revoked: 2 });

      expect(await tokenWorks(server, phone.token)).toBe(false);
      expect(await tokenWorks(server, tablet.token)).toBe(false);
      expect((await api(server, 'POST', '/api/auth/token', { headers: { cookie: phone.cookie } })).status).toBe(401);
      expect(await tokenWorks(server, parent.token)).toBe(true);
      expect(await tokenWorks(server, stranger.token)).toBe(true);

      const again = await api(server, 'POST', '/api/auth/sessions/revoke-others', { token: parent.token });
      expect(again.body).toEqual({ revoked: 0 });
      expectApiError(await api(server, 'POST', '/api/auth/sessions/revoke-others'), 401, 'UNAUTHORIZED');
    });
  });

  describe('password reset by email', () => {
    const requestReset = (email: string) => api(server, 'POST', '/api/auth/password-reset', { json: { email } });
    const complete = (token: string, newPassword = NEW_PASSWORD) =>
      api(server, 'POST', '/api/auth/password-reset/complete', { json: { token, newPassword } });

    it('emails a link to the app that works once, ends every session, and never appears in an answer or the log', async () => {
      const parent = await signUpParent(server);
      const laptop = await anotherDevice(server, parent.email);
      const requested = await requestReset(`  ${parent.email.toUpperCase()} `);
      expect(requested.status).toBe(200);
      expect(requested.body).toEqual({ delivery: 'email' });

      const mail = await smtp.next((message) => message.to.includes(parent.email));
      expect(mail.subject).toBe('Reset your Trelli password');
      const link = mail.links.find((candidate) => candidate.includes('#token='));
      expect(link).toMatch(/^https:\/\/trelli\.example\.com\/sign-in\/reset-password#token=[\w-]{43}$/);
      const token = tokenOf(mail);
      expect(requested.text).not.toContain(token);
      const stored = await server.db.selectFrom('passwordResets').selectAll().execute();
      expect(stored.some((row) => row.tokenHash === token)).toBe(false);

      const done = await complete(token);
      expect(done.status).toBe(204);
      expect(await tokenWorks(server, parent.token)).toBe(false);
      expect(await tokenWorks(server, laptop.token)).toBe(false);
      expect((await signIn(server, parent.email)).status).toBe(401);
      expect((await signIn(server, parent.email, NEW_PASSWORD)).status).toBe(200);

      const reused = await complete(token, 'a third long password');
      expect(errorSummary(reused)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(issuePaths(reused)).toEqual(['token']);
      expect((await signIn(server, parent.email, NEW_PASSWORD)).status).toBe(200);
      expect(server.logLines.join('')).not.toContain(token);
    });

    it("using one link kills the account's earlier links", async () => {
      const parent = await signUpParent(server);
      await requestReset(parent.email);
      const first = tokenOf(await smtp.next((message) => message.to.includes(parent.email)));
      await requestReset(parent.email);
      const second = tokenOf(await smtp.next((message) => message.to.includes(parent.email)));
      expect(second).not.toBe(first);

      expect((await complete(second)).status).toBe(204);
      expect(issuePaths(await complete(first, 'a third long password'))).toEqual(['token']);
      expect((await signIn(server, parent.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('a link works for an hour and not after', async () => {
      const parent = await signUpParent(server);
      await requestReset(parent.email);
      const late = tokenOf(await smtp.next((message) => message.to.includes(parent.email)));
      await requestReset(parent.email);
      const inTime = tokenOf(await smtp.next((message) => message.to.includes(parent.email)));
      try {
        clock.offsetMs = 61 * 60_000;
        expect(issuePaths(await complete(late))).toEqual(['token']);
        clock.offsetMs = 59 * 60_000;
        expect((await complete(inTime)).status).toBe(204);
      } finally {
        clock.offsetMs = 0;
      }
      expect((await signIn(server, parent.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('an unknown email gets the same answer and no mail; a made-up token is refused', async () => {
      const parent = await signUpParent(server);
      const unknown = freshEmail('nobody');
      const forUnknown = await requestReset(unknown);
      const forKnown = await requestReset(parent.email);
      expect({ status: forUnknown.status, body: forUnknown.body }).toEqual({ status: forKnown.status, body: forKnown.body });
      await smtp.next((message) => message.to.includes(parent.email));
      expect(smtp.messages.filter((message) => message.to.includes(unknown))).toEqual([]);

      expect(issuePaths(await complete('x'.repeat(43)))).toEqual(['token']);
      expect(issuePaths(await requestReset('not-an-email'))).toEqual(['email']);
    });
  });
});

describe('password reset without mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine: 'pglite' });
  });
  afterAll(() => server.close());

  it('answers "ask-admin" for every address and makes no link; the script\'s link (the service) works once', async () => {
    const parent = await signUpParent(server);
    const known = await api(server, 'POST', '/api/auth/password-reset', { json: { email: parent.email } });
    const unknown = await api(server, 'POST', '/api/auth/password-reset', { json: { email: freshEmail('nobody') } });
    expect(known.body).toEqual({ delivery: 'ask-admin' });
    expect(unknown.body).toEqual(known.body);
    expect(await server.db.selectFrom('passwordResets').select('tokenHash').execute()).toEqual([]);

    const accounts = server.services.accounts;
    if (!accounts) throw new Error('built-in accounts expected');
    const link = await accounts.createResetLink(parent.email);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/sign-in\/reset-password#token=[\w-]{43}$/);
    const token = new URL(link).hash.slice('#token='.length);
    const reset = (newPassword: string) => api(server, 'POST', '/api/auth/password-reset/complete', { json: { token, newPassword } });
    expect((await reset(NEW_PASSWORD)).status).toBe(204);
    expect((await reset('a third long password')).status).toBe(400);
    expect((await signIn(server, parent.email, NEW_PASSWORD)).status).toBe(200);
    await expect(accounts.createResetLink(freshEmail('nobody'))).rejects.toThrow('No built-in account has this email.');
  });

  /** A second server on the same database whose per-address limit for account requests is `authPerIp`. */
  const limitedServer = (authPerIp: number) =>
    startTestServer({
      engine: 'pglite',
      database: server.database,
      rateLimits: {
        authPerIp: { limit: authPerIp, windowMs: 60_000 },
        signInFailuresPerEmail: { limit: 100, windowMs: 60_000 },
        contactPerIp: { limit: 100, windowMs: 60_000 },
      },
    });

  it('is rate-limited like sign-in', async () => {
    const limited = await limitedServer(2);
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await api(limited, 'POST', '/api/auth/password-reset', { json: { email: freshEmail() } })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('guessing the current password through tRPC meets the same limit as over REST', async () => {
    const limited = await limitedServer(3);
    try {
      const parent = await signUpParent(server);
      const guess = (currentPassword: string) =>
        api(limited, 'POST', '/api/trpc/accounts.changePassword', {
          token: parent.token,
          json: { json: { currentPassword, newPassword: NEW_PASSWORD } },
        });
      const statuses = [];
      for (const attempt of ['guess one', 'guess two', 'guess three', 'guess four']) statuses.push((await guess(attempt)).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      // Reading the account is not limited.
      expect((await api(limited, 'GET', '/api/trpc/children.list', { token: parent.token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('with Clerk', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      engine: 'pglite',
      clerk: {
        publishableKey: `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`,
        secretKey: 'sk_test_x',
        jwtKey: undefined,
        authorizedParties: [],
      },
    });
  });
  afterAll(() => server.close());

  it('offers none of the built-in account operations (Clerk keeps names, emails, passwords and sessions)', async () => {
    for (const [method, path] of [
      ['PATCH', '/api/auth/me'],
      ['POST', '/api/auth/me/email'],
      ['POST', '/api/auth/me/password'],
      ['POST', '/api/auth/sessions/revoke-others'],
      ['POST', '/api/auth/password-reset'],
      ['POST', '/api/auth/password-reset/complete'],
    ] as const) {
      expect({ path, status: (await api(server, method, path, { json: {} })).status }).toEqual({ path, status: 404 });
    }
  });
});
