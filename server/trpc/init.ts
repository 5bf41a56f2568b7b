import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { toIssues } from '#shared/api-error.ts';
import { childRecordSchema, childScopeSchema } from '#shared/schemas/child.ts';
import type { ChildAction, ChildRole } from '#shared/schemas/roles.ts';
import { isDatabaseUnavailable, isRejectedValue } from '../db/database.ts';
import { FileStoreUnavailableError } from '../core/storage/object-store.ts';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, FILE_STORE_UNAVAILABLE_MESSAGE, REJECTED_VALUE_MESSAGE } from '../lib/errors.ts';
import type { Context } from './context.ts';
import { transformer } from './transformer.ts';

/** Who may call a procedure; the authorization matrix test reads it from the router itself. */
export interface Meta {
  access: 'public' | 'signed-in' | 'child';
  /** With `child`: what the procedure does, `<feature>.<action>`, from its feature's table (decision 0094). */
  action?: string;
  /** With `child`: the least role on the child the action needs, read from that table (decision 0044). */
  role?: ChildRole;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer,
    // Subscriptions (decision 0093): a ping every 25 s keeps a proxy from closing a quiet stream, and a
    // client that hears nothing for a minute (a connection that died silently) opens a new one.
    sse: { ping: { enabled: true, intervalMs: 25_000 }, client: { reconnectAfterInactivityMs: 60_000 } },
    errorFormatter({ shape, error }) {
      const { cause } = error;
      if (cause instanceof ZodError) {
        return { ...shape, message: 'Some fields need attention', data: { ...shape.data, issues: toIssues(cause) } };
      }
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        // Unknown failures are logged by onError; the caller learns nothing of the internals.
        return { ...shape, message: 'Something went wrong on our side. Please try again.', data: { ...shape.data, stack: undefined } };
      }
      const issues = cause instanceof AppError ? cause.issues : undefined;
      return issues ? { ...shape, data: { ...shape.data, issues } } : shape;
    },
  });

/** Translates the service layer's AppError (and an unreachable database) into tRPC's error codes. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const { cause } = result.error;
    if (cause instanceof AppError) {
      // Byte ranges exist only over REST; tRPC has no code for them, nor for which service is down, nor
      // for a link that is gone (the message still says it expired or was used; decision 0089).
      const code =
        cause.code === 'RANGE_NOT_SATISFIABLE'
          ? 'BAD_REQUEST'
          : cause.code === 'FILE_STORE_UNAVAILABLE'
            ? 'SERVICE_UNAVAILABLE'
            : cause.code === 'GONE'
              ? 'NOT_FOUND'
              : cause.code;
      throw new TRPCError({ code, message: cause.message, cause });
    }
    if (cause instanceof FileStoreUnavailableError) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: FILE_STORE_UNAVAILABLE_MESSAGE, cause });
    }
    if (isDatabaseUnavailable(cause)) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, cause });
    if (isRejectedValue(cause)) throw new TRPCError({ code: 'BAD_REQUEST', message: REJECTED_VALUE_MESSAGE, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const baseProcedure = t.procedure.use(appErrors);

export const publicProcedure = baseProcedure.meta({ access: 'public' });

/** A signed-in parent; `ctx.userId` is narrowed to a string. */
export const protectedProcedure = baseProcedure.meta({ access: 'signed-in' }).use(({ ctx, next }) => {
  if (!ctx.userId) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { userId: ctx.userId } });
});

/**
 * A procedure about one child that does `action` (from its feature's table in shared/schemas), for
 * callers with at least the action's role on it: takes `childId`; NOT_FOUND for a child the caller has
 * no access to (existence is not revealed), FORBIDDEN when their role is too small.
 */
export const childProcedure = (action: ChildAction) =>
  protectedProcedure
    .meta({ access: 'child', action: action.name, role: action.role })
    .input(childScopeSchema)
    .use(async ({ ctx, input, type, next }) => {
      const scope = await ctx.services.children.scope(ctx.userId, input.childId, action.role, type === 'query');
      return next({ ctx: { scope } });
    });

/** The same for the child's own profile (`children.byId|update|delete`), named by `id`. */
export const childRecordProcedure = (action: ChildAction) =>
  protectedProcedure
    .meta({ access: 'child', action: action.name, role: action.role })
    .input(childRecordSchema)
    .use(async ({ ctx, input, type, next }) => {
      const scope = await ctx.services.children.scope(ctx.userId, input.id, action.role, type === 'query');
      return next({ ctx: { scope } });
    });
