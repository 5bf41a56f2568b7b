import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createObservationsService, type ObservationsService } from './observations.service.ts';
import { observationsRouter } from './observations.router.ts';
import { observationsOperations } from './observations.rest.ts';
import { observationsAccountData } from './observations.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    observations: ObservationsService;
  }
}

export const observationsFeature = defineFeature({
  name: 'observations',
  service: createObservationsService,
  router: observationsRouter,
  rest: observationsOperations,
  accountData: observationsAccountData,
  activityTitles: [activityTitle({ subject: 'observation', table: 'observations', title: 'what', shows: { occurredAt: 'occurredAt' } })],
});
