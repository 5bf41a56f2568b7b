import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import { medicationActions, medicationCreateSchema, medicationSchema, medicationUpdateSchema } from '#shared/schemas/medication.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const medicationsRouter = router({
  list: childProcedure(medicationActions.list)
    .output(z.array(medicationSchema))
    .query(({ ctx }) => ctx.services.medications.list(ctx.scope)),
  create: childProcedure(medicationActions.create)
    .input(z.object({ data: medicationCreateSchema }))
    .output(medicationSchema)
    .mutation(({ ctx, input }) => ctx.services.medications.create(ctx.scope, input.data)),
  update: childProcedure(medicationActions.update)
    .input(z.object({ id: idSchema, data: medicationUpdateSchema }))
    .output(medicationSchema)
    .mutation(({ ctx, input }) => ctx.services.medications.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(medicationActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.medications.delete(ctx.scope, input.id)),
});
