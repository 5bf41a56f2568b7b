import type { Request, Response, Router } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';
import { metadataUpdateSchema, signInSchema, signUpSchema } from '#shared/schemas/account.ts';
import type { AccountsService, SignedIn } from '../features/accounts/accounts.service.ts';
import { AppError } from '../lib/errors.ts';
import type { RateLimiters } from './rate-limits.ts';
import { parseWith, publicRoute, signedIn } from './route-kit.ts';

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

function sendSignedIn(req: Request, res: Response, status: number, signedInResult: SignedIn): void {
  setSessionCookie(req, res, signedInResult.sessionId, signedInResult.sessionExpiresAt);
  res.status(status).json({ user: signedInResult.user, token: signedInResult.token });
}

/** Built-in accounts (DESIGN §3), mounted only when Clerk is not configured. */
export function registerAuthRoutes(router: Router, accounts: AccountsService, limits: RateLimiters): void {
  router.post(
    '/auth/sign-up',
    limits.authPerIp,
    publicRoute(async (req, res) => {
      const input = parseWith(signUpSchema, req.body);
      sendSignedIn(req, res, 201, await accounts.signUp(input));
    }),
  );
  router.post(
    '/auth/sign-in',
    limits.authPerIp,
    limits.signInFailuresPerEmail,
    publicRoute(async (req, res) => {
      const input = parseWith(signInSchema, req.body);
      sendSignedIn(req, res, 200, await accounts.signIn(input));
    }),
  );
  router.post(
    '/auth/token',
    publicRoute(async (req, res) => {
      assertSameOrigin(req);
      const sessionId = sessionIdFrom(req);
      // No cookie: a signed-out visitor, which is not an error (the browser would log a 401 on every page).
      if (!sessionId) {
        res.status(204).end();
        return;
      }
      res.json({ token: await accounts.tokenForSession(sessionId) });
    }),
  );
  router.post(
    '/auth/sign-out',
    publicRoute(async (req, res) => {
      assertSameOrigin(req);
      await accounts.signOut(sessionIdFrom(req));
      setSessionCookie(req, res, '', new Date(0));
      res.status(204).end();
    }),
  );
  router.get(
    '/auth/me',
    signedIn(async (_req, res, userId) => {
      res.json(await accounts.me(userId));
    }),
  );
  router.patch(
    '/auth/me/metadata',
    signedIn(async (req, res, userId) => {
      const { unsafeMetadata } = parseWith(metadataUpdateSchema, req.body);
      res.json(await accounts.updateUnsafeMetadata(userId, unsafeMetadata));
    }),
  );
}
