import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  expenseActions,
  expenseCreateSchema,
  expenseFilterSchema,
  expenseListSchema,
  expenseProposalSchema,
  expenseSchema,
  expenseUpdateSchema,
  providerDefaultsSchema,
} from '#shared/schemas/reimbursement.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const expensesRouter = router({
  list: childProcedure(expenseActions.list)
    .input(z.object({ filter: expenseFilterSchema }))
    .output(expenseListSchema)
    .query(({ ctx, input }) => ctx.services.expenses.list(ctx.scope, input.filter)),
  get: childProcedure(expenseActions.view)
    .input(z.object({ id: idSchema }))
    .output(expenseSchema)
    .query(({ ctx, input }) => ctx.services.expenses.get(ctx.scope, input.id)),
  create: childProcedure(expenseActions.create)
    .input(z.object({ data: expenseCreateSchema }))
    .output(expenseSchema)
    .mutation(({ ctx, input }) => ctx.services.expenses.create(ctx.scope, input.data)),
  update: childProcedure(expenseActions.update)
    .input(z.object({ id: idSchema, data: expenseUpdateSchema }))
    .output(expenseSchema)
    .mutation(({ ctx, input }) => ctx.services.expenses.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(expenseActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.expenses.delete(ctx.scope, input.id)),
  propose: childProcedure(expenseActions.view)
    .input(z.object({ documentId: idSchema }))
    .output(expenseProposalSchema)
    .query(({ ctx, input }) => ctx.services.expenses.propose(ctx.scope, input.documentId)),
  providers: childProcedure(expenseActions.list)
    .output(z.array(providerDefaultsSchema))
    .query(({ ctx }) => ctx.services.expenses.providers(ctx.scope)),
});
