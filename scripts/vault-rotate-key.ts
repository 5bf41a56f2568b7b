/**
 * Master key rotation for the document vault: re-wraps every stored object's data key with the
 * current master key (file bodies are not read or rewritten).
 *
 *   node --env-file-if-exists=.env scripts/vault-rotate-key.ts [--new] [--retire] [--batch-size=500]
 *
 * --new     keyring file only: make a new current key first (the old ones stay to unwrap)
 * --retire  keyring file only: afterwards, drop the keys no stored object uses any more and that were
 *           replaced over 10 minutes ago (a running server may still be wrapping with a newer-replaced one)
 * A running server follows the keyring file: it takes the new key for uploads and opens re-wrapped
 * objects without a restart. On PGlite (no DATABASE_URL) stop the server first: the embedded database
 * opens in one process at a time.
 * With VAULT_MASTER_KEY set: put the new `id:key` entry first in it, run without flags, then remove
 * the old entry.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.ts';
import { RETIRE_AFTER_MS } from '../server/core/storage/master-keys.ts';
import { RotationRefusedError, rotateMasterKey } from '../server/core/storage/rotate-master-key.ts';
import { createLogger } from '../server/lib/logger.ts';
import { openDatabaseFor } from '../server/start.ts';

try {
  const { values } = parseArgs({
    options: {
      new: { type: 'boolean', default: false },
      retire: { type: 'boolean', default: false },
      'batch-size': { type: 'string', default: '500' },
    },
  });
  const batchSize = Number(values['batch-size']);
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new ConfigError('--batch-size must be a whole number above 0');
  const config = loadConfig();
  const db = await openDatabaseFor(config, createLogger(config.logLevel));
  try {
    const report = await rotateMasterKey({
      db,
      dataDir: config.dataDir,
      masterKey: config.vault.masterKey,
      addKey: values.new,
      retire: values.retire,
      batchSize,
    });
    console.log(`Current master key: ${report.currentKeyId}`);
    console.log(`Re-wrapped: ${report.rewrapped}`);
    if (report.changedMeanwhile > 0) console.log(`Changed while rotating (run again): ${report.changedMeanwhile}`);
    if (report.unreadable > 0) console.log(`Not in the keyring, left as they were: ${report.unreadable}`);
    console.log(`Master keys in use: ${report.inUse.join(', ') || 'none'}`);
    if (values.retire) console.log(`Retired: ${report.retired.join(', ') || 'none'}`);
    if (report.retireLater.length > 0) {
      console.log(
        `Not retired yet, replaced less than ${RETIRE_AFTER_MS / 60_000} minutes ago (a running server may still hold them): ${report.retireLater.join(', ')}. Run with --retire again later.`,
      );
    }
    if (report.unreadable > 0) process.exitCode = 1;
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof RotationRefusedError ? error.message : error);
  process.exit(1);
}
