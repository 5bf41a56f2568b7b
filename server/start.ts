import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp } from './app.ts';
import type { AuthProvider } from './auth/auth-provider.ts';
import { createClerkAuthProvider } from './auth/clerk.ts';
import { createLocalAuthProvider, LocalTokens } from './auth/local.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import { appUrlOf, type Config } from './config.ts';
import { isDatabaseUnavailable, openDatabase, type Db } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { scheduleContactPurge } from './features/contact/contact.service.ts';
import { createInFlightTracker } from './lib/in-flight.ts';
import type { Logger } from './lib/logger.ts';
import type { RateLimitSettings } from './rest/rate-limits.ts';
import { createServices } from './services.ts';
import { createVaultSetup } from './vault-setup.ts';
import { schedulePurge } from './core/stored-objects.ts';
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

async function migrateWithRetry(db: Db, log: Logger): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const applied = await migrateToLatest(db);
      if (applied.length > 0) log.info({ applied }, 'migrations applied');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || attempt >= 10) throw error;
      log.warn({ attempt }, 'database not reachable yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export async function buildAuthProvider(config: Config, log: Logger, db: Db): Promise<{ auth: AuthProvider; tokens: LocalTokens | null }> {
  if (config.clerk) {
    const auth = createClerkAuthProvider({ ...config.clerk, authorizedParties: config.appOrigin ? [config.appOrigin] : [] }, log);
    return { auth, tokens: null };
  }
  const tokens = new LocalTokens(await resolveAuthSecret(config.authSecret, config.dataDir));
  return { auth: createLocalAuthProvider(tokens, db), tokens };
}

export async function startServer(config: Config, log: Logger, options: StartOptions): Promise<RunningServer> {
  const db = await openDatabaseFor(config, log);
  await migrateWithRetry(db, log);
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
  });
  // Background jobs (pg-boss): exports, their expiry. Stopped below before the database closes.
  await services.jobs.start();
  const stopContactPurge = scheduleContactPurge(services.contact, log);
  const stopFilePurge = schedulePurge(vault.files, log);
  void services.documents.resumeProcessing().catch((error: unknown) => log.warn({ err: error }, 'could not resume document processing'));

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
      stopContactPurge();
      stopFilePurge();
      await services.jobs.stop(SHUTDOWN_GRACE_MS);
      await services.documents.close();
      await viteClient?.close();
      await db.destroy();
    })();
    return closing;
  };
  return { url: `http://127.0.0.1:${port}`, server, db, app, close };
}
