/**
 * The e2e web server: the production build, built-in accounts, a throwaway DATA_DIR (or E2E_DATA_DIR,
 * kept when the server stops: a spec that stops and starts a server of its own keeps its data).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { startServer } from '../../server/start.ts';

const keptDataDir = process.env.E2E_DATA_DIR;
const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'trelli-e2e-'));
const config = loadConfig({
  NODE_ENV: 'production',
  PORT: process.env.E2E_PORT ?? '4317',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // A spec may start a second server in Clerk mode (e2e/clerk-errors.spec.ts).
  CLERK_PUBLISHABLE_KEY: process.env.E2E_CLERK_PUBLISHABLE_KEY,
  CLERK_SECRET_KEY: process.env.E2E_CLERK_SECRET_KEY,
  // A spec may start a server with some flags switched (e2e/every-child.spec.ts).
  FEATURE_FLAGS: process.env.E2E_FEATURE_FLAGS,
});
const running = await startServer(config, createLogger(config.logLevel), { client: 'built' });

const stop = async () => {
  await running.close();
  if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
