import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  goalCreateSchema,
  goalDetailSchema,
  goalSchema,
  goalUpdateSchema,
  progressEntryCreateSchema,
  progressEntrySchema,
  progressEntryUpdateSchema,
} from '#shared/schemas/goal.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const goalsRouter = router({
  list: childProcedure('viewer')
    .output(z.array(goalSchema))
    .query(({ ctx }) => ctx.services.goals.list(ctx.scope)),
  detail: childProcedure('viewer')
    .input(z.object({ id: idSchema }))
    .output(goalDetailSchema)
    .query(({ ctx, input }) => ctx.services.goals.detail(ctx.scope, input.id)),
  create: childProcedure('updater')
    .input(z.object({ data: goalCreateSchema }))
    .output(goalSchema)
    .mutation(({ ctx, input }) => ctx.services.goals.create(ctx.scope, input.data)),
  update: childProcedure('updater')
    .input(z.object({ id: idSchema, data: goalUpdateSchema }))
    .output(goalSchema)
    .mutation(({ ctx, input }) => ctx.services.goals.update(ctx.scope, input.id, input.data)),
  delete: childProcedure('owner')
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.goals.delete(ctx.scope, input.id)),
  addProgress: childProcedure('updater')
    .input(z.object({ data: progressEntryCreateSchema }))
    .output(progressEntrySchema)
    .mutation(({ ctx, input }) => ctx.services.goals.addProgress(ctx.scope, input.data)),
  updateProgress: childProcedure('updater')
    .input(z.object({ id: idSchema, data: progressEntryUpdateSchema }))
    .output(progressEntrySchema)
    .mutation(({ ctx, input }) => ctx.services.goals.updateProgress(ctx.scope, input.id, input.data)),
  deleteProgress: childProcedure('owner')
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.goals.deleteProgress(ctx.scope, input.id)),
});
