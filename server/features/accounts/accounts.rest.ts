import type { Request, Response } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';
import {
  accountNameUpdateSchema,
  authResultSchema,
  emailChangeSchema,
  METADATA_LIMITS,
  metadataUpdateSchema,
  passwordChangeSchema,
  passwordResetRequestResultSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  sessionsRevokedSchema,
  signInSchema,
  signUpSchema,
  tokenResultSchema,
  userSchema,
} from '#shared/schemas/account.ts';
import type { AccountsService, SignedIn } from './accounts.service.ts';
import { bearerToken } from '../../auth/auth-provider.ts';
import { AppError } from '../../lib/errors.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';
import type { RateLimiters } from '../../rest/rate-limits.ts';

const bodies = named({
  SignUp: signUpSchema,
  AuthResult: authResultSchema,
  SignIn: signInSchema,
  Token: tokenResultSchema,
  User: userSchema,
  MetadataUpdate: metadataUpdateSchema,
  AccountNameUpdate: accountNameUpdateSchema,
  EmailChange: emailChangeSchema,
  PasswordChange: passwordChangeSchema,
  SessionsRevoked: sessionsRevokedSchema,
  PasswordResetRequest: passwordResetRequestSchema,
  PasswordResetRequestResult: passwordResetRequestResultSchema,
  PasswordReset: passwordResetSchema,
});

export const SESSION_COOKIE = 'trelli_session';

function sessionIdFrom(req: Request): string | undefined {
  const header = req.headers.cookie;
  return header ? parseCookie(header)[SESSION_COOKIE] : undefined;
}

