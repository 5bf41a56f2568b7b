import { defineFeature } from '../../core/feature.ts';
import { createAccountDataService, type AccountDataService } from './account-data.service.ts';
import { accountDataRouter } from './account-data.router.ts';
import { accountDataJobs } from './account-data.jobs.ts';
import { accountDataOperations } from './account-data.rest.ts';

declare module '../../services.ts' {
  interface Services {
    /** "Download my data" and "Delete my account". */
    accountData: AccountDataService;
  }
}

export const accountDataFeature = defineFeature({
  name: 'accountData',
  needs: ['jobs'],
  service: (deps, { jobs }) =>
    createAccountDataService({
      db: deps.db,
      auth: deps.auth,
      files: deps.files,
      jobs,
      parts: deps.accountDataParts,
      log: deps.log,
      now: deps.now,
    }),
  router: accountDataRouter,
  rest: accountDataOperations,
  jobs: (services) => accountDataJobs({ accountData: services.accountData }),
});
