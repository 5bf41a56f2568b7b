import { z } from 'zod';
import { reimbursementActions, reimbursementPeriodSchema, reimbursementSummarySchema } from '#shared/schemas/reimbursement.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const reimbursementsRouter = router({
  summary: childProcedure(reimbursementActions.summary)
    .input(z.object({ period: reimbursementPeriodSchema.optional() }))
    .output(reimbursementSummarySchema)
    .query(({ ctx, input }) => ctx.services.reimbursements.summary(ctx.scope, input.period)),
});
