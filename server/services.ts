import type { FeatureFlags } from '#shared/feature-flags.ts';
import type { AuthConfig } from '#shared/schemas/config.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import type { LocalTokens } from './auth/local.ts';
import type { AccountDataPart } from './core/account-data.ts';
import type { ActivityTitle } from './core/feature.ts';
import { createChildNowReader, type ChildNowReader } from './core/child-now.ts';
import type { Mailer } from './core/mail.ts';
import type { StoredFiles } from './core/stored-objects.ts';
import { connectionOf, type Db } from './db/database.ts';
import type { VaultSetup } from './features/documents/vault-setup.ts';
import type { Logger } from './lib/logger.ts';
import { createDependencyChecks, type DependencyChecks } from './core/dependencies.ts';
import { createJobs, type Jobs } from './core/jobs.ts';
import { createLiveEvents, type LiveEvents } from './core/live-events.ts';
import { createShareLinks, type ShareLinks } from './core/share-links.ts';
import { accountDataParts, activityTitles, backgroundJobs, features } from './features.ts';

/**
 * Every service. Each feature adds its own to this interface in its `<feature>.feature.ts`
 * (`declare module '../../services.ts'`), so `services.goals` is typed where the goals feature is
 * defined; what is here is built by the server itself, for every feature.
 */
export interface Services {
  /** The background job queue; start.ts starts and stops it with the server. */
  jobs: Jobs;
  /** The file store and mail, probed at start-up and by /readyz. */
  dependencies: DependencyChecks;
  authConfig: AuthConfig;
  /** Wake-ups for long work (a document being read, an export), across instances; start.ts closes it (decision 0093). */
  live: LiveEvents;
  /** Opens the links a link operation is given (decision 0089). */
  shareLinks: ShareLinks;
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
  /** The document vault's file store, processor and limits (features/documents/vault-setup.ts). */
  vault: VaultSetup;
  /** The background job queue; made here (not started) when not given. */
  jobs?: Jobs;
  /** Outgoing mail; logs "not sent" when SMTP is not configured. */
  mailer: Mailer;
  now?: () => Date;
}

/** What each feature's service factory is given: the deps with their defaults filled in. */
export interface FeatureDeps extends ServiceDeps {
  appUrl: string;
  jobs: Jobs;
  log: Logger;
  /** The encrypted file store with its bookkeeping (core/stored-objects.ts). */
  files: StoredFiles;
  /** Every feature's part of "export everything" and "delete everything", in the list's order. */
  accountDataParts: readonly AccountDataPart[];
  /** The child as of now, read across features' tables in one place (core/child-now.ts). */
  childNow: ChildNowReader;
  /** How the activity feed names each kind of subject, as the features declare it (decision 0102). */
  activityTitles: readonly ActivityTitle[];
}

/**
 * Builds every feature's service from the list in server/features.ts, each after the services it
 * `needs`. Where a feature needs another feature's data (a goal's evidence is observations; the
 * roadmap reads the child and the goals), it gets that feature's service here, as a narrow
 * dependency: features never import each other's repositories.
 */
export function createServices(deps: ServiceDeps): Services {
  const log = deps.vault.log;
  const files = deps.vault.files;
  const jobs = deps.jobs ?? createJobs({ db: deps.db, log });
  const featureDeps: FeatureDeps = {
    ...deps,
    // Tests and scripts that build services without a server get the default port's address.
    appUrl: deps.appUrl ?? 'http://localhost:3000',
    jobs,
    log,
    files,
    accountDataParts: accountDataParts({ files }),
    childNow: createChildNowReader({ db: deps.db }),
    activityTitles,
  };
  const built: Record<string, unknown> = {
    jobs,
    dependencies: createDependencyChecks({ fileStore: files.vault.store, mailer: deps.mailer, log }),
    live: createLiveEvents({ connection: connectionOf(deps.db), log }),
    shareLinks: createShareLinks(deps),
    authConfig: {
      provider: deps.auth.kind,
      publishableKey: deps.auth.publishableKey,
      productionHost: deps.appOrigin ? new URL(deps.appOrigin).host : null,
    } satisfies AuthConfig,
  };
  const byName = new Map(features.map((feature) => [feature.name as string, feature]));
  const build = (name: string, dependents: readonly string[]): void => {
    if (name in built) return;
    const feature = byName.get(name);
    if (!feature?.service) throw new Error(`No feature in server/features.ts builds the service '${name}'`);
    if (dependents.includes(name)) throw new Error(`Services need each other in a circle: ${[...dependents, name].join(' -> ')}`);
    for (const need of feature.needs) build(need, [...dependents, name]);
    const needed = Object.fromEntries(feature.needs.map((need) => [need, built[need]]));
    built[name] = feature.service(featureDeps, needed as never);
  };
  for (const feature of features) if (feature.service) build(feature.name, []);
  const services = built as unknown as Services;
  // Every background job, from one list (decision 0092).
  for (const job of backgroundJobs(services, featureDeps)) jobs.register(job);
  return services;
}
