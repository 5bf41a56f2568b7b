import { defineFeature } from '../../core/feature.ts';
import { createActivitiesService, type ActivitiesService } from './activities.service.ts';
import { activitiesRouter } from './activities.router.ts';
import { activitiesOperations } from './activities.rest.ts';
import { activitiesAccountData } from './activities.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    activities: ActivitiesService;
  }
}

export const activitiesFeature = defineFeature({
  name: 'activities',
  service: createActivitiesService,
  router: activitiesRouter,
  rest: activitiesOperations,
  accountData: activitiesAccountData,
});