/** Secure when the request came over https, or always when APP_ORIGIN is https (whatever a proxy forwards). */
function setSessionCookie(req: Request, res: Response, value: string, expires: Date, httpsOrigin: boolean): void {
  const secure = httpsOrigin || req.secure;
  res.append(
    'Set-Cookie',
    stringifySetCookie(SESSION_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/api/auth', expires }),
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
function signedInAnswer(req: Request, res: Response, signedIn: SignedIn, httpsOrigin: boolean) {
  setSessionCookie(req, res, signedIn.sessionId, signedIn.sessionExpiresAt, httpsOrigin);
  return { user: signedIn.user, token: signedIn.token };
}

/** Built-in accounts (DESIGN §3), mounted only when Clerk is not configured. */
export function authOperations(accounts: AccountsService, limits: RateLimiters, options: { httpsOrigin?: boolean } = {}): RestOperation[] {
  const httpsOrigin = options.httpsOrigin ?? false;
  return [
    operation({
      operationId: 'signUp',
      method: 'post',
      path: '/api/auth/sign-up',
      tag: 'Accounts',
      summary: 'Create an account',
      security: 'public',
      child: false,
      body: bodies.SignUp,
      rateLimits: [limits.authPerIp],
      errors: { 409: 'An account with this email already exists' },
      success: [{ status: 201, description: 'Signed up; also sets the session cookie', body: bodies.AuthResult, setsSessionCookie: true }],
      handle: async ({ req, res, body }) => signedInAnswer(req, res, await accounts.signUp(body), httpsOrigin),
    }),
    operation({
      operationId: 'signIn',
      method: 'post',
      path: '/api/auth/sign-in',
      tag: 'Accounts',
      summary: 'Sign in',
      security: 'public',
      child: false,
      body: bodies.SignIn,
      rateLimits: [limits.authPerIp, limits.signInFailuresPerEmail],
      errors: { 401: 'Wrong email or password' },
      success: [{ status: 200, description: 'Signed in; also sets the session cookie', body: bodies.AuthResult, setsSessionCookie: true }],
      handle: async ({ req, res, body }) => signedInAnswer(req, res, await accounts.signIn(body), httpsOrigin),
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
        { status: 200, description: 'A token valid for 10 minutes', body: bodies.Token },
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
        setSessionCookie(req, res, '', new Date(0), httpsOrigin);
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
      success: [{ status: 200, description: 'The user', body: bodies.User }],
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
      body: bodies.MetadataUpdate,
      errors: { 413: `The merged unsafeMetadata would be over ${METADATA_LIMITS.bytes / 1024} KB of JSON, or the body is over 1 MB` },
      success: [{ status: 200, description: 'The user', body: bodies.User }],
      handle: ({ userId, body }) => accounts.updateUnsafeMetadata(userId, body.unsafeMetadata),
    }),
    operation({
      operationId: 'updateAccountName',
      method: 'patch',
      path: '/api/auth/me',
      tag: 'Accounts',
      summary: "Set the account's name (an empty name clears it)",
      security: 'bearer',
      child: false,
      body: bodies.AccountNameUpdate,
      success: [{ status: 200, description: 'The user, with `fullName`', body: bodies.User }],
      handle: ({ userId, body }) => accounts.updateName(userId, body),
    }),
    operation({
      operationId: 'changeEmail',
      method: 'post',
      path: '/api/auth/me/email',
      tag: 'Accounts',
      summary: 'Change the email address (the current password is required)',
      security: 'bearer',
      child: false,
      body: bodies.EmailChange,
      rateLimits: [limits.authPerIp],
      errors: { 400: 'The current password is not right (issue on `currentPassword`)', 409: 'Another account uses this email' },
      success: [{ status: 200, description: 'The user with the new email', body: bodies.User }],
      handle: ({ userId, body }) => accounts.changeEmail(userId, body),
    }),
    operation({
      operationId: 'changePassword',
      method: 'post',
      path: '/api/auth/me/password',
      tag: 'Accounts',
      summary: 'Change the password (the current one is required); signs out every other session',
      description: "Every session but the one this request's token came from is revoked: their tokens are refused from their next request.",
      security: 'bearer',
      child: false,
      body: bodies.PasswordChange,
      rateLimits: [limits.authPerIp],
      errors: { 400: 'The current password is not right (issue on `currentPassword`), or the new one is too short' },
      success: [{ status: 200, description: 'Changed; how many other sessions were signed out', body: bodies.SessionsRevoked }],
      handle: ({ req, userId, body }) => accounts.changePassword(userId, bearerToken(req), body),
    }),
    operation({
      operationId: 'signOutOtherSessions',
      method: 'post',
      path: '/api/auth/sessions/revoke-others',
      tag: 'Accounts',
      summary: 'Sign out of every other device',
      description: "Revokes every session of the account but the one this request's token came from.",
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'How many sessions were signed out', body: bodies.SessionsRevoked }],
      handle: ({ req, userId }) => accounts.signOutOtherSessions(userId, bearerToken(req)),
    }),
    operation({
      operationId: 'requestPasswordReset',
      method: 'post',
      path: '/api/auth/password-reset',
      tag: 'Accounts',
      summary: 'Forgot password: email a reset link',
      description:
        'The answer is the same whether or not an account has this email. `delivery: "email"`: when one does, a link that works once ' +
        'for an hour is emailed to it. `delivery: "ask-admin"`: this server sends no mail; whoever runs it makes a link with ' +
        '`npm run account:reset-link`. The link is never part of an answer.',
      security: 'public',
      child: false,
      body: bodies.PasswordResetRequest,
      rateLimits: [limits.authPerIp],
      success: [{ status: 200, description: 'Taken; how a link would reach the person', body: bodies.PasswordResetRequestResult }],
      handle: ({ body }) => accounts.requestPasswordReset(body),
    }),
    operation({
      operationId: 'resetPassword',
      method: 'post',
      path: '/api/auth/password-reset/complete',
      tag: 'Accounts',
      summary: "Set a new password with a reset link's token",
      description:
        "The token is the `token` in the link's fragment (`/sign-in/reset-password#token=...`). It works once; using it ends every other " +
        'reset link of the account and every session (sign in again with the new password).',
      security: 'public',
      child: false,
      body: bodies.PasswordReset,
      rateLimits: [limits.authPerIp],
      errors: { 400: 'The link has expired or was already used (issue on `token`), or the new password is too short' },
      success: [{ status: 204, description: 'The password is changed; every session has ended' }],
      handle: async ({ body }) => {
        await accounts.resetPassword(body);
      },
    }),
  ];
}
