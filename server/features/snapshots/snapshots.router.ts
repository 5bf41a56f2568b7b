import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import { deletedSchema } from '#shared/schemas/common.ts';
import {
  createdLinkSchema,
  meetingPackQuerySchema,
  meetingPackSchema,
  snapshotActions,
  snapshotCreateSchema,
  snapshotLinkCreateSchema,
  snapshotLinkSchema,
  snapshotSchema,
  snapshotUpdateSchema,
  snapshotWithContentSchema,
} from '#shared/schemas/snapshot.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const snapshotsRouter = router({
  list: childProcedure(snapshotActions.list)
    .output(z.array(snapshotSchema))
    .query(({ ctx }) => ctx.services.snapshots.list(ctx.scope)),
  byId: childProcedure(snapshotActions.byId)
    .input(z.object({ id: idSchema }))
    .output(snapshotWithContentSchema)
    .query(({ ctx, input }) => ctx.services.snapshots.byId(ctx.scope, input.id)),
  create: childProcedure(snapshotActions.create)
    .input(z.object({ data: snapshotCreateSchema }))
    .output(snapshotSchema)
    .mutation(({ ctx, input }) => ctx.services.snapshots.create(ctx.scope, input.data)),
  update: childProcedure(snapshotActions.update)
    .input(z.object({ id: idSchema, data: snapshotUpdateSchema }))
    .output(snapshotSchema)
    .mutation(({ ctx, input }) => ctx.services.snapshots.update(ctx.scope, input.id, input.data)),
  delete: childProcedure(snapshotActions.delete)
    .input(z.object({ id: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.snapshots.delete(ctx.scope, input.id)),
  links: childProcedure(snapshotActions.links)
    .output(z.array(snapshotLinkSchema))
    .query(({ ctx }) => ctx.services.snapshots.links(ctx.scope)),
  share: childProcedure(snapshotActions.share)
    .input(z.object({ id: idSchema, data: snapshotLinkCreateSchema }))
    .output(createdLinkSchema)
    .mutation(({ ctx, input }) => ctx.services.snapshots.share(ctx.scope, input.id, input.data)),
  revokeLink: childProcedure(snapshotActions.revokeLink)
    .input(z.object({ linkId: idSchema }))
    .output(deletedSchema)
    .mutation(({ ctx, input }) => ctx.services.snapshots.revokeLink(ctx.scope, input.linkId)),
  meetingPack: childProcedure(snapshotActions.meetingPack)
    .input(z.object({ from: meetingPackQuerySchema.shape.from, to: meetingPackQuerySchema.shape.to }))
    .output(meetingPackSchema)
    .query(({ ctx, input }) => ctx.services.snapshots.meetingPack(ctx.scope, { from: input.from, to: input.to })),
});
