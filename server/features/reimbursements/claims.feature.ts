import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createClaimsService, type ClaimsService } from './claims.service.ts';
import { claimsRouter } from './claims.router.ts';
import { claimsOperations } from './claims.rest.ts';

declare module '../../services.ts' {
  interface Services {
    claims: ClaimsService;
  }
}

/** The claims on expenses (decision 0103); the feed names one by its funder, never an amount. */
export const claimsFeature = defineFeature({
  name: 'claims',
  needs: ['fundingDeadlines'],
  service: (deps, { fundingDeadlines }) => createClaimsService({ ...deps, deadlines: fundingDeadlines }),
  router: claimsRouter,
  rest: claimsOperations,
  activityTitles: [
    activityTitle({ subject: 'claim', table: 'claims', title: { table: 'fundingSources', by: 'fundingSourceId', column: 'name' } }),
  ],
});
