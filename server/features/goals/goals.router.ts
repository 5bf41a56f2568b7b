import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  goalActions,
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
  list: childProcedure(goalActions.list)
    .output(z.array(goalSchema))
    .query(({ ctx }) => ctx.services.goals.list(ctx.scope)),
  detail: childProcedure(goalActions.view)
    .input(z.object({ id: idSchema }))
    .output(goalDetailSchema)
    .query(({ ctx, input }) => ctx.services.goals.detail(ctx.scope, input.id)),
  create: childProcedure(goalActions.create)
    .input(z.object({ data: goalCreateSchema }))
    .output(goalSchema)
    .mutation(({ ctx, input }) => ctx.services.goals.create(ctx.scope, input.data)),
  update: childProcedure(goalActions.update)
    .input(z.object({ id: idSchema, data: goalUpdateSchema }))
    .output(goalSchema)
    .mutation(({ ctx, input }) => ctx.services.goals.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(goalActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.goals.delete(ctx.scope, input.id)),
  addProgress: childProcedure(goalActions.addProgress)
    .input(z.object({ data: progressEntryCreateSchema }))
    .output(progressEntrySchema)
    .mutation(({ ctx, input }) => ctx.services.goals.addProgress(ctx.scope, input.data)),
  updateProgress: childProcedure(goalActions.updateProgress)
    .input(z.object({ id: idSchema, data: progressEntryUpdateSchema }))
    .output(progressEntrySchema)
    .mutation(({ ctx, input }) => ctx.services.goals.updateProgress(ctx.scope, input.id, input.data)),
  deleteProgress: childProcedure(goalActions.deleteProgress)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.goals.deleteProgress(ctx.scope, input.id)),
});
