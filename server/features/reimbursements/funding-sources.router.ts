import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  fundingSourceActions,
  fundingSourceCreateSchema,
  fundingSourceSchema,
  fundingSourceUpdateSchema,
} from '#shared/schemas/reimbursement.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const fundingSourcesRouter = router({
  list: childProcedure(fundingSourceActions.list)
    .output(z.array(fundingSourceSchema))
    .query(({ ctx }) => ctx.services.fundingSources.list(ctx.scope)),
  create: childProcedure(fundingSourceActions.create)
    .input(z.object({ data: fundingSourceCreateSchema }))
    .output(fundingSourceSchema)
    .mutation(({ ctx, input }) => ctx.services.fundingSources.create(ctx.scope, input.data)),
  update: childProcedure(fundingSourceActions.update)
    .input(z.object({ id: idSchema, data: fundingSourceUpdateSchema }))
    .output(fundingSourceSchema)
    .mutation(({ ctx, input }) => ctx.services.fundingSources.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(fundingSourceActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.fundingSources.delete(ctx.scope, input.id)),
});
