import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import { personActions, personCreateSchema, personSchema, personUpdateSchema } from '#shared/schemas/person.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const peopleRouter = router({
  list: childProcedure(personActions.list)
    .output(z.array(personSchema))
    .query(({ ctx }) => ctx.services.people.list(ctx.scope)),
  create: childProcedure(personActions.create)
    .input(z.object({ data: personCreateSchema }))
    .output(personSchema)
    .mutation(({ ctx, input }) => ctx.services.people.create(ctx.scope, input.data)),
  update: childProcedure(personActions.update)
    .input(z.object({ id: idSchema, data: personUpdateSchema }))
    .output(personSchema)
    .mutation(({ ctx, input }) => ctx.services.people.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(personActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.people.delete(ctx.scope, input.id)),
});
