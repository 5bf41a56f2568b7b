// Trelli's real server, API only, in its own process: `startServer` with a config from `loadConfig`.
// Env: BENCH_DATABASE_URL (PGlite in the data dir when unset), BENCH_AUTH_SECRET, LOG_LEVEL (default warn),
// BENCH_DATA_DIR (the PGlite database and the vault; the vault bench gives each server a fresh temp dir),
// BENCH_VAULT_QUOTA_MB (the per-parent quota; the server's default when unset). Logs go to stderr; stdout
// carries one line, `{"listening":"http://127.0.0.1:<port>"}`, once it accepts connections.
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/rest/rate-limits.ts';
import { startServer } from '../../server/start.ts';

const config = loadConfig({
  NODE_ENV: 'production',
  PORT: '0',
  DATA_DIR: process.env.BENCH_DATA_DIR || path.join(tmpdir(), 'trelli-bench-unused'),
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  AUTH_SECRET: process.env.BENCH_AUTH_SECRET,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  VAULT_QUOTA_MB: process.env.BENCH_VAULT_QUOTA_MB,
});
const log = createLogger(config.logLevel, pino.destination({ fd: 2, sync: false }));
// The vault bench adds 500 files to one account, more than the per-account upload limit lets through.
const running = await startServer(config, log, {
  client: 'none',
  rateLimits: { ...DEFAULT_RATE_LIMITS, uploadsPerAccount: { limit: 1_000_000, windowMs: 60_000 } },
});
const { port } = new URL(running.url);
process.stdout.write(`${JSON.stringify({ listening: `http://127.0.0.1:${port}` })}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
