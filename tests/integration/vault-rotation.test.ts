/**
 * Master key rotation against a real database: every stored_objects row ends up wrapped by the new
 * key, each object still decrypts, the stored bodies are byte-for-byte the same, and old keys are
 * retired only when nothing needs them. The script itself runs once end to end on PGlite in DATA_DIR.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createObjectStore, createVaultFromConfig } from '../../server/core/storage/create-vault.ts';
import { createVault, type StoredObjectRef } from '../../server/core/storage/encrypted-vault.ts';
import { KEYRING_FILE_NAME, loadMasterKeyring, RETIRE_AFTER_MS, WrongMasterKeyError } from '../../server/core/storage/master-keys.ts';
import { RotationRefusedError, rotateMasterKey } from '../../server/core/storage/rotate-master-key.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-database.ts';
import { signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const envKey = (id: string, key: Buffer) => `${id}:${key.toString('base64')}`;

interface Saved {
  id: number;
  plaintext: Buffer;
  body: Buffer;
}

/** Writes `count` files through a vault on disk in dataDir and records them as stored_objects rows. */
async function saveObjects(db: Db, dataDir: string, masterKey: string | undefined, count: number): Promise<Saved[]> {
  const vault = await createVaultFromConfig({ dataDir, masterKey });
  const saved: Saved[] = [];
  for (let index = 0; index < count; index += 1) {
    const plaintext = randomBytes(1000 + index * 40_000);
    const prepared = vault.prepare();
    const { sizeBytes } = await vault.write(prepared, Readable.from([plaintext]));
    const row = await db
      .insertInto('storedObjects')
      .values({ ...prepared, ownerId: 'user_rotation', sizeBytes, committedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    saved.push({ id: row.id, plaintext, body: await buffer(await vault.store.get(prepared.objectKey)) });
  }
  return saved;
}

async function refsOf(db: Db): Promise<(StoredObjectRef & { id: number })[]> {
  const rows = await db.selectFrom('storedObjects').select(['id', 'objectKey', 'keyId', 'wrappedKey', 'sizeBytes']).orderBy('id').execute();
  return rows.map((row) => ({ ...row, wrappedKey: Buffer.from(row.wrappedKey), sizeBytes: row.sizeBytes ?? 0 }));
}

/** Every saved object reads back its plaintext through a vault built from the keys as they are now, and its body is unchanged. */
async function expectAllReadable(db: Db, dataDir: string, masterKey: string | undefined, saved: Saved[]) {
  const vault = createVault(createObjectStore({ dataDir }), await loadMasterKeyring({ configured: masterKey, dataDir }));
  const refs = await refsOf(db);
  expect(refs.map((ref) => ref.id)).toEqual(saved.map((one) => one.id));
  for (const [index, ref] of refs.entries()) {
    const one = saved[index] as Saved;
    expect((await buffer(await vault.read(ref))).equals(one.plaintext)).toBe(true);
    expect((await buffer(await vault.store.get(ref.objectKey))).equals(one.body)).toBe(true);
  }
}

describe.each(ENGINES)('vault master key rotation on %s', (engine) => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());
  // One database for the file (migrating is slow), one key space per test: each starts with no rows.
  beforeEach(async () => {
    await database.db.deleteFrom('storedObjects').execute();
    dataDir = await mkdtemp(path.join(tmpdir(), 'trelli-rotation-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('with the keyring file: a new key, every row re-wrapped in batches, bodies untouched, the old key retired', async () => {
    const { db } = database;
    const saved = await saveObjects(db, dataDir, undefined, 5);
    const before = await refsOf(db);
    const oldKeyId = (before[0] as StoredObjectRef).keyId;

    const report = await rotateMasterKey({ db, dataDir, masterKey: undefined, addKey: true, retire: true, batchSize: 2 });

    // Just replaced: a running server may still hold the old key, so it waits.
    expect(report).toEqual({
      rewrapped: 5,
      unreadable: 0,
      changedMeanwhile: 0,
      currentKeyId: expect.any(String),
      retired: [],
      retireLater: [oldKeyId],
      inUse: [report.currentKeyId],
    });
    const later = await rotateMasterKey({
      db,
      dataDir,
      masterKey: undefined,
      retire: true,
      now: new Date(Date.now() + RETIRE_AFTER_MS + 1000),
    });
    expect([later.retired, later.retireLater]).toEqual([[oldKeyId], []]);
    expect(report.currentKeyId).not.toBe(oldKeyId);
    const after = await refsOf(db);
    expect(after.map((ref) => ref.keyId)).toEqual(Array(5).fill(report.currentKeyId));
    expect(after.map((ref, index) => ref.wrappedKey.equals((before[index] as StoredObjectRef).wrappedKey))).toEqual(Array(5).fill(false));
    await expectAllReadable(db, dataDir, undefined, saved);
    const keyring = JSON.parse(await readFile(path.join(dataDir, KEYRING_FILE_NAME), 'utf8')) as { keys: { id: string }[] };
    expect(keyring.keys.map((key) => key.id)).toEqual([report.currentKeyId]);

    const again = await rotateMasterKey({ db, dataDir, masterKey: undefined });
    expect([again.rewrapped, again.currentKeyId]).toEqual([0, report.currentKeyId]);
  });

  it('with VAULT_MASTER_KEY: re-wraps to the first entry, and refuses to edit keys it does not hold', async () => {
    const { db } = database;
    const oldKey = envKey('k2025', randomBytes(32));
    const saved = await saveObjects(db, dataDir, oldKey, 3);
    const rotatedKeys = `${envKey('k2026', randomBytes(32))},${oldKey}`;

    await expect(rotateMasterKey({ db, dataDir, masterKey: rotatedKeys, addKey: true })).rejects.toThrow(RotationRefusedError);
    const report = await rotateMasterKey({ db, dataDir, masterKey: rotatedKeys });

    expect([report.rewrapped, report.inUse]).toEqual([3, ['k2026']]);
    await expectAllReadable(db, dataDir, rotatedKeys, saved);
    // Once rotated, the old entry can go from the environment.
    const newOnly = rotatedKeys.split(',')[0] as string;
    await expectAllReadable(db, dataDir, newOnly, saved);
  });

  it('leaves rows no key opens as they are, and then retires nothing', async () => {
    const { db } = database;
    const saved = await saveObjects(db, dataDir, undefined, 2);
    const [lost] = await refsOf(db);
    await db
      .updateTable('storedObjects')
      .set({ keyId: 'lostkey' })
      .where('id', '=', (lost as { id: number }).id)
      .execute();

    await expect(rotateMasterKey({ db, dataDir, masterKey: undefined, addKey: true, retire: true })).rejects.toThrow(
      '1 stored objects have data keys no key in the keyring opens; no key was retired',
    );
    const report = await rotateMasterKey({ db, dataDir, masterKey: undefined });
    expect([report.rewrapped, report.unreadable]).toEqual([0, 1]);
    const keys = await loadMasterKeyring({ configured: undefined, dataDir });
    const refs = await refsOf(db);
    expect(refs.map((ref) => ref.keyId)).toEqual(['lostkey', keys.currentKeyId]);
    const vault = createVault(createObjectStore({ dataDir }), keys);
    await expect(vault.read(refs[0] as StoredObjectRef)).rejects.toThrow(WrongMasterKeyError);
    expect((await buffer(await vault.read(refs[1] as StoredObjectRef))).equals((saved[1] as Saved).plaintext)).toBe(true);
  });
});

describe('scripts/vault-rotate-key.ts', () => {
  it('rotates the embedded database in DATA_DIR and prints counts, not keys', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'trelli-rotation-script-'));
    try {
      let db = await openDatabase({ kind: 'pglite', dataDir });
      await migrateToLatest(db);
      const saved = await saveObjects(db, dataDir, undefined, 3);
      const oldKeyId = (await loadMasterKeyring({ configured: undefined, dataDir })).currentKeyId;
      await db.destroy();

      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', VAULT_MASTER_KEY: '', LOG_LEVEL: 'warn', NODE_ENV: 'test' };
      const { stdout } = await promisify(execFile)(process.execPath, ['scripts/vault-rotate-key.ts', '--new', '--retire'], {
        cwd: ROOT,
        env,
      });

      const keyringText = await readFile(path.join(dataDir, KEYRING_FILE_NAME), 'utf8');
      const newKey = (JSON.parse(keyringText) as { keys: { id: string; key: string }[] }).keys[0] as { id: string; key: string };
      expect(stdout).toBe(
        `Current master key: ${newKey.id}\nRe-wrapped: 3\nMaster keys in use: ${newKey.id}\nRetired: none\n` +
          `Not retired yet, replaced less than 10 minutes ago (a running server may still hold them): ${oldKeyId}. Run with --retire again later.\n`,
      );
      expect(stdout).not.toContain(newKey.key);

      db = await openDatabase({ kind: 'pglite', dataDir });
      try {
        await expectAllReadable(db, dataDir, undefined, saved);
      } finally {
        await db.destroy();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.each(ENGINES)('rotating while the server runs (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  async function uploadText(family: { token: string; childId: number }, text: string): Promise<number> {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), 'notes.txt');
    const response = await fetch(`${server.url}/api/documents?childId=${family.childId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${family.token}` },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  async function download(family: { token: string; childId: number }, id: number) {
    const response = await fetch(`${server.url}/api/documents/${id}/content?childId=${family.childId}`, {
      headers: { authorization: `Bearer ${family.token}` },
    });
    return { status: response.status, text: await response.text() };
  }

  const keyIdOf = async (documentId: number) => {
    const row = await server.db
      .selectFrom('documents')
      .innerJoin('storedObjects', 'storedObjects.id', 'documents.fileObjectId')
      .select('storedObjects.keyId')
      .where('documents.id', '=', documentId)
      .executeTakeFirstOrThrow();
    return row.keyId;
  };

  it('keeps answering downloads during and after the rotation, takes the new key for uploads, and retires the old one only when safe', async () => {
    const family = await signUpParentWithChild(server);
    const texts = ['First note.', 'Second note.', 'Third note.'];
    const ids: number[] = [];
    for (const text of texts) ids.push(await uploadText(family, text));
    const oldKeyId = await keyIdOf(ids[0] as number);
    const { dataDir } = server.vault;

    // Downloads run while the rotation adds a key and re-wraps every row beside the running server.
    const rotation = { running: true };
    const answered: { status: number; text: string }[] = [];
    const downloading = (async () => {
      while (rotation.running) {
        for (const [index, id] of ids.entries()) {
          const got = await download(family, id);
          answered.push({ status: got.status, text: got.text === texts[index] ? 'same' : got.text.slice(0, 200) });
        }
      }
    })();
    const report = await rotateMasterKey({ db: server.db, dataDir, masterKey: undefined, addKey: true, batchSize: 1 }).finally(() => {
      rotation.running = false;
    });
    await downloading;
    expect(report.rewrapped).toBeGreaterThanOrEqual(3);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((one) => one.status !== 200 || one.text !== 'same')).toEqual([]);

    // After it: every file still downloads (they are wrapped by the new key now), and a new upload uses the new key.
    for (const [index, id] of ids.entries()) expect(await download(family, id)).toEqual({ status: 200, text: texts[index] });
    expect(await keyIdOf(ids[0] as number)).toBe(report.currentKeyId);
    const added = await uploadText(family, 'Written after the rotation.');
    expect(await keyIdOf(added)).toBe(report.currentKeyId);
    expect(report.currentKeyId).not.toBe(oldKeyId);

    // Retiring at once keeps the old key (the server may have just used it); after the wait it goes, and nothing breaks.
    const soon = await rotateMasterKey({ db: server.db, dataDir, masterKey: undefined, retire: true });
    expect([soon.retired, soon.retireLater]).toEqual([[], [oldKeyId]]);
    const later = await rotateMasterKey({
      db: server.db,
      dataDir,
      masterKey: undefined,
      retire: true,
      now: new Date(Date.now() + RETIRE_AFTER_MS + 1000),
    });
    expect(later.retired).toEqual([oldKeyId]);
    for (const [index, id] of ids.entries()) expect(await download(family, id)).toEqual({ status: 200, text: texts[index] });
    expect((await download(family, added)).text).toBe('Written after the rotation.');
  }, 120_000);
});
