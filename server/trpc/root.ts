import { accountDataRouter } from '../features/account-data/account-data.router.ts';
import { accountsRouter } from '../features/accounts/accounts.router.ts';
import { activitiesRouter } from '../features/activities/activities.router.ts';
import { caregiversRouter } from '../features/caregivers/caregivers.router.ts';
import { childrenRouter } from '../features/children/children.router.ts';
import { configRouter } from '../features/config/config.router.ts';
import { dashboardRouter } from '../features/dashboard/dashboard.router.ts';
import { documentsRouter } from '../features/documents/documents.router.ts';
import { featureFlagsRouter } from '../features/feature-flags/feature-flags.router.ts';
import { goalsRouter } from '../features/goals/goals.router.ts';
import { guideRouter } from '../features/guide/guide.router.ts';
import { medicationsRouter } from '../features/medications/medications.router.ts';
import { milestonesRouter } from '../features/milestones/milestones.router.ts';
import { notificationsRouter } from '../features/notifications/notifications.router.ts';
import { observationsRouter } from '../features/observations/observations.router.ts';
import { peopleRouter } from '../features/people/people.router.ts';
import { strategiesRouter } from '../features/strategies/strategies.router.ts';
import { createCallerFactory, router } from './init.ts';

export const appRouter = router({
  featureFlags: featureFlagsRouter,
  config: configRouter,
  children: childrenRouter,
  observations: observationsRouter,
  goals: goalsRouter,
  strategies: strategiesRouter,
  milestones: milestonesRouter,
  activities: activitiesRouter,
  dashboard: dashboardRouter,
  documents: documentsRouter,
  medications: medicationsRouter,
  people: peopleRouter,
  guide: guideRouter,
  accountData: accountDataRouter,
  accounts: accountsRouter,
  caregivers: caregiversRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
