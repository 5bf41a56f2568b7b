import path from 'node:path';
import { createDiskStore } from './disk-store.ts';
import { createVault, type Vault } from './encrypted-vault.ts';
import { loadMasterKeyring } from './master-keys.ts';
import type { ObjectStore } from './object-store.ts';
import { createS3Store } from './s3-store.ts';

/** Where bodies go when S3 is configured (config's S3_* values). */
export interface VaultS3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string | undefined;
}

export interface VaultSettings {
  dataDir: string;
  /** Where the disk store keeps objects; `<dataDir>/objects` when not given. */
  objectsDir?: string;
  /** VAULT_MASTER_KEY as configured; the keyring file in dataDir when undefined. */
  masterKey: string | undefined;
  /** An S3-compatible store instead of the disk. */
  s3?: VaultS3Settings | undefined;
}

export function createObjectStore(settings: Pick<VaultSettings, 'dataDir' | 'objectsDir' | 's3'>): ObjectStore {
  const { s3 } = settings;
  if (!s3) return createDiskStore(settings.objectsDir ?? path.join(settings.dataDir, 'objects'));
  return createS3Store(s3);
}

/** The vault the configuration names: disk under DATA_DIR by default, S3 when configured; keys from VAULT_MASTER_KEY or DATA_DIR. */
export async function createVaultFromConfig(settings: VaultSettings): Promise<Vault> {
  const keys = await loadMasterKeyring({ configured: settings.masterKey, dataDir: settings.dataDir });
  return createVault(createObjectStore(settings), keys);
}
