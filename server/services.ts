import type { FeatureFlags } from '#shared/feature-flags.ts';
import type { AuthConfig } from '#shared/schemas/config.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import type { LocalTokens } from './auth/local.ts';
import type { Mailer } from './core/mail.ts';
import type { Db } from './db/database.ts';
import type { VaultSetup } from './vault-setup.ts';
import { accountDataParts } from './account-data-parts.ts';
import { createDependencyChecks, type DependencyChecks } from './core/dependencies.ts';
import { createJobs, type Jobs } from './core/jobs.ts';
import { createAccountDataService, type AccountDataService } from './features/account-data/account-data.service.ts';
import { createAccountsService, type AccountsService } from './features/accounts/accounts.service.ts';
import { createActivitiesService, type ActivitiesService } from './features/activities/activities.service.ts';
import { createCaregiversService, type CaregiversService } from './features/caregivers/caregivers.service.ts';
import { createChildrenService, type ChildrenService } from './features/children/children.service.ts';
import { createContactService, type ContactService } from './features/contact/contact.service.ts';
import { createDocumentsService, type DocumentsService } from './features/documents/documents.service.ts';
import { createDashboardService, type DashboardService } from './features/dashboard/dashboard.service.ts';
import { createGoalsService, type GoalsService } from './features/goals/goals.service.ts';
import { createGuideService, type GuideService } from './features/guide/guide.service.ts';
import { createMedicationsService, type MedicationsService } from './features/medications/medications.service.ts';
import { createMilestonesService, type MilestonesService } from './features/milestones/milestones.service.ts';
import { createNotificationsService, type NotificationsService } from './features/notifications/notifications.service.ts';
import { createObservationsService, type ObservationsService } from './features/observations/observations.service.ts';
import { createPeopleService, type PeopleService } from './features/people/people.service.ts';
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
  medications: MedicationsService;
  people: PeopleService;
  /** The guide's suggestions from the record, and letters as PDFs. */
  guide: GuideService;
  caregivers: CaregiversService;
  contact: ContactService;
  /** Each person's email choices, the milestone reminders and the weekly digest (background jobs). */
  notifications: NotificationsService;
  /** "Download my data" and "Delete my account". */
  accountData: AccountDataService;
  /** The background job queue; start.ts starts and stops it with the server. */
  jobs: Jobs;
  /** The file store and mail, probed at start-up and by /readyz. */
  dependencies: DependencyChecks;
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
  /** Where emailed and copied links point: APP_ORIGIN, else this server's local address. */
  appUrl?: string;
  /** The document vault's file store, processor and limits (server/vault-setup.ts). */
  vault: VaultSetup;
  /** The background job queue; made here (not started) when not given. */
  jobs?: Jobs;
  /** Outgoing mail; logs "not sent" when SMTP is not configured. */
  mailer: Mailer;
  now?: () => Date;
}

/**
 * Builds every feature's service. Where a feature needs another feature's data (a goal's evidence is
 * observations; the roadmap reads the child and the goals), it gets that feature's service here, as a
 * narrow dependency: features never import each other's repositories.
 */
export function createServices(deps: ServiceDeps): Services {
  const jobs = deps.jobs ?? createJobs({ db: deps.db, log: deps.vault.log });
  // Deleting a child or a document withdraws the exports that hold it.
  const accountData = createAccountDataService({
    db: deps.db,
    auth: deps.auth,
    files: deps.vault.files,
    jobs,
    parts: accountDataParts({ files: deps.vault.files }),
    log: deps.vault.log,
    now: deps.now,
  });
  const children = createChildrenService({ ...deps, files: deps.vault.files, exports: accountData });
  const observations = createObservationsService(deps);
  const documents = createDocumentsService({ db: deps.db, now: deps.now, ...deps.vault, exports: accountData });
  const goals = createGoalsService({ ...deps, observations, documents });
  // Tests and scripts that build services without a server get the default port's address.
  const appUrl = deps.appUrl ?? 'http://localhost:3000';
  const activities = createActivitiesService(deps);
  return {
    children,
    observations,
    goals,
    strategies: createStrategiesService(deps),
    milestones: createMilestonesService({ ...deps, children, goals }),
    activities,
    dashboard: createDashboardService(deps),
    documents,
    medications: createMedicationsService(deps),
    people: createPeopleService(deps),
    guide: createGuideService(deps),
    caregivers: createCaregiversService({ ...deps, appUrl, activities }),
    contact: createContactService(deps),
    notifications: createNotificationsService({
      ...deps,
      jobs,
      appUrl,
      log: deps.vault.log,
    }),
    accountData,
    jobs,
    dependencies: createDependencyChecks({ fileStore: deps.vault.files.vault.store, mailer: deps.mailer, log: deps.vault.log }),
    accounts: deps.tokens
      ? createAccountsService({
          db: deps.db,
          tokens: deps.tokens,
          auth: deps.auth,
          mailer: deps.mailer,
          appUrl,
          now: deps.now,
        })
      : null,
    featureFlags: deps.featureFlags,
    authConfig: {
      provider: deps.auth.kind,
      publishableKey: deps.auth.publishableKey,
      productionHost: deps.appOrigin ? new URL(deps.appOrigin).host : null,
    },
  };
}
