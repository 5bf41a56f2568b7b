import { accountDeletedSchema, accountDeleteSchema, accountExportSchema } from '#shared/schemas/account-data.ts';
import { protectedProcedure, router } from '../../trpc/init.ts';

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
});
