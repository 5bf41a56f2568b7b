import { featureFlagsResponseSchema } from '#shared/schemas/config.ts';
import { publicProcedure, router } from '../../trpc/init.ts';

export const featureFlagsRouter = router({
  get: publicProcedure.output(featureFlagsResponseSchema).query(({ ctx }) => ({ flags: ctx.services.featureFlags })),
});
