import type { FeatureFlags } from '../shared/feature-flags.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import type { LocalTokens } from './auth/local.ts';
import type { Db } from './db/database.ts';
import { createAccountsService, type AccountsService } from './features/accounts/accounts.service.ts';
import { createActivitiesService, type ActivitiesService } from './features/activities/activities.service.ts';
import { createChildrenService, type ChildrenService } from './features/children/children.service.ts';
import { createContactService, type ContactService } from './features/contact/contact.service.ts';
import { createDashboardService, type DashboardService } from './features/dashboard/dashboard.service.ts';
import { createGoalsService, type GoalsService } from './features/goals/goals.service.ts';
import { createMilestonesService, type MilestonesService } from './features/milestones/milestones.service.ts';
import { createObservationsService, type ObservationsService } from './features/observations/observations.service.ts';
import { createStrategiesService, type StrategiesService } from './features/strategies/strategies.service.ts';

export interface AuthConfig {
  provider: 'clerk' | 'local';
  publishableKey: string | null;
  /** Host of APP_ORIGIN: the post-auth router sends visitors on this host straight to /app. */
  productionHost: string | null;
}

export interface Services {
  children: ChildrenService;
  observations: ObservationsService;
  goals: GoalsService;
  strategies: StrategiesService;
  milestones: MilestonesService;
  activities: ActivitiesService;
  dashboard: DashboardService;
  contact: ContactService;
  /** Built-in accounts; null in Clerk mode. */
  accounts: AccountsService | null;
  featureFlags: FeatureFlags;
  authConfig: AuthConfig;
}

export interface ServiceDeps {
  db: Db;
  auth: AuthProvider;
  /** Present with built-in accounts. */
  tokens: LocalTokens | null;
  featureFlags: FeatureFlags;
  appOrigin: string | undefined;
  now?: () => Date;
}

export function createServices(deps: ServiceDeps): Services {
  return {
    children: createChildrenService(deps),
    observations: createObservationsService(deps),
    goals: createGoalsService(deps),
    strategies: createStrategiesService(deps),
    milestones: createMilestonesService(deps),
    activities: createActivitiesService(deps),
    dashboard: createDashboardService(deps),
    contact: createContactService(deps),
    accounts: deps.tokens ? createAccountsService({ db: deps.db, tokens: deps.tokens, now: deps.now }) : null,
    featureFlags: deps.featureFlags,
    authConfig: {
      provider: deps.auth.kind,
      publishableKey: deps.auth.publishableKey,
      productionHost: deps.appOrigin ? new URL(deps.appOrigin).host : null,
    },
  };
}
