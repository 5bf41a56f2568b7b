import { childrenRouter } from '../features/children/children.router.ts';
import { configRouter } from '../features/config/config.router.ts';
import { featureFlagsRouter } from '../features/feature-flags/feature-flags.router.ts';
import { createCallerFactory, router } from './init.ts';

export const appRouter = router({
  featureFlags: featureFlagsRouter,
  config: configRouter,
  children: childrenRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
