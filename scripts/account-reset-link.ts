/**
 * A one-time password reset link for a built-in account, for whoever runs Trelli to pass on when it
 * sends no mail (SMTP_URL unset). The link works once, for an hour; it is printed here and nowhere else.
 *
 *   node --env-file-if-exists=.env scripts/account-reset-link.ts <email>
 *
 * With the embedded database (no DATABASE_URL), stop the server first: PGlite allows one process at a time.
 */
import { parseArgs } from 'node:util';
import { appUrlOf, ConfigError, loadConfig } from '../server/config.ts';
import { createMailer } from '../server/core/mail.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { AppError } from '../server/lib/errors.ts';
import { createLogger } from '../server/lib/logger.ts';
import { buildAuthProvider, openDatabaseFor } from '../server/start.ts';
import { createAccountsService } from '../server/features/accounts/accounts.service.ts';

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  const email = positionals[0];
  if (positionals.length !== 1 || !email) throw new ConfigError('Usage: npm run account:reset-link -- <email>');
  const config = loadConfig();
  if (config.clerk) throw new ConfigError('Clerk manages the accounts here: reset passwords in the Clerk dashboard.');
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const db = await openDatabaseFor(config, log);
  try {
    await migrateToLatest(db);
    const { tokens } = await buildAuthProvider(config, log, db);
    const accounts = createAccountsService({
      db,
      tokens: tokens as NonNullable<typeof tokens>,
      mailer: createMailer(undefined, log),
      appUrl: appUrlOf(config),
    });
    const link = await accounts.createResetLink(email);
    console.log(`A password reset link for ${email.trim()} (works once, for 1 hour; earlier links still work until one is used):`);
    console.log(link);
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof AppError ? error.message : error);
  process.exit(1);
}
