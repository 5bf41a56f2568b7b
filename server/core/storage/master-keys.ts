import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileOnce } from '../../lib/write-file-once.ts';

/** The master keys that wrap (encrypt) each stored object's own data key. */
export interface MasterKeyring {
  /** The key new data keys are wrapped with. */
  readonly currentKeyId: string;
  wrap(dataKey: Buffer): { keyId: string; wrappedKey: Buffer };
  /** Throws WrongMasterKeyError for an unknown key id or a wrapped key that does not authenticate. */
  unwrap(keyId: string, wrappedKey: Buffer): Buffer;
}

export class WrongMasterKeyError extends Error {
  readonly keyId: string;

  constructor(keyId: string, reason: 'unknown' | 'mismatch') {
    super(
      reason === 'unknown'
        ? `The master key "${keyId}" that wrapped this object's data key is not in the keyring (VAULT_MASTER_KEY or ${KEYRING_FILE_NAME})`
        : `The data key does not decrypt with master key "${keyId}": the key is not the one it was wrapped with, or the wrapped key was altered`,
    );
    this.name = 'WrongMasterKeyError';
    this.keyId = keyId;
  }
}

export const KEYRING_FILE_NAME = 'vault-keys.json';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

interface MasterKey {
  id: string;
  key: Buffer;
}

/** What the keyring file holds: the current key first, then older ones still able to unwrap. */
interface KeyringFile {
  version: 1;
  keys: { id: string; key: string; createdAt: string }[];
}

/** `id:base64key` entries separated by commas, the first current; a message naming the variable otherwise. */
export function parseMasterKeys(raw: string): MasterKey[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new Error('VAULT_MASTER_KEY is empty: give one or more id:base64key entries separated by commas');
  const keys = entries.map((entry, index) => {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator);
    const encoded = entry.slice(separator + 1);
    const key = Buffer.from(encoded, 'base64');
    // Buffer.from skips characters that are not base64; re-encoding shows whether the text was exact.
    const exact = key.toString('base64').replace(/=+$/, '') === encoded.replace(/=+$/, '');
    if (separator < 0 || !KEY_ID.test(id) || key.length !== KEY_BYTES || !exact) {
      throw new Error(
        `VAULT_MASTER_KEY entry ${index + 1} must be id:base64key with an id of letters, digits, _ or - (up to 32) and a 32-byte key in base64 (e.g. from \`openssl rand -base64 32\`)`,
      );
    }
    return { id, key };
  });
  const duplicate = keys.find((key, index) => keys.findIndex((other) => other.id === key.id) !== index);
  if (duplicate) throw new Error(`VAULT_MASTER_KEY names the key id "${duplicate.id}" twice`);
  return keys;
}

/** AES-256-GCM under the master key, the key id as associated data: `nonce(12) | encrypted data key | tag(16)`. */
function wrapWith(master: MasterKey, dataKey: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', master.key, nonce);
  cipher.setAAD(Buffer.from(master.id));
  const encrypted = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([nonce, encrypted, cipher.getAuthTag()]);
}

