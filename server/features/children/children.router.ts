import { z } from 'zod';
import { childCreateSchema, childSchema, childUpdateSchema, idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import { protectedProcedure, router } from '../../trpc/init.ts';

const byIdInput = z.object({ id: idSchema });

export const childrenRouter = router({
  list: protectedProcedure.output(z.array(childSchema)).query(({ ctx }) => ctx.services.children.list(ctx.userId)),
  byId: protectedProcedure
    .input(byIdInput)
    .output(childSchema)
    .query(({ ctx, input }) => ctx.services.children.byId(ctx.userId, input.id)),
  create: protectedProcedure
    .input(childCreateSchema)
    .output(childSchema)
    .mutation(({ ctx, input }) => ctx.services.children.create(ctx.userId, input)),
  update: protectedProcedure
    .input(z.object({ id: idSchema, data: childUpdateSchema }))
    .output(childSchema)
    .mutation(({ ctx, input }) => ctx.services.children.update(ctx.userId, input.id, input.data)),
  delete: protectedProcedure
    .input(byIdInput)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.children.delete(ctx.userId, input.id)),
});
