import type { FeatureFlags } from '#shared/feature-flags.ts';
import type { AuthConfig } from '#shared/schemas/config.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import type { LocalTokens } from './auth/local.ts';
import type { Db } from './db/database.ts';
import type { VaultSetup } from './vault-setup.ts';
import { createAccountsService, type AccountsService } from './features/accounts/accounts.service.ts';
import { createActivitiesService, type ActivitiesService } from './features/activities/activities.service.ts';
import { createChildrenService, type ChildrenService } from './features/children/children.service.ts';
import { createContactService, type ContactService } from './features/contact/contact.service.ts';
import { createDocumentsService, type DocumentsService } from './features/documents/documents.service.ts';
import { createDashboardService, type DashboardService } from './features/dashboard/dashboard.service.ts';
import { createGoalsService, type GoalsService } from './features/goals/goals.service.ts';
import { createMilestonesService, type MilestonesService } from './features/milestones/milestones.service.ts';
import { createObservationsService, type ObservationsService } from './features/observations/observations.service.ts';
import { createStrategiesService, type StrategiesService } from './features/strategies/strategies.service.ts';

export interface Services {
  children: ChildrenService;
  observations: ObservationsService;
  goals: GoalsService;
  strategies: StrategiesService;
  milestones: MilestonesService;
  activities: ActivitiesService;
  dashboard: DashboardService;
  documents: DocumentsService;
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
  /** The document vault's file store, processor and limits (server/vault-setup.ts). */
  vault: VaultSetup;
  now?: () => Date;
}

/**
 * Builds every feature's service. Where a feature needs another feature's data (a goal's evidence is
 * observations; the roadmap reads the child and the goals), it gets that feature's service here, as a
 * narrow dependency: features never import each other's repositories.
 */
export function createServices(deps: ServiceDeps): Services {
  const children = createChildrenService({ ...deps, files: deps.vault.files });
  const observations = createObservationsService(deps);
  const documents = createDocumentsService({ db: deps.db, now: deps.now, ...deps.vault });
  const goals = createGoalsService({ ...deps, observations, documents });
  return {
    children,
    observations,
    goals,
    strategies: createStrategiesService(deps),
    milestones: createMilestonesService({ ...deps, children, goals }),
    activities: createActivitiesService(deps),
    dashboard: createDashboardService(deps),
    documents,
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
