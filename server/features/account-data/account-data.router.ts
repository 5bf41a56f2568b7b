import { accountDeletedSchema, accountDeleteSchema, accountExportSchema } from '#shared/schemas/account-data.ts';
import { exportsOfOwner } from '../../core/live-events.ts';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { liveStream } from '../../trpc/live-stream.ts';

/** The account as a whole (not one child): its export, and its deletion. The ZIP itself downloads over REST. */
export const accountDataRouter = router({
  currentExport: protectedProcedure
    .output(accountExportSchema.nullable())
    .query(({ ctx }) => ctx.services.accountData.currentExport(ctx.userId)),
  startExport: protectedProcedure
    .output(accountExportSchema)
    .mutation(async ({ ctx }) => (await ctx.services.accountData.startExport(ctx.userId)).export),
  deleteAccount: protectedProcedure
    .input(accountDeleteSchema)
    .output(accountDeletedSchema)
    .mutation(({ ctx, input }) => ctx.services.accountData.deleteAccount(ctx.userId, input)),
  /** The current export, now and after each change while it is built, over server-sent events (decision 0093). */
  watchExport: protectedProcedure.subscription(({ ctx, signal }) =>
    liveStream(
      ctx.services.live.watch({
        matches: exportsOfOwner(ctx.userId),
        read: () => ctx.services.accountData.currentExport(ctx.userId),
        signal,
      }),
    ),
  ),
});
