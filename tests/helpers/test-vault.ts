import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCUMENT_LIMITS } from '#shared/schemas/document.ts';
import type { S3Settings } from '../../server/config.ts';
import type { Db } from '../../server/db/database.ts';
import type { VaultLimits } from '../../server/features/documents/documents.service.ts';
import { createLogger, type Logger } from '../../server/lib/logger.ts';
import { createVaultSetup, type VaultSetup } from '../../server/features/documents/vault-setup.ts';

export interface TestVault extends VaultSetup {
  /** The vault's DATA_DIR (keyring file, and objects/ for the disk store). */
  dataDir: string;
  dispose(): Promise<void>;
}

/** A real vault (encrypted disk store, or S3 when given) in a fresh temporary DATA_DIR. */
export async function createTestVault(
  db: Db,
  options: { limits?: Partial<VaultLimits>; s3?: S3Settings; log?: Logger; masterKey?: string } = {},
): Promise<TestVault> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'trelli-vault-'));
  const setup = await createVaultSetup({
    db,
    dataDir,
    log: options.log ?? createLogger('silent'),
    vault: {
      masterKey: options.masterKey,
      maxFileBytes: options.limits?.maxFileBytes ?? DOCUMENT_LIMITS.defaultMaxFileBytes,
      quotaBytes: options.limits?.quotaBytes ?? DOCUMENT_LIMITS.defaultQuotaBytes,
      s3: options.s3,
    },
  });
  return {
    ...setup,
    dataDir,
    async dispose() {
      await setup.processor.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every object key in the vault's store. */
export async function storedKeys(vault: VaultSetup): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of vault.files.vault.list()) keys.push(key);
  return keys.sort();
}
