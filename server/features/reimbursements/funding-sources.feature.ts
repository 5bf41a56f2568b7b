import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createFundingSourcesService, type FundingSourcesService } from './funding-sources.service.ts';
import { fundingSourcesRouter } from './funding-sources.router.ts';
import { fundingSourcesOperations } from './funding-sources.rest.ts';
import { reimbursementsAccountData } from './funding-sources.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    fundingSources: FundingSourcesService;
  }
}

/** The child's funders (decision 0103); its part of the export holds every reimbursements table. */
export const fundingSourcesFeature = defineFeature({
  name: 'fundingSources',
  needs: ['fundingDeadlines'],
  service: (deps, { fundingDeadlines }) => createFundingSourcesService({ ...deps, deadlines: fundingDeadlines }),
  router: fundingSourcesRouter,
  rest: fundingSourcesOperations,
  accountData: reimbursementsAccountData,
  activityTitles: [activityTitle({ subject: 'funding-source', table: 'fundingSources', title: 'name' })],
});
