import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp } from './app.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import { createClerkAuthProvider } from './auth/clerk.ts';
import { createLocalAuthProvider, LocalTokens } from './auth/local.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import { appUrlOf, type Config } from './config.ts';
import { isDatabaseUnavailable, openDatabase, pingDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createInFlightTracker } from './lib/in-flight.ts';
import type { Logger } from './lib/logger.ts';
import type { RateLimitSettings } from './rest/rate-limits.ts';
import { createServices } from './services.ts';
import { createVaultSetup } from './features/documents/vault-setup.ts';
import { FAST_TEST_JOB_TIMINGS } from './features.ts';
import { createJobs, type Jobs } from './core/jobs.ts';
import { createMailer } from './core/mail.ts';
import { createViteDevClient, mountBuiltClient } from './web.ts';

export const SHUTDOWN_GRACE_MS = 10_000;

export interface StartOptions {
  /** 'built' serves dist/client, 'vite' the dev server, 'none' the API alone. */
  client: 'built' | 'vite' | 'none';
  rateLimits?: RateLimitSettings;
  now?: () => Date;
}

export interface RunningServer {
  url: string;
  server: Server;
  db: Db;
  app: Express;
  /** Stops accepting, lets in-flight requests and running jobs finish (up to 10 s each), closes the database. */
  close(): Promise<void>;
}

export async function openDatabaseFor(config: Config, log: Logger): Promise<Db> {
  return openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    (error) => log.warn({ err: error.message }, 'database connection lost; will reconnect on next query'),
  );
}

/** Start-up cannot go on, for a reason the message gives in a self-hoster's words, naming the setting to check. */
export class StartupError extends Error {
  readonly setting: string;

  constructor(setting: string, message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'StartupError';
    this.setting = setting;
  }
}

/** Where DATABASE_URL points, without its password: `host:port/name`. */
function databaseAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** Why a PostgreSQL server refused us at start-up, when the answer is about DATABASE_URL itself. */
const REFUSED_AT_START: Record<string, string> = {
  '3D000': 'that database does not exist on the server (create it, e.g. createdb, or fix the name in the URL)',
  '28P01': 'the server refused the user name or password',
  '28000': 'the server refused the user name or password',
};

/** Waits (up to 10 s) for the database to answer; a server that refuses the URL stops start-up at once. */
async function connectWithRetry(db: Db, config: Config, log: Logger): Promise<void> {
  const url = config.databaseUrl;
  if (!url) return;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await pingDatabase(db);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const refused = typeof code === 'string' ? REFUSED_AT_START[code] : undefined;
      if (refused) throw new StartupError('DATABASE_URL', `DATABASE_URL (${databaseAddress(url)}): ${refused}`, error);
      if (!isDatabaseUnavailable(error)) throw error;
      if (attempt >= 10) {
        const why = typeof code === 'string' ? ` (${code})` : '';
        throw new StartupError(
          'DATABASE_URL',
          `DATABASE_URL (${databaseAddress(url)}): the database server cannot be reached${why}`,
          error,
        );
      }
      log.warn({ attempt, setting: 'DATABASE_URL' }, 'database not reachable yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function migrate(db: Db, log: Logger): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
}

export async function buildAuthProvider(config: Config, log: Logger, db: Db): Promise<{ auth: AuthProvider; tokens: LocalTokens | null }> {
  if (config.clerk) {
    const auth = createClerkAuthProvider({ ...config.clerk, authorizedParties: config.appOrigin ? [config.appOrigin] : [] }, log);
    return { auth, tokens: null };
  }
  const tokens = new LocalTokens(await resolveAuthSecret(config.authSecret, config.dataDir));
  return { auth: createLocalAuthProvider(tokens, db), tokens };
}

/** Every service as the server builds them from the configuration (scripts/jobs.ts runs jobs on these). */
export async function buildServices(config: Config, log: Logger, db: Db, options: { now?: () => Date; jobs?: Jobs } = {}) {
  const { auth, tokens } = await buildAuthProvider(config, log, db);
  const vault = await createVaultSetup({ db, dataDir: config.dataDir, vault: config.vault, log });
  const services = createServices({
    db,
    auth,
    tokens,
    featureFlags: config.featureFlags,
    appOrigin: config.appOrigin,
    appUrl: appUrlOf(config),
    vault,
    mailer: createMailer(config.mail, log),
    now: options.now,
    jobs: options.jobs,
  });
  return { auth, vault, services };
}

export async function startServer(config: Config, log: Logger, options: StartOptions): Promise<RunningServer> {
  const db = await openDatabaseFor(config, log);
  try {
    await connectWithRetry(db, config, log);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
  await migrate(db, log);
  const jobs = createJobs({ db, log, options: config.fastJobTimings ? FAST_TEST_JOB_TIMINGS : {} });
  const { auth, services } = await buildServices(config, log, db, { now: options.now, jobs });
  // Background jobs (pg-boss; each feature's, listed in server/features.ts). Stopped below before the database closes.
  await jobs.start();
  // A wrong S3 or SMTP setting is logged now, naming it, rather than at the first upload or mail; it does not stop start-up.
  void services.dependencies
    .report()
    .then((states) => log.info({ fileStore: states.fileStore.status, mail: states.mail.status }, 'file store and mail checked'));
  // A process that died mid-write left unfinished files: the first purge runs now, not at the next tick.
  void jobs.runNow('stored-objects.purge').catch((error: unknown) => log.warn({ err: error }, 'could not queue the stored-object purge'));
  void services.documents.queueLeftPending().then(
    (queued) => queued > 0 && log.info({ queued }, 'documents left pending by an earlier version queued for reading'),
    (error: unknown) => log.warn({ err: error }, 'could not queue the documents left pending'),
  );

  const viteClient = options.client === 'vite' ? await createViteDevClient() : undefined;
  const inFlight = createInFlightTracker();
  const app = createApp({
    inFlight,
    db,
    auth,
    services,
    log,
    rateLimits: options.rateLimits,
    httpsOrigin: config.appOrigin?.startsWith('https:') ?? false,
    trustProxy: config.trustProxy,
    development: options.client === 'vite',
    mountClient: options.client === 'built' ? (express) => mountBuiltClient(express) : viteClient?.mount,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, '0.0.0.0', () => resolve(listening));
    listening.once('error', reject);
  });
  server.keepAliveTimeout = 5_000;
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      // Busy kept-alive connections close after their answer instead of taking more requests.
      inFlight.drain();
      server.closeIdleConnections();
      // Open subscriptions end now (their clients reconnect, to another instance), not at the grace's end.
      const liveClosed = services.live.close();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, SHUTDOWN_GRACE_MS);
      });
      // Connections close when their answers are sent; a handler whose client hung up is still working.
      await Promise.race([Promise.all([stopped, inFlight.idle()]), deadline]);
      clearTimeout(timer);
      await jobs.stop(SHUTDOWN_GRACE_MS);
      await services.documents.close();
      await viteClient?.close();
      await liveClosed;
      await db.destroy();
    })();
    return closing;
  };
  return { url: `http://127.0.0.1:${port}`, server, db, app, close };
}
