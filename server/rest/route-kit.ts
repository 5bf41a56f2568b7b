import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { AppError } from '../lib/errors.ts';

/** Marks a REST handler open to anonymous callers; the authorization matrix test reads the mark. */
export const PUBLIC_ROUTE = Symbol('public-route');

type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

export function publicRoute(handler: Handler): RequestHandler {
  const wrapped: RequestHandler = (req, res, next) => handler(req, res, next);
  Object.assign(wrapped, { [PUBLIC_ROUTE]: true });
  return wrapped;
}

/** A handler for a signed-in caller; anyone else gets 401 before the handler runs. */
export function signedIn(handler: (req: Request, res: Response, userId: string) => unknown): RequestHandler {
  return (req, res) => {
    const userId = res.locals.userId as string | null | undefined;
    if (!userId) throw new AppError('UNAUTHORIZED', 'Please sign in: send Authorization: Bearer <token>.');
    return handler(req, res, userId);
  };
}

export function isPublicRoute(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[PUBLIC_ROUTE] === true;
}

/** Parses with a shared schema; a failure is a 400 with field paths. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.validation(result.error, message);
  return result.data;
}
