import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init.ts';

export const featureFlagsResponseSchema = z.object({ flags: z.record(z.string(), z.boolean()) });

export const featureFlagsRouter = router({
  get: publicProcedure.output(featureFlagsResponseSchema).query(({ ctx }) => ({ flags: ctx.services.featureFlags })),
});