function unwrapWith(master: MasterKey, wrappedKey: Buffer): Buffer {
  if (wrappedKey.length < NONCE_BYTES + TAG_BYTES) throw new WrongMasterKeyError(master.id, 'mismatch');
  const decipher = createDecipheriv('aes-256-gcm', master.key, wrappedKey.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(master.id));
  decipher.setAuthTag(wrappedKey.subarray(wrappedKey.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(wrappedKey.subarray(NONCE_BYTES, wrappedKey.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new WrongMasterKeyError(master.id, 'mismatch');
  }
}

export function createMasterKeyring(keys: readonly MasterKey[]): MasterKeyring {
  const current = keys[0];
  if (!current) throw new Error('A master keyring needs at least one key');
  const byId = new Map(keys.map((key) => [key.id, key]));
  return {
    currentKeyId: current.id,
    wrap: (dataKey) => ({ keyId: current.id, wrappedKey: wrapWith(current, dataKey) }),
    unwrap(keyId, wrappedKey) {
      const master = byId.get(keyId);
      if (!master) throw new WrongMasterKeyError(keyId, 'unknown');
      return unwrapWith(master, wrappedKey);
    },
  };
}

const keyringPath = (dataDir: string) => path.resolve(dataDir, KEYRING_FILE_NAME);

function newKeyEntry(): KeyringFile['keys'][number] {
  return { id: randomBytes(4).toString('hex'), key: randomBytes(KEY_BYTES).toString('base64'), createdAt: new Date().toISOString() };
}

function parseKeyringFile(text: string, file: string): KeyringFile {
  const parsed = JSON.parse(text) as Partial<KeyringFile>;
  const valid =
    parsed.version === 1 &&
    Array.isArray(parsed.keys) &&
    parsed.keys.length > 0 &&
    parsed.keys.every((entry) => KEY_ID.test(entry.id) && Buffer.from(entry.key, 'base64').length === KEY_BYTES);
  if (!valid) throw new Error(`${file} is not a vault keyring (version 1, keys of id and 32-byte base64 key); restore it from a backup`);
  return parsed as KeyringFile;
}

async function readKeyringFile(dataDir: string): Promise<KeyringFile | undefined> {
  const file = keyringPath(dataDir);
  try {
    return parseKeyringFile(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Replaces the file in one rename, so a crash never leaves half a keyring. */
async function writeKeyringFile(dataDir: string, contents: KeyringFile): Promise<void> {
  const file = keyringPath(dataDir);
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The keyring in DATA_DIR, made once with one random key (like the auth secret) when it does not exist. */
async function ensureKeyringFile(dataDir: string): Promise<KeyringFile> {
  const existing = await readKeyringFile(dataDir);
  if (existing) return existing;
  const created: KeyringFile = { version: 1, keys: [newKeyEntry()] };
  // When two processes start at once, the first file wins and both read it.
  return parseKeyringFile(await writeFileOnce(keyringPath(dataDir), `${JSON.stringify(created, null, 2)}\n`), keyringPath(dataDir));
}

const keysOf = (contents: KeyringFile): MasterKey[] =>
  contents.keys.map((entry) => ({ id: entry.id, key: Buffer.from(entry.key, 'base64') }));

/**
 * The keyring file as it is now (decision 0070): before each wrap and unwrap it checks whether the file
 * was replaced (a rotation run beside the running server writes a new file) and reads it again if so,
 * and an unknown key id reads it again before failing. New uploads then take the new current key at
 * once, and objects the rotation re-wrapped keep opening. A file that cannot be read keeps the keys
 * already known.
 */
function createFileKeyring(dataDir: string, initial: KeyringFile): MasterKeyring {
  const file = keyringPath(dataDir);
  const versionOf = () => {
    try {
      const stats = statSync(file);
      return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    } catch {
      return undefined;
    }
  };
  let version = versionOf();
  let keyring = createMasterKeyring(keysOf(initial));
  const reload = (force: boolean) => {
    const now = versionOf();
    if (now === undefined || (!force && now === version)) return;
    try {
      keyring = createMasterKeyring(keysOf(parseKeyringFile(readFileSync(file, 'utf8'), file)));
      version = now;
    } catch {
      // Half-edited by hand, or unreadable: the keys already known stay in use until it reads again.
    }
  };
  return {
    get currentKeyId() {
      reload(false);
      return keyring.currentKeyId;
    },
    wrap(dataKey) {
      reload(false);
      return keyring.wrap(dataKey);
    },
    unwrap(keyId, wrappedKey) {
      reload(false);
      try {
        return keyring.unwrap(keyId, wrappedKey);
      } catch (error) {
        if (!(error instanceof WrongMasterKeyError)) throw error;
        reload(true);
        return keyring.unwrap(keyId, wrappedKey);
      }
    },
  };
}

/** VAULT_MASTER_KEY when configured; otherwise the keyring file in DATA_DIR, created on first use and followed as it changes. */
export async function loadMasterKeyring(options: { configured: string | undefined; dataDir: string }): Promise<MasterKeyring> {
  if (options.configured !== undefined && options.configured.trim() !== '') return createMasterKeyring(parseMasterKeys(options.configured));
  return createFileKeyring(options.dataDir, await ensureKeyringFile(options.dataDir));
}

/** Rotation, step 1 (keyring file only): a new current key; the old ones stay to unwrap what they wrapped. Returns the new id. */
export async function addMasterKey(dataDir: string): Promise<string> {
  const contents = await ensureKeyringFile(dataDir);
  let added = newKeyEntry();
  while (contents.keys.some((entry) => entry.id === added.id)) added = newKeyEntry();
  await writeKeyringFile(dataDir, { ...contents, keys: [added, ...contents.keys] });
  return added.id;
}

/**
 * A key replaced less than this long ago is not retired, even when no stored object uses it: a running
 * server may have wrapped an upload's key with it just before it saw the new key, and not yet saved the row.
 */
export const RETIRE_AFTER_MS = 10 * 60_000;

/**
 * Rotation, last step (keyring file only): drops every key but the current one, those in `keep`, and
 * those replaced less than RETIRE_AFTER_MS before `now`. Returns the ids dropped and the ids left to wait.
 */
export async function retireMasterKeys(
  dataDir: string,
  keep: readonly string[],
  now = new Date(),
): Promise<{ retired: string[]; tooRecent: string[] }> {
  const contents = await readKeyringFile(dataDir);
  if (!contents) return { retired: [], tooRecent: [] };
  const [current, ...older] = contents.keys;
  // Keys are newest first: each older key stopped being current when the key before it was made.
  const replacedAt = (index: number) => Date.parse(contents.keys[index]?.createdAt ?? '') || now.getTime();
  const unused = older
    .map((entry, index) => ({ entry, recent: now.getTime() - replacedAt(index) < RETIRE_AFTER_MS }))
    .filter(({ entry }) => !keep.includes(entry.id));
  const retired = unused.filter(({ recent }) => !recent).map(({ entry }) => entry.id);
  const tooRecent = unused.filter(({ recent }) => recent).map(({ entry }) => entry.id);
  if (retired.length > 0 && current) {
    await writeKeyringFile(dataDir, { ...contents, keys: [current, ...older.filter((entry) => !retired.includes(entry.id))] });
  }
  return { retired, tooRecent };
}
