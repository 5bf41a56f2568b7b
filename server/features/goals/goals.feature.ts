import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createGoalsService, type GoalsService } from './goals.service.ts';
import { goalsRouter } from './goals.router.ts';
import { goalsOperations } from './goals.rest.ts';
import { goalsAccountData } from './goals.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    goals: GoalsService;
  }
}

export const goalsFeature = defineFeature({
  name: 'goals',
  needs: ['observations', 'documents'],
  service: (deps, { observations, documents }) => createGoalsService({ ...deps, observations, documents }),
  router: goalsRouter,
  rest: goalsOperations,
  accountData: goalsAccountData,
  activityTitles: [
    activityTitle({ subject: 'goal', table: 'goals', title: 'title' }),
    activityTitle({
      subject: 'progress',
      table: 'progressEntries',
      title: { table: 'goals', by: 'goalId', column: 'title' },
      shows: { recordedOn: 'recordedOn' },
    }),
  ],
});
