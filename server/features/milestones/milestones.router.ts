import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  generationResultSchema,
  milestoneActions,
  milestoneCreateSchema,
  milestoneRangeSchema,
  milestoneSchema,
  milestoneUpdateSchema,
} from '#shared/schemas/milestone.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const milestonesRouter = router({
  list: childProcedure(milestoneActions.list)
    .input(milestoneRangeSchema)
    .output(z.array(milestoneSchema))
    .query(({ ctx, input }) => ctx.services.milestones.list(ctx.scope, input)),
  create: childProcedure(milestoneActions.create)
    .input(z.object({ data: milestoneCreateSchema }))
    .output(milestoneSchema)
    .mutation(({ ctx, input }) => ctx.services.milestones.create(ctx.scope, input.data)),
  update: childProcedure(milestoneActions.update)
    .input(z.object({ id: idSchema, data: milestoneUpdateSchema }))
    .output(milestoneSchema)
    .mutation(({ ctx, input }) => ctx.services.milestones.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(milestoneActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.milestones.delete(ctx.scope, input.id)),
  generate: childProcedure(milestoneActions.regenerate)
    .output(generationResultSchema)
    .mutation(({ ctx }) => ctx.services.milestones.generate(ctx.scope)),
});
