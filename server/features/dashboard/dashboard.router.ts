import { dashboardActions, dashboardStatsSchema } from '#shared/schemas/dashboard.ts';
import { childProcedure, router } from '../../trpc/init.ts';

export const dashboardRouter = router({
  stats: childProcedure(dashboardActions.viewStats)
    .output(dashboardStatsSchema)
    .query(({ ctx }) => ctx.services.dashboard.stats(ctx.scope)),
});
