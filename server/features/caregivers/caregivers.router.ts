import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  auditEntrySchema,
  auditListSchema,
  caregiverActions,
  caregiverListSchema,
  caregiverSchema,
  createdInviteSchema,
  inviteAcceptedSchema,
  inviteAcceptSchema,
  inviteCreateSchema,
  invitePreviewSchema,
  roleChangeSchema,
} from '#shared/schemas/caregivers.ts';
import { childProcedure, protectedProcedure, router } from '../../trpc/init.ts';

const recordId = z.object({ id: idSchema });

/** Who may see and change each child; the child's audit log (decision 0044). */
export const caregiversRouter = router({
  list: childProcedure(caregiverActions.list)
    .output(caregiverListSchema)
    .query(({ ctx }) => ctx.services.caregivers.list(ctx.scope)),
  /** Names its children in the input; the service checks the caller owns each one. */
  invite: protectedProcedure
    .input(inviteCreateSchema)
    .output(createdInviteSchema)
    .mutation(({ ctx, input }) => ctx.services.caregivers.invite(ctx.userId, input)),
  preview: protectedProcedure
    .input(inviteAcceptSchema)
    .output(invitePreviewSchema)
    .query(({ ctx, input }) => ctx.services.caregivers.preview(ctx.userId, input.token)),
  accept: protectedProcedure
    .input(inviteAcceptSchema)
    .output(inviteAcceptedSchema)
    .mutation(({ ctx, input }) => ctx.services.caregivers.accept(ctx.userId, input.token)),
  changeRole: childProcedure(caregiverActions.changeRole)
    .input(recordId.extend({ data: roleChangeSchema }))
    .output(caregiverSchema)
    .mutation(({ ctx, input }) => ctx.services.caregivers.changeRole(ctx.scope, input.id, input.data.role)),
  remove: childProcedure(caregiverActions.remove)
    .input(recordId)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.caregivers.remove(ctx.scope, input.id)),
  leave: childProcedure(caregiverActions.leave)
    .output(deletedSchema)
    .mutation(({ ctx }) => ctx.services.caregivers.leave(ctx.scope)),
  revokeInvite: childProcedure(caregiverActions.revokeInvite)
    .input(recordId)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.caregivers.revokeInvite(ctx.scope, input.id)),
  audit: childProcedure(caregiverActions.viewAudit)
    .input(auditListSchema)
    .output(z.array(auditEntrySchema))
    .query(({ ctx, input }) => ctx.services.caregivers.audit(ctx.scope, input.limit, input.cursor)),
});
