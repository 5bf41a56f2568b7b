import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import {
  observationActions,
  observationCreateSchema,
  observationFilterSchema,
  observationSchema,
  observationUpdateSchema,
  weeklyTrendSchema,
} from '#shared/schemas/observation.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const observationsRouter = router({
  list: childProcedure(observationActions.list)
    .input(z.object({ filter: observationFilterSchema.default({ limit: 50 }) }))
    .output(z.array(observationSchema))
    .query(({ ctx, input }) => ctx.services.observations.list(ctx.scope, input.filter)),
  create: childProcedure(observationActions.create)
    .input(z.object({ data: observationCreateSchema }))
    .output(observationSchema)
    .mutation(({ ctx, input }) => ctx.services.observations.create(ctx.scope, input.data)),
  update: childProcedure(observationActions.update)
    .input(z.object({ id: idSchema, data: observationUpdateSchema }))
    .output(observationSchema)
    .mutation(({ ctx, input }) => ctx.services.observations.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(observationActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.observations.delete(ctx.scope, input.id)),
  weeklyTrend: childProcedure(observationActions.viewTrend)
    .output(weeklyTrendSchema)
    .query(({ ctx }) => ctx.services.observations.weeklyTrend(ctx.scope)),
});
