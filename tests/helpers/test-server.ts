import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { createApp, type AppDeps } from '../../server/app.ts';
import type { AuthProvider } from '../../server/auth/auth-provider.ts';
import { createLocalAuthProvider, LocalTokens } from '../../server/auth/local.ts';
import { createClerkAuthProvider, type ClerkSettings } from '../../server/auth/clerk.ts';
import type { Db } from '../../server/db/database.ts';
import { createMailer, type Mailer } from '../../server/core/mail.ts';
import { createJobs } from '../../server/core/jobs.ts';
import { createLogger, type Logger } from '../../server/lib/logger.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../server/rest/rate-limits.ts';
import { createServices, type Services } from '../../server/services.ts';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlags } from '#shared/feature-flags.ts';
import type { S3Settings } from '../../server/config.ts';
import type { VaultLimits } from '../../server/features/documents/documents.service.ts';
import { createTestVault, type TestVault } from './test-vault.ts';
import { createTestDatabase, type EngineKind, type TestDatabase } from './test-database.ts';

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const TEST_MAIL_FROM = 'Trelli <trelli@example.test>';

export interface TestServerOptions {
  engine: EngineKind;
  clerk?: ClerkSettings;
  rateLimits?: RateLimitSettings;
  featureFlags?: FeatureFlags;
  appOrigin?: string;
  /** Reuse a database (e.g. one shared by a test file); a fresh one is made otherwise. */
  database?: TestDatabase;
  mountClient?: AppDeps['mountClient'];
  /** The vault's limits (small ones make the limit tests quick) or an S3 store. */
  vaultLimits?: Partial<VaultLimits>;
  s3?: S3Settings;
  /** The services' clock (exports expire by it). */
  now?: () => Date;
  /** False: background jobs are queued but this server runs none (another server on the database may). */
  jobWorkers?: boolean;
  /** An SMTP server for the mail (tests/helpers/test-mail.ts); without it mail is logged as not sent. */
  smtpUrl?: string;
}

export interface TestServer {
  url: string;
  db: Db;
  database: TestDatabase;
  services: Services;
  auth: AuthProvider;
  tokens: LocalTokens | null;
  log: Logger;
  /** Every log line the server wrote, as text. */
  logLines: string[];
  server: Server;
  /** The document vault's store, in a temporary DATA_DIR. */
  vault: TestVault;
  mailer: Mailer;
  close(): Promise<void>;
}

/** The real Express app on an ephemeral port, over a real database. Only Clerk's servers are out of reach. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase(options.engine));
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = createLogger('info', sink);
  const tokens = options.clerk ? null : new LocalTokens(TEST_AUTH_SECRET);
  const auth = options.clerk ? createClerkAuthProvider(options.clerk, log) : createLocalAuthProvider(tokens as LocalTokens, database.db);
  const mailer = createMailer(options.smtpUrl ? { smtpUrl: options.smtpUrl, from: TEST_MAIL_FROM } : undefined, log);
  const vault = await createTestVault(database.db, { limits: options.vaultLimits, s3: options.s3, log });
  const services = createServices({
    db: database.db,
    auth,
    tokens,
    featureFlags: options.featureFlags ?? FEATURE_FLAG_DEFAULTS,
    appOrigin: options.appOrigin,
    appUrl: options.appOrigin,
    vault,
    mailer,
    now: options.now,
    jobs: createJobs({ db: database.db, log, options: { pollingIntervalSeconds: 0.5, work: options.jobWorkers } }),
  });
  await services.jobs.start();
  const app = createApp({
    db: database.db,
    auth,
    services,
    log,
    mountClient: options.mountClient,
    rateLimits: options.rateLimits ?? {
      ...DEFAULT_RATE_LIMITS,
      authPerIp: { limit: 10_000, windowMs: 60_000 },
      signInFailuresPerEmail: { limit: 10_000, windowMs: 60_000 },
      contactPerIp: { limit: 10_000, windowMs: 60_000 },
      uploadsPerAccount: { limit: 10_000, windowMs: 60_000 },
    },
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  // PGlite runs on this process's event loop: seconds of setup through the services can hold back
  // fetch's timer that retires an idle socket, and the next POST then meets the server's 5 s close
  // (ECONNRESET). Here fetch alone retires idle sockets, after its own 4 s.
  server.keepAliveTimeout = 60_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db: database.db,
    database,
    services,
    auth,
    tokens,
    log,
    logLines,
    server,
    vault,
    mailer,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.live.close();
      await services.jobs.stop();
      await services.documents.close();
      await vault.dispose();
      if (!options.database) await database.drop();
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A real HTTP call, as an external client would make it. */
export async function api<T = any>(
  server: { url: string },
  method: string,
  path: string,
  options: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

let accountCounter = 0;

/** The password of every account `signUpParent` makes. */
export const TEST_PASSWORD = 'a long enough password';

/** Signs up a new parent through the real endpoint and returns the bearer token. */
export async function signUpParent(server: { url: string }, email?: string) {
  accountCounter += 1;
  const address = email ?? `parent${accountCounter}-${Date.now()}@example.com`;
  const response = await api<{ token: string; user: { id: string } }>(server, 'POST', '/api/auth/sign-up', {
    json: { email: address, password: TEST_PASSWORD },
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  return { token: response.body.token, userId: response.body.user.id, email: address, cookie: response.headers.get('set-cookie') ?? '' };
}

export const validChild = { firstName: 'Maya', dateOfBirth: '2016-05-02' } as const;

/** A new parent with one child; `call` sends `/api<path>?childId=<that child>` as the parent. */
export async function signUpParentWithChild(server: { url: string }) {
  const parent = await signUpParent(server);
  const child = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
  if (child.status !== 201) throw new Error(`adding a child failed: ${child.status} ${child.text}`);
  const childId = child.body.id as number;
  const call = (method: string, path: string, json?: unknown) =>
    api(server, method, `/api${path}?childId=${childId}`, { token: parent.token, json });
  return { ...parent, childId, call };
}

/** Adds a file to the family's child as the vault's form does; answers the new document's id. */
export async function uploadDocument(
  server: { url: string },
  family: { token: string; childId: number },
  name: string,
  bytes: Uint8Array,
): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.url}/api/documents?childId=${family.childId}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${family.token}` },
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}
