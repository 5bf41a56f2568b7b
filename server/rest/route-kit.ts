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

export function isPublicRoute(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[PUBLIC_ROUTE] === true;
}

/** Parses with a shared schema; a failure is a 400 with field paths. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.validation(result.error, message);
  return result.data;
}
