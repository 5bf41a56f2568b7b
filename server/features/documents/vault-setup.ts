import path from 'node:path';
import type { Config } from '../../config.ts';
import { createVaultFromConfig } from '../../core/storage/create-vault.ts';
import { createStoredFiles, type StoredFiles } from '../../core/stored-objects.ts';
import type { Db } from '../../db/database.ts';
import { createDocumentProcessor, type DocumentProcessor } from './document-processor.ts';
import type { VaultLimits } from './documents.service.ts';
import type { Logger } from '../../lib/logger.ts';

/** What the document vault runs on: the encrypted file store with its bookkeeping, the file processor, the limits. */
export interface VaultSetup {
  files: StoredFiles;
  processor: DocumentProcessor;
  limits: VaultLimits;
  log: Logger;
}

export async function createVaultSetup(options: { db: Db; dataDir: string; vault: Config['vault']; log: Logger }): Promise<VaultSetup> {
  const vault = await createVaultFromConfig({
    dataDir: options.dataDir,
    objectsDir: path.join(options.dataDir, 'objects'),
    masterKey: options.vault.masterKey,
    s3: options.vault.s3,
  });
  return {
    files: createStoredFiles({ db: options.db, vault, log: options.log }),
    processor: createDocumentProcessor(),
    limits: { maxFileBytes: options.vault.maxFileBytes, quotaBytes: options.vault.quotaBytes },
    log: options.log,
  };
}
