import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createMilestonesService, type MilestonesService } from './milestones.service.ts';
import { milestonesRouter } from './milestones.router.ts';
import { milestonesOperations } from './milestones.rest.ts';
import { milestonesAccountData } from './milestones.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    milestones: MilestonesService;
  }
}

export const milestonesFeature = defineFeature({
  name: 'milestones',
  needs: ['children', 'goals'],
  service: (deps, { children, goals }) => createMilestonesService({ ...deps, children, goals }),
  router: milestonesRouter,
  rest: milestonesOperations,
  accountData: milestonesAccountData,
  activityTitles: [activityTitle({ subject: 'milestone', table: 'milestones', title: 'title' })],
});
