import { authConfigSchema } from '#shared/schemas/config.ts';
import { publicProcedure, router } from '../../trpc/init.ts';

export const configRouter = router({
  auth: publicProcedure.output(authConfigSchema).query(({ ctx }) => ctx.services.authConfig),
});
