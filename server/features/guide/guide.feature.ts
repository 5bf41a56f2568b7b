import { defineFeature } from '../../core/feature.ts';
import { createGuideService, type GuideService } from './guide.service.ts';
import { guideRouter } from './guide.router.ts';
import { guideOperations } from './guide.rest.ts';

declare module '../../services.ts' {
  interface Services {
    /** The guide's suggestions from the record, and letters as PDFs. */
    guide: GuideService;
  }
}

export const guideFeature = defineFeature({
  name: 'guide',
  service: createGuideService,
  router: guideRouter,
  rest: guideOperations,
});
