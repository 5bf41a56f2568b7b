import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { approvedResponseSchema, formResponseActions, formResponseFilterSchema, formResponseSchema } from '#shared/schemas/form.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const formResponsesRouter = router({
  list: childProcedure(formResponseActions.list)
    .input(z.object({ filter: formResponseFilterSchema.default({}) }))
    .output(z.array(formResponseSchema))
    .query(({ ctx, input }) => ctx.services.formResponses.list(ctx.scope, input.filter)),
  approve: childProcedure(formResponseActions.approve)
    .input(z.object({ id: idSchema }))
    .output(approvedResponseSchema)
    .mutation(({ ctx, input }) => ctx.services.formResponses.approve(ctx.scope, input.id)),
  reject: childProcedure(formResponseActions.reject)
    .input(z.object({ id: idSchema }))
    .output(formResponseSchema)
    .mutation(({ ctx, input }) => ctx.services.formResponses.reject(ctx.scope, input.id)),
});
