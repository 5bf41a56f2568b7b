import { z } from 'zod';
import {
  everyChildGoalSchema,
  everyChildObservationSchema,
  everyChildObservationsInputSchema,
  everyChildProgressSchema,
  everyChildSnapshotLinkSchema,
  everyChildSnapshotSchema,
  everyChildStrategySchema,
} from '#shared/schemas/every-child.ts';
import { protectedProcedure, router } from '../../trpc/init.ts';

/**
 * Lists across every child the caller can see (decision 0098). Signed-in procedures without a
 * `childId`: the service reads each child through its own checked scope.
 */
export const everyChildRouter = router({
  observations: protectedProcedure
    .input(everyChildObservationsInputSchema)
    .output(z.array(everyChildObservationSchema))
    .query(({ ctx, input }) => ctx.services.everyChild.observations(ctx.userId, input.filter)),
  goals: protectedProcedure.output(z.array(everyChildGoalSchema)).query(({ ctx }) => ctx.services.everyChild.goals(ctx.userId)),
  strategies: protectedProcedure
    .output(z.array(everyChildStrategySchema))
    .query(({ ctx }) => ctx.services.everyChild.strategies(ctx.userId)),
  progress: protectedProcedure.output(z.array(everyChildProgressSchema)).query(({ ctx }) => ctx.services.everyChild.progress(ctx.userId)),
  snapshots: protectedProcedure.output(z.array(everyChildSnapshotSchema)).query(({ ctx }) => ctx.services.everyChild.snapshots(ctx.userId)),
  snapshotLinks: protectedProcedure
    .output(z.array(everyChildSnapshotLinkSchema))
    .query(({ ctx }) => ctx.services.everyChild.snapshotLinks(ctx.userId)),
});
