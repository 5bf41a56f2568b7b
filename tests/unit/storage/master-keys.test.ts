import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMasterKey,
  KEYRING_FILE_NAME,
  loadMasterKeyring,
  RETIRE_AFTER_MS,
  retireMasterKeys,
  WrongMasterKeyError,
} from '../../../server/core/storage/master-keys.ts';
import { flipBits } from './memory-object-store.ts';

const entry = (id: string, key = randomBytes(32)) => `${id}:${key.toString('base64')}`;

describe('master keys from VAULT_MASTER_KEY', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'trelli-keys-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('wraps with the first key and still unwraps with the older ones', async () => {
    const older = randomBytes(32);
    const before = await loadMasterKeyring({ configured: entry('2025', older), dataDir });
    const dataKey = randomBytes(32);
    const wrapped = before.wrap(dataKey);
    expect(wrapped.keyId).toBe('2025');

    const after = await loadMasterKeyring({ configured: ` ${entry('2026')} , ${entry('2025', older)} `, dataDir });
    expect(after.currentKeyId).toBe('2026');
    expect(after.wrap(dataKey).keyId).toBe('2026');
    expect(after.unwrap(wrapped.keyId, wrapped.wrappedKey).equals(dataKey)).toBe(true);
  });

  it('writes no keyring file when the key is configured', async () => {
    await loadMasterKeyring({ configured: entry('k1'), dataDir });
    await expect(stat(path.join(dataDir, KEYRING_FILE_NAME))).rejects.toThrow('ENOENT');
  });

  it.each([
    ['no id', randomBytes(32).toString('base64')],
    ['a short key', entry('k1', randomBytes(16))],
    ['a long key', entry('k1', randomBytes(33))],
    ['a key that is not base64', 'k1:not base64 at all, not even close!!!!!!'],
    ['an id with spaces', entry('my key')],
    ['only commas', ', ,'],
  ])('refuses %s with a message naming VAULT_MASTER_KEY', async (_name, configured) => {
    await expect(loadMasterKeyring({ configured, dataDir })).rejects.toThrow('VAULT_MASTER_KEY');
  });

  it('refuses the same id twice', async () => {
    await expect(loadMasterKeyring({ configured: `${entry('k1')},${entry('k1')}`, dataDir })).rejects.toThrow(
      'VAULT_MASTER_KEY names the key id "k1" twice',
    );
  });

  it('refuses to unwrap with an unknown id, the wrong key, or an altered wrapped key', async () => {
    const keyring = await loadMasterKeyring({ configured: entry('k1'), dataDir });
    const impostor = await loadMasterKeyring({ configured: entry('k1'), dataDir });
    const { keyId, wrappedKey } = keyring.wrap(randomBytes(32));
    expect(() => keyring.unwrap('k9', wrappedKey)).toThrow(WrongMasterKeyError);
    expect(() => keyring.unwrap('k9', wrappedKey)).toThrow('"k9" that wrapped this object\'s data key is not in the keyring');
    expect(() => impostor.unwrap(keyId, wrappedKey)).toThrow(WrongMasterKeyError);
    const altered = Buffer.from(wrappedKey);
    flipBits(altered, altered.length - 1, 1);
    expect(() => keyring.unwrap(keyId, altered)).toThrow(WrongMasterKeyError);
    expect(() => keyring.unwrap(keyId, wrappedKey.subarray(0, 10))).toThrow(WrongMasterKeyError);
  });
});

describe('the keyring file in DATA_DIR', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'trelli-keys-')), 'nested');
  });
  afterEach(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

  it('is made once, readable by the owner only, and the same keys come back on the next start', async () => {
    const first = await loadMasterKeyring({ configured: undefined, dataDir });
    const wrapped = first.wrap(Buffer.alloc(32, 7));
    const file = path.join(dataDir, KEYRING_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.currentKeyId).toMatch(/^[0-9a-f]{8}$/);

    const second = await loadMasterKeyring({ configured: '', dataDir });
    expect(second.currentKeyId).toBe(first.currentKeyId);
    expect(second.unwrap(wrapped.keyId, wrapped.wrappedKey).equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it('two processes starting at once agree on one key', async () => {
    const [one, two] = await Promise.all([
      loadMasterKeyring({ configured: undefined, dataDir }),
      loadMasterKeyring({ configured: undefined, dataDir }),
    ]);
    expect(one.currentKeyId).toBe(two.currentKeyId);
  });

  it('rotates: a new current key, the old still unwraps until retired, and is kept while a server may still hold it', async () => {
    const original = await loadMasterKeyring({ configured: undefined, dataDir });
    const originalId = original.currentKeyId;
    const wrapped = original.wrap(randomBytes(32));

    const newId = await addMasterKey(dataDir);
    const rotated = await loadMasterKeyring({ configured: undefined, dataDir });
    expect(rotated.currentKeyId).toBe(newId);
    expect(newId).not.toBe(originalId);
    // A keyring already loaded (a running server) follows the file: it wraps with the new key too.
    expect(original.currentKeyId).toBe(newId);
    expect(() => rotated.unwrap(wrapped.keyId, wrapped.wrappedKey)).not.toThrow();
    expect((await stat(path.join(dataDir, KEYRING_FILE_NAME))).mode & 0o777).toBe(0o600);

    expect(await retireMasterKeys(dataDir, [originalId])).toEqual({ retired: [], tooRecent: [] });
    expect(await retireMasterKeys(dataDir, [])).toEqual({ retired: [], tooRecent: [originalId] });
    const later = new Date(Date.now() + RETIRE_AFTER_MS + 60_000);
    expect(await retireMasterKeys(dataDir, [], later)).toEqual({ retired: [originalId], tooRecent: [] });
    const retired = await loadMasterKeyring({ configured: undefined, dataDir });
    expect(retired.currentKeyId).toBe(newId);
    expect(() => retired.unwrap(wrapped.keyId, wrapped.wrappedKey)).toThrow(WrongMasterKeyError);
    const contents = JSON.parse(await readFile(path.join(dataDir, KEYRING_FILE_NAME), 'utf8')) as { keys: { id: string }[] };
    expect(contents.keys.map((key) => key.id)).toEqual([newId]);
  });

  it('refuses a damaged keyring file instead of making a new one', async () => {
    await loadMasterKeyring({ configured: undefined, dataDir });
    await writeFile(path.join(dataDir, KEYRING_FILE_NAME), '{"version":1,"keys":[]}');
    await expect(loadMasterKeyring({ configured: undefined, dataDir })).rejects.toThrow('is not a vault keyring');
  });
});
