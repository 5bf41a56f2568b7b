import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  claimActions,
  claimCreateSchema,
  claimMoveSchema,
  claimSchema,
  claimUpdateSchema,
  paymentCreateSchema,
} from '#shared/schemas/reimbursement.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const claimsRouter = router({
  create: childProcedure(claimActions.create)
    .input(z.object({ expenseId: idSchema, data: claimCreateSchema }))
    .output(claimSchema)
    .mutation(({ ctx, input }) => ctx.services.claims.create(ctx.scope, input.expenseId, input.data)),
  update: childProcedure(claimActions.update)
    .input(z.object({ id: idSchema, data: claimUpdateSchema }))
    .output(claimSchema)
    .mutation(({ ctx, input }) => ctx.services.claims.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(claimActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.claims.delete(ctx.scope, input.id)),
  move: childProcedure(claimActions.move)
    .input(z.object({ id: idSchema, data: claimMoveSchema }))
    .output(claimSchema)
    .mutation(({ ctx, input }) => ctx.services.claims.move(ctx.scope, input.id, input.data)),
  addPayment: childProcedure(claimActions.addPayment)
    .input(z.object({ id: idSchema, data: paymentCreateSchema }))
    .output(claimSchema)
    .mutation(({ ctx, input }) => ctx.services.claims.addPayment(ctx.scope, input.id, input.data)),
  deletePayment: childProcedure(claimActions.deletePayment)
    .input(z.object({ id: idSchema, paymentId: idSchema }))
    .output(claimSchema)
    .mutation(({ ctx, input }) => ctx.services.claims.deletePayment(ctx.scope, input.id, input.paymentId)),
});
