import { defineFeature } from '../../core/feature.ts';
import { fundingDeadlinesJobs } from './funding-deadlines.jobs.ts';
import { createFundingDeadlinesService, type FundingDeadlinesService } from './funding-deadlines.service.ts';

declare module '../../services.ts' {
  interface Services {
    /** Each funding source's next deadline kept as a roadmap milestone (decision 0106). */
    fundingDeadlines: FundingDeadlinesService;
  }
}

/** No API of its own: the roadmap shows the milestones, the reminder mail sends them. */
export const fundingDeadlinesFeature = defineFeature({
  name: 'fundingDeadlines',
  needs: ['milestones'],
  service: (deps, { milestones }) => createFundingDeadlinesService({ ...deps, milestones }),
  jobs: (services, deps) => fundingDeadlinesJobs({ fundingDeadlines: services.fundingDeadlines, log: deps.log }),
});
