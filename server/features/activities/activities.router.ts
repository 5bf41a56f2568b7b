import { z } from 'zod';
import { activitySchema } from '../../../shared/schemas/activity.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const activitiesRouter = router({
  list: childProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).default(20) }))
    .output(z.array(activitySchema))
    .query(({ ctx, input }) => ctx.services.activities.list(ctx.scope, input.limit)),
});
