import { defineFeature } from '../../core/feature.ts';
import { createEveryChildService, type EveryChildService } from './every-child.service.ts';
import { everyChildRouter } from './every-child.router.ts';
import { everyChildOperations } from './every-child.rest.ts';

declare module '../../services.ts' {
  interface Services {
    /** Lists across every child the caller can see (decision 0098). */
    everyChild: EveryChildService;
  }
}

export const everyChildFeature = defineFeature({
  name: 'everyChild',
  needs: ['children', 'observations', 'goals', 'strategies', 'snapshots'],
  service: (_deps, needed) => createEveryChildService(needed),
  router: everyChildRouter,
  rest: everyChildOperations,
});
