import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { startServer, StartupError } from './start.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const log = createLogger(config.logLevel);
let running;
try {
  running = await startServer(config, log, { client: config.env === 'development' ? 'vite' : 'built' });
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  // The setting and what was seen, not a stack trace.
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  log.fatal({ setting: error.setting, cause: { code: cause?.code, message: cause?.message } }, error.message);
  process.exit(1);
}
log.info(
  { url: `http://localhost:${config.port}`, database: config.databaseUrl ? 'postgres' : 'pglite', auth: config.clerk ? 'clerk' : 'local' },
  'Trelli is listening',
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
