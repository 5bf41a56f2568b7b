import { ConfigError, loadConfig } from '../server/config.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createLogger } from '../server/lib/logger.ts';
import { openDatabaseFor } from '../server/start.ts';

try {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const db = await openDatabaseFor(config, log);
  const applied = await migrateToLatest(db);
  await db.destroy();
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
