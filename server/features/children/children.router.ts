import { z } from 'zod';
import { childActions, childCreateSchema, childSchema, childUpdateSchema } from '#shared/schemas/child.ts';
import { deletedWithdrawingExportsSchema } from '#shared/schemas/account-data.ts';
import { childRecordProcedure, protectedProcedure, router } from '../../trpc/init.ts';

export const childrenRouter = router({
  list: protectedProcedure.output(z.array(childSchema)).query(({ ctx }) => ctx.services.children.list(ctx.userId)),
  byId: childRecordProcedure(childActions.view)
    .output(childSchema)
    .query(({ ctx }) => ctx.services.children.byId(ctx.scope)),
  create: protectedProcedure
    .input(childCreateSchema)
    .output(childSchema)
    .mutation(({ ctx, input }) => ctx.services.children.create(ctx.userId, input)),
  update: childRecordProcedure(childActions.update)
    .input(z.object({ data: childUpdateSchema }))
    .output(childSchema)
    .mutation(({ ctx, input }) => ctx.services.children.update(ctx.scope, input.data)),
  delete: childRecordProcedure(childActions.delete)
    .output(deletedWithdrawingExportsSchema)
    .mutation(({ ctx }) => ctx.services.children.delete(ctx.scope)),
});
