import {
  accountNameUpdateSchema,
  emailChangeSchema,
  passwordChangeSchema,
  sessionsRevokedSchema,
  userSchema,
} from '#shared/schemas/account.ts';
import type { Services } from '../../services.ts';
import { AppError } from '../../lib/errors.ts';
import { protectedProcedure, router } from '../../trpc/init.ts';

/** The built-in accounts service; with Clerk, Clerk's own profile screen does all of this. */
function builtIn(services: Services) {
  if (!services.accounts) throw new AppError('NOT_FOUND', 'Accounts are managed by Clerk here: use the profile in Settings.');
  return services.accounts;
}

/**
 * The signed-in account's settings (built-in accounts). Signing in and out, and "forgot password",
 * stay REST under /api/auth (the session cookie and the rate limits live there).
 */
export const accountsRouter = router({
  updateName: protectedProcedure
    .input(accountNameUpdateSchema)
    .output(userSchema)
    .mutation(({ ctx, input }) => builtIn(ctx.services).updateName(ctx.userId, input)),
  changeEmail: protectedProcedure
    .input(emailChangeSchema)
    .output(userSchema)
    .mutation(({ ctx, input }) => builtIn(ctx.services).changeEmail(ctx.userId, input)),
  changePassword: protectedProcedure
    .input(passwordChangeSchema)
    .output(sessionsRevokedSchema)
    .mutation(({ ctx, input }) => builtIn(ctx.services).changePassword(ctx.userId, ctx.bearerToken ?? null, input)),
  signOutOtherSessions: protectedProcedure
    .output(sessionsRevokedSchema)
    .mutation(({ ctx }) => builtIn(ctx.services).signOutOtherSessions(ctx.userId, ctx.bearerToken ?? null)),
});
