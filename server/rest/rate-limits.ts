import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from '../lib/errors.ts';

export interface Window {
  limit: number;
  windowMs: number;
}

export interface RateLimitSettings {
  /** Sign-in and sign-up attempts from one address. */
  authPerIp: Window;
  /** Failed sign-ins for one email, from anywhere. */
  signInFailuresPerEmail: Window;
  /** Contact-form messages from one address. */
  contactPerIp: Window;
  /** Files added or replaced by one account (each costs a read of its text and a thumbnail; decision 0074). */
  uploadsPerAccount?: Window;
  /** Requests from one address to operations a shared link opens, all of them together (decision 0089). */
  linkPerIp?: Window;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  authPerIp: { limit: 100, windowMs: 15 * MINUTE },
  signInFailuresPerEmail: { limit: 10, windowMs: 15 * MINUTE },
  contactPerIp: { limit: 5, windowMs: 60 * MINUTE },
  // A parent adding a folder of school papers at once stays well under it.
  uploadsPerAccount: { limit: 100, windowMs: 15 * MINUTE },
  // A school's teachers behind one address, each opening a form a few times, stay well under it.
  linkPerIp: { limit: 300, windowMs: 15 * MINUTE },
};

function limiter(window: Window, message: string, options: { key?: (req: Request) => string; failuresOnly?: boolean }): RequestHandler {
  return rateLimit({
    windowMs: window.windowMs,
    limit: window.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    keyGenerator: options.key ?? ((req) => ipKeyGenerator(req.ip ?? 'unknown')),
    handler: (req, res, next) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(window.windowMs / 1000);
      res.setHeader('Retry-After', String(seconds));
      next(new AppError('TOO_MANY_REQUESTS', message));
    },
  });
}

export function createRateLimiters(settings: RateLimitSettings) {
  return {
    authPerIp: limiter(settings.authPerIp, 'Too many attempts from this address. Please wait a few minutes and try again.', {}),
    signInFailuresPerEmail: limiter(
      settings.signInFailuresPerEmail,
      'Too many failed sign-ins for this email. Please wait a few minutes and try again.',
      {
        failuresOnly: true,
        key: (req) =>
          `email:${String((req.body as { email?: unknown } | undefined)?.email ?? '')
            .trim()
            .toLowerCase()}`,
      },
    ),
    contactPerIp: limiter(settings.contactPerIp, 'You have sent several messages already. Please wait a while before sending another.', {}),
    uploadsPerAccount: limiter(
      settings.uploadsPerAccount ?? (DEFAULT_RATE_LIMITS.uploadsPerAccount as Window),
      'You have added many files in a short time. Please wait a few minutes before adding more.',
      {
        // Signed in by now (the identity is read before the upload routes); a caller without one is answered 401 after.
        key: (req) => {
          const userId = (req.res?.locals.userId as string | null | undefined) ?? null;
          return userId ? `account:${userId}` : ipKeyGenerator(req.ip ?? 'unknown');
        },
      },
    ),
    linkPerIp: limiter(
      settings.linkPerIp ?? (DEFAULT_RATE_LIMITS.linkPerIp as Window),
      'Too many links opened from this address. Please wait a few minutes and try again.',
      {},
    ),
  };
}

export type RateLimiters = ReturnType<typeof createRateLimiters>;
