import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { pathIdSchema } from '#shared/schemas/child.ts';
import type { ChildScope } from '../core/child-scope.ts';
import { AppError } from '../lib/errors.ts';
import type { Services } from '../services.ts';

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

/** The `:id` in a path, or a 400 naming it. */
export function pathId(raw: unknown): number {
  return parseWith(pathIdSchema, raw, 'The id in the path must be a positive whole number');
}

/** A handler about one of the caller's children, named by `?childId=`; another parent's child is a 404. */
export function childScoped(services: Services, handler: (req: Request, res: Response, scope: ChildScope) => unknown): RequestHandler {
  return signedIn(async (req, res, userId) => {
    const raw = req.query.childId;
    if (typeof raw !== 'string') {
      throw new AppError('BAD_REQUEST', 'Add ?childId=<id> to say which child this is about', [{ path: 'childId', message: 'Required' }]);
    }
    const childId = parseWith(pathIdSchema, raw, 'childId must be a positive whole number');
    return handler(req, res, await services.children.scope(userId, childId));
  });
}
