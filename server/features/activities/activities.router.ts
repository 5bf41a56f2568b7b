import { z } from 'zod';
import { activityActions, activityListSchema, activitySchema } from '#shared/schemas/activity.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const activitiesRouter = router({
  list: childProcedure(activityActions.list)
    .input(activityListSchema)
    .output(z.array(activitySchema))
    .query(({ ctx, input }) => ctx.services.activities.list(ctx.scope, input.limit)),
});
