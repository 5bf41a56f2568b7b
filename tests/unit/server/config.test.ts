import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { FEATURE_FLAG_DEFAULTS } from '#shared/feature-flags.ts';

/** The ConfigError loadConfig throws for `env`, or a failure when it throws nothing. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected loadConfig to reject ${JSON.stringify(env)}`);
}

const PK = `pk_test_${Buffer.from('clerk.example.com$').toString('base64')}`;

describe('loadConfig', () => {
  it('has the documented defaults with an empty environment', () => {
    expect(loadConfig({})).toStrictEqual({
      env: 'development',
      port: 3000,
      dataDir: './.data',
      databaseUrl: undefined,
      clerk: undefined,
      appOrigin: undefined,
      authSecret: undefined,
      featureFlags: { ...FEATURE_FLAG_DEFAULTS },
      logLevel: 'info',
      trustProxy: false,
      vault: { masterKey: undefined, maxFileBytes: 25 * 1024 * 1024, quotaBytes: 1024 * 1024 * 1024, s3: undefined },
      mail: undefined,
      fastJobTimings: false,
    });
  });

  it('takes TEST_JOB_TIMINGS=fast in tests only', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_JOB_TIMINGS: 'fast' }).fastJobTimings).toBe(true);
    expect(() => loadConfig({ TEST_JOB_TIMINGS: 'fast' })).toThrow(/TEST_JOB_TIMINGS is for tests only \(NODE_ENV=test\)/);
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_JOB_TIMINGS: 'slow' })).toThrow(/TEST_JOB_TIMINGS: must be fast or unset/);
  });

  it('reads the mail settings: SMTP_URL and MAIL_FROM together', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com', MAIL_FROM: 'Trelli <trelli@example.com>' }).mail).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com',
      from: 'Trelli <trelli@example.com>',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'trelli@example.com' }).mail?.from).toBe('trelli@example.com');
  });

  it('names a bad mail setting', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com', MAIL_FROM: 'a@example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'Trelli' })).toThrow(/MAIL_FROM: must be an address/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com' })).toThrow(/SMTP_URL and MAIL_FROM must be set together/);
    expect(() => loadConfig({ MAIL_FROM: 'a@example.com' })).toThrow(/SMTP_URL and MAIL_FROM must be set together/);
  });

  it('reads the vault settings: limits in megabytes, S3 when a bucket is named (path-style with an endpoint)', () => {
    const config = loadConfig({
      VAULT_MASTER_KEY: 'k1:abc',
      VAULT_MAX_FILE_MB: '10',
      VAULT_QUOTA_MB: '2048',
      S3_BUCKET: 'trelli-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.vault).toEqual({
      masterKey: 'k1:abc',
      maxFileBytes: 10 * 1024 * 1024,
      quotaBytes: 2048 * 1024 * 1024,
      s3: {
        bucket: 'trelli-files',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: undefined,
      },
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'i', S3_SECRET_ACCESS_KEY: 's' }).vault.s3?.forcePathStyle).toBe(false);
  });

  it('names a bad vault setting', () => {
    expect(() => loadConfig({ VAULT_MAX_FILE_MB: '2.5' })).toThrow(/VAULT_MAX_FILE_MB: must be a whole number of megabytes/);
    expect(() => loadConfig({ VAULT_QUOTA_MB: '0' })).toThrow(/VAULT_QUOTA_MB: must be at least 1/);
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });

  it('treats empty strings as unset (as a blank line in .env leaves them)', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      CLERK_PUBLISHABLE_KEY: '',
      CLERK_SECRET_KEY: '',
      FEATURE_FLAGS: '',
      LOG_LEVEL: '',
      APP_ORIGIN: '',
      SMTP_URL: '',
      MAIL_FROM: '',
    });
    expect(config.port).toBe(3000);
    expect(config.mail).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.clerk).toBeUndefined();
    expect(config.featureFlags).toStrictEqual({ ...FEATURE_FLAG_DEFAULTS });
    expect(config.logLevel).toBe('info');
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATA_DIR: '/var/lib/trelli',
      DATABASE_URL: 'postgresql://app@db.internal:5432/trelli',
      CLERK_PUBLISHABLE_KEY: PK,
      CLERK_SECRET_KEY: 'sk_live_abc',
      CLERK_JWT_KEY: '-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----',
      APP_ORIGIN: 'https://app.trelli.example/some/path?x=1',
      AUTH_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      dataDir: '/var/lib/trelli',
      databaseUrl: 'postgresql://app@db.internal:5432/trelli',
      clerk: { publishableKey: PK, secretKey: 'sk_live_abc', jwtKey: expect.stringContaining('BEGIN PUBLIC KEY') },
      appOrigin: 'https://app.trelli.example',
      authSecret: 'x'.repeat(32),
      logLevel: 'warn',
    });
  });

  it('merges FEATURE_FLAGS over the defaults', () => {
    const { featureFlags } = loadConfig({ FEATURE_FLAGS: '{"FLAG_PDF_PRINT_STYLES": true, "FLAG_ROADMAP_V2_6MO": false}' });
    expect(featureFlags).toStrictEqual({ ...FEATURE_FLAG_DEFAULTS, FLAG_PDF_PRINT_STYLES: true, FLAG_ROADMAP_V2_6MO: false });
    expect(Object.keys(featureFlags)).toHaveLength(11);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '3000.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/trelli' }],
    ['DATABASE_URL', { DATABASE_URL: 'localhost:5432' }],
    ['FEATURE_FLAGS', { FEATURE_FLAGS: 'FLAG_PDF_PRINT_STYLES=true' }],
    ['FEATURE_FLAGS', { FEATURE_FLAGS: '[true]' }],
    ['FEATURE_FLAGS', { FEATURE_FLAGS: 'null' }],
    ['FEATURE_FLAGS', { FEATURE_FLAGS: '{"FLAG_DOES_NOT_EXIST": true}' }],
    ['FEATURE_FLAGS', { FEATURE_FLAGS: '{"FLAG_PDF_PRINT_STYLES": "yes"}' }],
    ['FEATURE_FLAGS', { FEATURE_FLAGS: '{"FLAG_PDF_PRINT_STYLES": 1}' }],
    ['CLERK_PUBLISHABLE_KEY', { CLERK_PUBLISHABLE_KEY: PK }],
    ['CLERK_SECRET_KEY', { CLERK_SECRET_KEY: 'sk_test_abc' }],
    ['CLERK_PUBLISHABLE_KEY', { CLERK_PUBLISHABLE_KEY: 'not-a-key', CLERK_SECRET_KEY: 'sk_test_abc' }],
    ['CLERK_SECRET_KEY', { CLERK_PUBLISHABLE_KEY: PK, CLERK_SECRET_KEY: 'secret' }],
    ['APP_ORIGIN', { APP_ORIGIN: 'ftp://files.example.com' }],
    ['APP_ORIGIN', { APP_ORIGIN: 'not a url' }],
    ['AUTH_SECRET', { AUTH_SECRET: 'too-short' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
  ])('a bad %s stops start-up with a message naming it (%j)', (variable, env) => {
    const error = configError(env);
    expect(error.message).toContain(variable);
    expect(error.message).toMatch(/^Invalid configuration/);
  });

  it.each([' ', '0x50'])('a PORT that is not plain digits (%j) is refused rather than read as another port', (port) => {
    expect(configError({ PORT: port }).message).toContain('PORT');
  });

  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.7,uniquelocal', ['10.0.0.0/8', '192.168.1.7', 'uniquelocal']],
    ['fd00::/8', ['fd00::/8']],
  ])('TRUST_PROXY=%j trusts %j', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toStrictEqual(trustProxy);
  });

  it.each(['true', 'yes', '-1', '1.5', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '10.0.0.1/8/8'])(
    'TRUST_PROXY=%j stops start-up with a message naming it',
    (value) => {
      expect(configError({ TRUST_PROXY: value }).message).toMatch(/^Invalid configuration:\n {2}TRUST_PROXY: /);
    },
  );

  it('names the unknown flag itself', () => {
    expect(configError({ FEATURE_FLAGS: '{"FLAG_TYPO": true}' }).message).toContain('FLAG_TYPO');
  });

  it('reports every bad variable at once', () => {
    const { message } = configError({ PORT: 'x', DATABASE_URL: 'nope', LOG_LEVEL: 'loud' });
    for (const variable of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(variable);
  });

  it('does not read process.env when given an environment', () => {
    const before = process.env.PORT;
    process.env.PORT = 'not-a-port';
    try {
      expect(loadConfig({}).port).toBe(3000);
    } finally {
      if (before === undefined) delete process.env.PORT;
      else process.env.PORT = before;
    }
  });
});
