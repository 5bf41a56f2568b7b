import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createStrategiesService, type StrategiesService } from './strategies.service.ts';
import { strategiesRouter } from './strategies.router.ts';
import { strategiesOperations } from './strategies.rest.ts';
import { strategiesAccountData } from './strategies.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    strategies: StrategiesService;
  }
}

export const strategiesFeature = defineFeature({
  name: 'strategies',
  service: createStrategiesService,
  router: strategiesRouter,
  rest: strategiesOperations,
  accountData: strategiesAccountData,
  activityTitles: [activityTitle({ subject: 'strategy', table: 'strategies', title: 'title' })],
});
