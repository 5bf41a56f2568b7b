import { routersOf } from '../core/feature.ts';
import { features } from '../features.ts';
import { createCallerFactory, router } from './init.ts';

/** Each feature's router under its name (server/features.ts). */
export const appRouter = router(routersOf(features));

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
