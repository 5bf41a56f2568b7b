import { isIP } from 'node:net';
import { z } from 'zod';
import { DOCUMENT_LIMITS } from '#shared/schemas/document.ts';
import type { VaultS3Settings } from './core/storage/create-vault.ts';
import { FEATURE_FLAG_DEFAULTS, mergeFeatureFlags, type FeatureFlags } from '#shared/feature-flags.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** Express's own names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For/-Proto): none, the nearest N hops, or the
 * listed addresses. `true` (any hop) is refused: behind one proxy it lets a client pick its own address.
 */
function parseTrustProxy(raw: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (value !== 'true' && entries.every(isAddressOrSubnet)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be false, the number of proxies in front (e.g. 1), or their addresses (e.g. loopback,10.0.0.0/8); not true',
  });
  return z.NEVER;
}

/** A size in whole megabytes (at least 1), read as bytes. */
function megabytes(defaultBytes: number) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,7}$/, 'must be a whole number of megabytes such as 25')
      .transform((value) => Number(value) * 1024 * 1024)
      .pipe(z.number().min(1024 * 1024, 'must be at least 1'))
      .default(defaultBytes),
  );
}

/** Express's `trust proxy`: off, a hop count, or trusted addresses. */
export type TrustProxy = false | number | string[];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number such as 3000')
      .transform(Number)
      .pipe(z.number().max(65535, 'must be at most 65535'))
      .default(3000),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  CLERK_PUBLISHABLE_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('pk_', 'must start with pk_').optional()),
  CLERK_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_', 'must start with sk_').optional()),
  CLERK_JWT_KEY: optionalString,
  APP_ORIGIN: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  FEATURE_FLAGS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined) return {};
        try {
          const parsed: unknown = JSON.parse(raw);
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object such as {"FLAG_PDF_PRINT_STYLES":true}' });
        return z.NEVER;
      }),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional().transform(parseTrustProxy)),
  VAULT_MASTER_KEY: optionalString,
  VAULT_MAX_FILE_MB: megabytes(DOCUMENT_LIMITS.defaultMaxFileBytes),
  VAULT_QUOTA_MB: megabytes(DOCUMENT_LIMITS.defaultQuotaBytes),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], 'must be true or false').optional()),
  S3_PREFIX: optionalString,
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com' }).optional(),
  ),
  TEST_JOB_TIMINGS: z.preprocess(emptyToUndefined, z.enum(['fast'], 'must be fast or unset').optional()),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address such as Trelli <trelli@example.com>')
      .optional(),
  ),
});

/** Where emailed and copied links point: APP_ORIGIN, else this server on localhost. */
export function appUrlOf(config: Pick<Config, 'appOrigin' | 'port'>): string {
  return config.appOrigin ?? `http://localhost:${config.port}`;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  clerk: { publishableKey: string; secretKey: string; jwtKey: string | undefined } | undefined;
  appOrigin: string | undefined;
  authSecret: string | undefined;
  featureFlags: FeatureFlags;
  logLevel: string;
  trustProxy: TrustProxy;
  vault: {
    /** VAULT_MASTER_KEY: `id:base64key` entries, the first current; a keyring file in DATA_DIR when unset. */
    masterKey: string | undefined;
    maxFileBytes: number;
    quotaBytes: number;
    /** Files go to an S3-compatible store when S3_BUCKET is set, to DATA_DIR/objects otherwise. */
    s3: S3Settings | undefined;
  };
  /** Outgoing mail (server/core/mail.ts); undefined when SMTP_URL and MAIL_FROM are unset. */
  mail: { smtpUrl: string; from: string } | undefined;
  /** TEST_JOB_TIMINGS=fast, tests only: background jobs' expiries and schedules in seconds (server/features.ts). */
  fastJobTimings: boolean;
}

/** Where the vault's files go when S3_BUCKET is set. */
export type S3Settings = VaultS3Settings;

export class ConfigError extends Error {}

/** The only reader of process.env. A bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const hasPublishable = values.CLERK_PUBLISHABLE_KEY !== undefined;
  const hasSecret = values.CLERK_SECRET_KEY !== undefined;
  if (hasPublishable !== hasSecret) {
    throw new ConfigError(
      'Invalid configuration:\n  CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY must be set together (both for Clerk, neither for built-in accounts)',
    );
  }
  if (values.S3_BUCKET && !(values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if ((values.SMTP_URL === undefined) !== (values.MAIL_FROM === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL and MAIL_FROM must be set together (both to send mail, neither to log it as not sent)',
    );
  }
  if (values.TEST_JOB_TIMINGS && values.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration:\n  TEST_JOB_TIMINGS is for tests only (NODE_ENV=test)');
  }
  const flagOverrides = values.FEATURE_FLAGS;
  const unknownFlag = Object.entries(flagOverrides).find(([name, value]) => !(name in FEATURE_FLAG_DEFAULTS) || typeof value !== 'boolean');
  if (unknownFlag) {
    throw new ConfigError(
      `Invalid configuration:\n  FEATURE_FLAGS: "${unknownFlag[0]}" must be one of the known flags with a true or false value`,
    );
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    dataDir: values.DATA_DIR,
    databaseUrl: values.DATABASE_URL,
    clerk:
      values.CLERK_PUBLISHABLE_KEY && values.CLERK_SECRET_KEY
        ? { publishableKey: values.CLERK_PUBLISHABLE_KEY, secretKey: values.CLERK_SECRET_KEY, jwtKey: values.CLERK_JWT_KEY }
        : undefined,
    appOrigin: values.APP_ORIGIN ? new URL(values.APP_ORIGIN).origin : undefined,
    authSecret: values.AUTH_SECRET,
    featureFlags: mergeFeatureFlags(flagOverrides),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    vault: {
      masterKey: values.VAULT_MASTER_KEY,
      maxFileBytes: values.VAULT_MAX_FILE_MB,
      quotaBytes: values.VAULT_QUOTA_MB,
      s3: values.S3_BUCKET
        ? {
            bucket: values.S3_BUCKET,
            endpoint: values.S3_ENDPOINT,
            region: values.S3_REGION,
            accessKeyId: values.S3_ACCESS_KEY_ID as string,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY as string,
            forcePathStyle: values.S3_FORCE_PATH_STYLE ? values.S3_FORCE_PATH_STYLE === 'true' : values.S3_ENDPOINT !== undefined,
            prefix: values.S3_PREFIX,
          }
        : undefined,
    },
    mail: values.SMTP_URL && values.MAIL_FROM ? { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM } : undefined,
    fastJobTimings: values.TEST_JOB_TIMINGS === 'fast',
  };
}
