import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AuthProvider } from './auth/auth-provider.ts';
import type { TrustProxy } from './config.ts';
import { isDatabaseUnavailable, isRejectedValue, pingDatabase, type Db } from './db/database.ts';
import { causeOf } from './core/dependencies.ts';
import { LiveEventsClosed } from './core/live-events.ts';
import { FileStoreUnavailableError } from './core/storage/object-store.ts';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, FILE_STORE_UNAVAILABLE_MESSAGE, REJECTED_VALUE_MESSAGE } from './lib/errors.ts';
import type { InFlightTracker } from './lib/in-flight.ts';
import type { Logger } from './lib/logger.ts';
import { requestLog } from './lib/request-log.ts';
import { registerApiDocs } from './rest/api-docs.ts';
import { buildOpenApiDocument } from './rest/openapi.ts';
import { mountOperations } from './rest/operation.ts';
import { restOperations } from './rest/operations.ts';
import { createRateLimiters, DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rest/rate-limits.ts';
import { publicRoute } from './rest/route-kit.ts';
import type { Services } from './services.ts';
import { createContextFactory } from './trpc/context.ts';
import { appRouter } from './trpc/root.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const TRPC_MAX_BATCH_SIZE = 20;
/** What a 503 tells a client to wait: the pool reconnects on the next request once the database is back. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** A file store outage (or a setting to fix) takes longer than a dropped database connection. */
const FILE_STORE_RETRY_AFTER_SECONDS = 30;

export interface AppDeps {
  db: Db;
  auth: AuthProvider;
  services: Services;
  log: Logger;
  /** How the browser client is served: a built bundle, the Vite dev server, or not at all (API-only tests). */
  mountClient?: (app: Express) => void;
  rateLimits?: RateLimitSettings;
  /** Serve over TLS (or behind a TLS proxy): adds upgrade-insecure-requests. */
  httpsOrigin?: boolean;
  /** Development relaxes the CSP for Vite's inline refresh preamble and websocket. */
  development?: boolean;
  /** Counts requests still being handled, so shutdown can wait for them. */
  inFlight?: InFlightTracker;
  /** TRUST_PROXY: which proxies' X-Forwarded-For/-Proto decide req.ip (rate limits) and req.secure (Secure cookie). */
  trustProxy?: TrustProxy;
}

function contentSecurityPolicy(auth: AuthProvider, deps: AppDeps) {
  const extra = auth.contentSecurity;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...extra.scriptSrc, ...(deps.development ? ["'unsafe-inline'"] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: for the vault's previews and thumbnails, fetched with the bearer token.
      imgSrc: ["'self'", 'data:', 'blob:', ...extra.imgSrc],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...extra.connectSrc, ...(deps.development ? ['ws:', 'wss:'] : [])],
      frameSrc: ["'self'", 'blob:', ...extra.frameSrc],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(deps.httpsOrigin ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

const isEventStream = (res: ServerResponse) => String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');

/** Writes that carry a body must say it is JSON (415 otherwise). */
const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (['POST', 'PUT', 'PATCH'].includes(req.method) && hasBody && !req.is('application/json')) {
    return next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json.'));
  }
  next();
};

/** tRPC paths (`/accounts.changeEmail`, batched as `/a,b`) of the procedures that take the current password. */
const CHECKS_A_PASSWORD = /\baccounts\.(changeEmail|changePassword)\b/;

export function createApp(deps: AppDeps): Express {
  const { auth, services, log, db } = deps;
  const app = express();
  app.disable('x-powered-by');
  // API answers are per user and never revalidated; hashing every body would cost more than it saves.
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', deps.trustProxy ?? false);

  if (deps.inFlight) app.use(deps.inFlight.middleware);
  app.use(requestLog(log));
  app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(auth, deps), strictTransportSecurity: deps.httpsOrigin ?? false }));
  // Server-sent events (tRPC subscriptions) go out as written: compressed, they would wait for a block to fill.
  app.use(compression({ filter: (req, res) => !isEventStream(res) && compression.filter(req, res) }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // The database decides readiness; the file store and mail are reported (a setting to check) but never fail it.
  app.get('/readyz', async (_req, res) => {
    const [database, others] = await Promise.all([
      pingDatabase(db).then(
        () => ({ status: 'ok' as const }),
        (error: unknown) => {
          log.warn({ cause: causeOf(error) }, 'readiness: the database does not answer');
          return { status: 'unavailable' as const, reason: 'the database does not answer', setting: 'DATABASE_URL' };
        },
      ),
      services.dependencies.report(),
    ]);
    const dependencies = { database, ...others };
    if (database.status !== 'ok') {
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res
        .status(503)
        .json({ ...new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE).toBody(), status: 'unavailable', dependencies });
      return;
    }
    const degraded = Object.values(others).some((state) => state.status === 'unavailable');
    res.json({ status: degraded ? 'degraded' : 'ready', dependencies });
  });

  // API answers carry personal data: no browser or proxy may keep a copy, errors included.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  for (const middleware of auth.middleware) app.use('/api', middleware);

  const limits = createRateLimiters(deps.rateLimits ?? DEFAULT_RATE_LIMITS);
  // Procedures that check a password share the REST paths' per-address limit, so a token cannot be used to guess it.
  app.use('/api/trpc', (req, res, next) => (CHECKS_A_PASSWORD.test(req.path) ? limits.authPerIp(req, res, next) : next()));

  const createContext = createContextFactory(services, auth);
  app.use(
    '/api/trpc',
    createExpressMiddleware({
      router: appRouter,
      maxBodySize: BODY_LIMIT_BYTES,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      // A subscription's stream holds its connection for its whole life: when it ends (at a shutdown too),
      // the connection goes with it rather than idling on and holding the shutdown up.
      responseMeta: ({ type }) => (type === 'subscription' ? { headers: { Connection: 'close' } } : {}),
      async createContext({ req, res }) {
        const context = await createContext({ req });
        res.locals.userId = context.userId;
        return context;
      },
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ path, err: error.cause ?? error }, 'trpc procedure failed');
        // A subscription ended by a shutdown is no outage: its client reconnects.
        if (error.code === 'SERVICE_UNAVAILABLE' && !(error.cause instanceof LiveEventsClosed)) logUnavailable({ path }, error.cause);
      },
    }),
  );

  const api = express.Router();
  const uploads = express.Router();
  const operations = restOperations(services, limits, { httpsOrigin: deps.httpsOrigin });
  mountOperations(
    uploads,
    operations.filter((op) => op.upload),
    services,
    limits,
  );
  mountOperations(
    api,
    operations.filter((op) => !op.upload),
    services,
    limits,
  );
  const openApi = buildOpenApiDocument(operations);
  api.get(
    '/openapi.json',
    publicRoute((_req, res) => {
      res.json(openApi);
    }),
  );

  const identify: RequestHandler = async (req, res, next) => {
    res.locals.userId = await auth.userId(req);
    next();
  };
  registerApiDocs(app);
  app.use('/api', identify);
  // File uploads stream their multipart bodies (decision 0042); every other path keeps the JSON rule and the 1 MB limit.
  app.use('/api', uploads);
  app.use('/api', requireJsonBody, express.json({ limit: BODY_LIMIT_BYTES, strict: false }), api, (req, _res, next) =>
    next(new AppError('NOT_FOUND', `No API route for ${req.method} ${req.baseUrl}${req.path}`)),
  );

  deps.mountClient?.(app);

  const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const appError = toAppError(error);
    if (appError.status === 503) logUnavailable({ requestId: res.locals.requestId, path: req.path }, error);
    if (appError.code === 'INTERNAL_SERVER_ERROR') {
      log.error({ requestId: res.locals.requestId, path: req.path, err: error }, 'request failed');
    } else if (isRejectedValue(error)) {
      // Validation should have caught it: worth a look, so it is logged (the code only, never the value).
      log.warn(
        { requestId: res.locals.requestId, path: req.path, sqlState: (error as { code: string }).code },
        'database rejected a value',
      );
    }
    if (res.headersSent) return;
    if (appError.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    if (appError.code === 'FILE_STORE_UNAVAILABLE') res.setHeader('Retry-After', String(FILE_STORE_RETRY_AFTER_SECONDS));
    res.status(appError.status).json(appError.toBody());
  };
  app.use(errorHandler);

  /** A 503 names what was down and why, so the log tells a database outage from a file store one. */
  function logUnavailable(where: { requestId?: unknown; path?: string }, error: unknown) {
    if (error instanceof FileStoreUnavailableError) {
      services.dependencies.failed('fileStore');
      log.warn(
        { ...where, dependency: 'fileStore', setting: error.setting, reason: error.reason, cause: causeOf(error) },
        'file store unavailable',
      );
    } else {
      log.warn({ ...where, dependency: 'database', cause: causeOf(error) }, 'database unavailable');
    }
  }
  return app;
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB.');
  if (type === 'entity.parse.failed') return new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 JSON.');
  }
  if (error instanceof FileStoreUnavailableError) return new AppError('FILE_STORE_UNAVAILABLE', FILE_STORE_UNAVAILABLE_MESSAGE);
  if (isDatabaseUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
  if (isRejectedValue(error)) return new AppError('BAD_REQUEST', REJECTED_VALUE_MESSAGE);
  return new AppError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side. Please try again.');
}
