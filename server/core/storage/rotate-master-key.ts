import type { Db } from '../../db/database.ts';
import { addMasterKey, loadMasterKeyring, retireMasterKeys, WrongMasterKeyError, type MasterKeyring } from './master-keys.ts';
import { masterKeyIdsInUse, replaceWrappedKey, rowsWrappedByOtherKeys } from './stored-object-keys.repository.ts';

export interface RewrapCounts {
  /** Rows now wrapped by the current key. */
  rewrapped: number;
  /** Rows whose master key is not in the keyring (or does not authenticate): left as they were. */
  unreadable: number;
  /** Rows changed by someone else between reading and writing: left to the next run. */
  changedMeanwhile: number;
}

/** Re-wraps, batch by batch, every stored object's data key not wrapped by the current master key. Bodies are not touched. */
export async function rewrapStoredObjects(db: Db, keys: MasterKeyring, batchSize = 500): Promise<RewrapCounts> {
  const counts: RewrapCounts = { rewrapped: 0, unreadable: 0, changedMeanwhile: 0 };
  for (let afterId = 0; ;) {
    const batch = await rowsWrappedByOtherKeys(db, keys.currentKeyId, afterId, batchSize);
    if (batch.length === 0) return counts;
    await db.transaction().execute(async (trx) => {
      for (const row of batch) {
        let dataKey: Buffer;
        try {
          dataKey = keys.unwrap(row.keyId, row.wrappedKey);
        } catch (error) {
          if (!(error instanceof WrongMasterKeyError)) throw error;
          counts.unreadable += 1;
          continue;
        }
        const replaced = await replaceWrappedKey(trx, row, keys.wrap(dataKey));
        dataKey.fill(0);
        if (replaced) counts.rewrapped += 1;
        else counts.changedMeanwhile += 1;
      }
    });
    afterId = (batch.at(-1) as { id: number }).id;
  }
}

export interface RotationOptions {
  db: Db;
  dataDir: string;
  /** VAULT_MASTER_KEY as configured: then the keyring lives in the environment, and `addKey`/`retire` are refused. */
  masterKey: string | undefined;
  /** Keyring file only: make a new current key first. */
  addKey?: boolean;
  /** Keyring file only: afterwards, drop the keys no stored object uses any more (and replaced over 10 minutes ago). */
  retire?: boolean;
  batchSize?: number;
  /** The clock retiring reads (tests move it past the wait). */
  now?: Date;
}

export interface RotationReport extends RewrapCounts {
  currentKeyId: string;
  /** Key ids dropped from the keyring file. */
  retired: string[];
  /** Key ids no object uses but replaced too recently to retire (a running server may still hold them): retire later. */
  retireLater: string[];
  /** Key ids some stored object still uses. */
  inUse: string[];
}

export class RotationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RotationRefusedError';
  }
}

/** The rotation `scripts/vault-rotate-key.ts` runs: optionally a new key, every row re-wrapped, optionally old keys retired. */
export async function rotateMasterKey(options: RotationOptions): Promise<RotationReport> {
  const configured = options.masterKey !== undefined && options.masterKey.trim() !== '';
  if (configured && (options.addKey || options.retire)) {
    throw new RotationRefusedError(
      'VAULT_MASTER_KEY is set, so its keys live in the environment: put a new id:key entry first in VAULT_MASTER_KEY, run this script without --new, then remove the old entry once no object uses it',
    );
  }
  if (options.addKey) await addMasterKey(options.dataDir);
  const keys = await loadMasterKeyring({ configured: options.masterKey, dataDir: options.dataDir });
  const counts = await rewrapStoredObjects(options.db, keys, options.batchSize);
  const inUse = await masterKeyIdsInUse(options.db);
  let retired: string[] = [];
  let retireLater: string[] = [];
  if (options.retire) {
    if (counts.unreadable > 0) {
      throw new RotationRefusedError(`${counts.unreadable} stored objects have data keys no key in the keyring opens; no key was retired`);
    }
    ({ retired, tooRecent: retireLater } = await retireMasterKeys(options.dataDir, inUse, options.now));
  }
  return { ...counts, currentKeyId: keys.currentKeyId, retired, retireLater, inUse };
}
