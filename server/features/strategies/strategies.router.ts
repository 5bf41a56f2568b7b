import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import { strategyActions, strategyCreateSchema, strategySchema, strategyUpdateSchema } from '#shared/schemas/strategy.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const strategiesRouter = router({
  list: childProcedure(strategyActions.list)
    .output(z.array(strategySchema))
    .query(({ ctx }) => ctx.services.strategies.list(ctx.scope)),
  create: childProcedure(strategyActions.create)
    .input(z.object({ data: strategyCreateSchema }))
    .output(strategySchema)
    .mutation(({ ctx, input }) => ctx.services.strategies.create(ctx.scope, input.data)),
  update: childProcedure(strategyActions.update)
    .input(z.object({ id: idSchema, data: strategyUpdateSchema }))
    .output(strategySchema)
    .mutation(({ ctx, input }) => ctx.services.strategies.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(strategyActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.strategies.delete(ctx.scope, input.id)),
});
