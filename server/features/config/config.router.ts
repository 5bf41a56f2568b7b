import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init.ts';

export const authConfigSchema = z.object({
  provider: z.enum(['clerk', 'local']),
  publishableKey: z.string().nullable(),
  productionHost: z.string().nullable(),
});

export const configRouter = router({
  auth: publicProcedure.output(authConfigSchema).query(({ ctx }) => ctx.services.authConfig),
});
