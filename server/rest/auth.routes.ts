import type { Request, Response } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';
import { METADATA_LIMITS } from '#shared/schemas/account.ts';
import type { AccountsService, SignedIn } from '../features/accounts/accounts.service.ts';
import { AppError } from '../lib/errors.ts';
import { operation, type RestOperation } from './operation.ts';
import type { RateLimiters } from './rate-limits.ts';

export const SESSION_COOKIE = 'trelli_session';

function sessionIdFrom(req: Request): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
}

function setSessionCookie(req: Request, res: Response, value: string, expires: Date): void {
  res.append(
    'Set-Cookie',
    stringifySetCookie(SESSION_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/api/auth', expires }),
  );
}

/** Cookie-reading endpoints refuse a cross-site Origin (SameSite=Lax already keeps the cookie off most of those). */
function assertSameOrigin(req: Request): void {
  const origin = req.headers.origin;
  if (!origin || origin === 'null') return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    // A malformed Origin is treated as foreign.
  }
  if (host !== req.headers.host) throw new AppError('FORBIDDEN', 'Cross-site requests cannot use the session cookie.');
}

/** Sets the session cookie; the answer (sent with the operation's status) is the user and a token. */
function signedInAnswer(req: Request, res: Response, signedIn: SignedIn) {
  setSessionCookie(req, res, signedIn.sessionId, signedIn.sessionExpiresAt);
  return { user: signedIn.user, token: signedIn.token };
}

/** Built-in accounts (DESIGN §3), mounted only when Clerk is not configured. */
export function authOperations(accounts: AccountsService, limits: RateLimiters): RestOperation[] {
  return [
    operation({
      operationId: 'signUp',
      method: 'post',
      path: '/api/auth/sign-up',
      tag: 'Accounts',
      summary: 'Create an account',
      security: 'public',
      child: false,
      body: 'SignUp',
      rateLimits: [limits.authPerIp],
      errors: { 409: 'An account with this email already exists' },
      success: [{ status: 201, description: 'Signed up; also sets the session cookie', body: 'AuthResult', setsSessionCookie: true }],
      handle: async ({ req, res, body }) => signedInAnswer(req, res, await accounts.signUp(body)),
    }),
    operation({
      operationId: 'signIn',
      method: 'post',
      path: '/api/auth/sign-in',
      tag: 'Accounts',
      summary: 'Sign in',
      security: 'public',
      child: false,
      body: 'SignIn',
      rateLimits: [limits.authPerIp, limits.signInFailuresPerEmail],
      errors: { 401: 'Wrong email or password' },
      success: [{ status: 200, description: 'Signed in; also sets the session cookie', body: 'AuthResult', setsSessionCookie: true }],
      handle: async ({ req, res, body }) => signedInAnswer(req, res, await accounts.signIn(body)),
    }),
    operation({
      operationId: 'createToken',
      method: 'post',
      path: '/api/auth/token',
      tag: 'Accounts',
      summary: 'A fresh bearer token from the session cookie',
      description: 'Browsers call this with the `trelli_session` cookie that sign-up and sign-in set.',
      security: 'session-cookie',
      child: false,
      errors: { 401: 'The session has ended or is not valid' },
      success: [
        { status: 200, description: 'A token valid for 10 minutes', body: 'Token' },
        { status: 204, description: 'No session cookie: signed out, no token' },
      ],
      handle: async ({ req, res }) => {
        assertSameOrigin(req);
        const sessionId = sessionIdFrom(req);
        // No cookie: a signed-out visitor, which is not an error (the browser would log a 401 on every page).
        if (!sessionId) {
          res.status(204).end();
          return;
        }
        return { token: await accounts.tokenForSession(sessionId) };
      },
    }),
    operation({
      operationId: 'signOut',
      method: 'post',
      path: '/api/auth/sign-out',
      tag: 'Accounts',
      summary: 'End the session',
      security: 'session-cookie',
      child: false,
      success: [{ status: 204, description: 'Signed out; the session cookie is cleared' }],
      handle: async ({ req, res }) => {
        assertSameOrigin(req);
        await accounts.signOut(sessionIdFrom(req));
        setSessionCookie(req, res, '', new Date(0));
      },
    }),
    operation({
      operationId: 'getMe',
      method: 'get',
      path: '/api/auth/me',
      tag: 'Accounts',
      summary: 'The signed-in user',
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'The user', body: 'User' }],
      handle: ({ userId }) => accounts.me(userId),
    }),
    operation({
      operationId: 'updateMetadata',
      method: 'patch',
      path: '/api/auth/me/metadata',
      tag: 'Accounts',
      summary: 'Merge into unsafeMetadata (null removes a key)',
      security: 'bearer',
      child: false,
      body: 'MetadataUpdate',
      errors: { 413: `The merged unsafeMetadata would be over ${METADATA_LIMITS.bytes / 1024} KB of JSON, or the body is over 1 MB` },
      success: [{ status: 200, description: 'The user', body: 'User' }],
      handle: ({ userId, body }) => accounts.updateUnsafeMetadata(userId, body.unsafeMetadata),
    }),
  ];
}
