/**
 * The storage contract: the disk store and the S3 store (against s3rver, an S3-compatible server
 * started here on a loopback port) pass the same cases, so the vault behaves the same on either.
 */
import crypto, { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../../server/core/storage/disk-store.ts';
import { createVault } from '../../server/core/storage/encrypted-vault.ts';
import { createMasterKeyring } from '../../server/core/storage/master-keys.ts';
import { InvalidObjectKeyError, ObjectNotFoundError, type ObjectStore } from '../../server/core/storage/object-store.ts';
import { createS3Store } from '../../server/core/storage/s3-store.ts';

const BUCKET = 'trelli-contract';
const LIST_PAGE_SIZE = 3;

interface StoreUnderTest {
  store: ObjectStore;
  close(): Promise<void>;
}

async function diskStore(): Promise<StoreUnderTest> {
  const root = await mkdtemp(path.join(tmpdir(), 'trelli-disk-store-'));
  return { store: createDiskStore(path.join(root, 'objects')), close: () => rm(root, { recursive: true, force: true }) };
}

/**
 * s3rver makes its ListObjectsV2 continuation tokens with DES, which Node 24's OpenSSL 3 no longer
 * offers (every truncated page answers 500). Inside this test process only, DES is stood in for by
 * AES-128-CTR: s3rver both makes and reads the tokens, so any reversible cipher will do.
 */
function letS3rverMakeContinuationTokens(): void {
  const standIn = (key: crypto.CipherKey, iv: crypto.BinaryLike | null) => {
    const wideKey = Buffer.alloc(16);
    wideKey.set(Buffer.from(key as Buffer));
    const wideIv = Buffer.alloc(16);
    wideIv.set(Buffer.from(iv as Buffer));
    return { wideKey, wideIv };
  };
  const { createCipheriv, createDecipheriv } = crypto;
  Object.assign(crypto, {
    createCipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) => {
      if (algorithm !== 'des') return createCipheriv(algorithm, key, iv);
      const { wideKey, wideIv } = standIn(key, iv);
      return createCipheriv('aes-128-ctr', wideKey, wideIv);
    },
    createDecipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) => {
      if (algorithm !== 'des') return createDecipheriv(algorithm, key, iv);
      const { wideKey, wideIv } = standIn(key, iv);
      return createDecipheriv('aes-128-ctr', wideKey, wideIv);
    },
  });
}

async function s3Store(): Promise<StoreUnderTest> {
  letS3rverMakeContinuationTokens();
  const directory = await mkdtemp(path.join(tmpdir(), 'trelli-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const store = createS3Store({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'install-1/',
    listPageSize: LIST_PAGE_SIZE,
  });
  return {
    store,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A stream of `chunks` that errors after sending them, like a client that drops mid-upload. */
function failingBody(chunks: Buffer[]): Readable {
  let index = 0;
  return new Readable({
    read() {
      if (index < chunks.length) {
        this.push(chunks[index]);
        index += 1;
      } else {
        setImmediate(() => this.destroy(new Error('connection reset by the client')));
      }
    },
  });
}

async function collect(keys: AsyncIterable<string>): Promise<string[]> {
  const found: string[] = [];
  for await (const key of keys) found.push(key);
  return found.sort();
}

const read = async (store: ObjectStore, key: string, range?: { start: number; end: number }) => buffer(await store.get(key, range));

describe.each([
  ['disk', diskStore],
  ['s3', s3Store],
] as const)('the %s object store', (kind, open) => {
  let subject: StoreUnderTest;
  let store: ObjectStore;

  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(() => subject.close());

  it('says what it is', () => {
    expect(store.kind).toBe(kind);
  });

  it('gives back exactly the bytes it was given', async () => {
    const body = randomBytes(70_000);
    await store.put('round/trip', Readable.from([body.subarray(0, 1000), body.subarray(1000)]));
    expect((await read(store, 'round/trip')).equals(body)).toBe(true);
  });

  it('stores an empty object', async () => {
    await store.put('empty', Readable.from([]));
    expect((await read(store, 'empty')).length).toBe(0);
  });

  it('replaces an object written twice under one key', async () => {
    await store.put('twice', Readable.from([Buffer.from('first')]));
    await store.put('twice', Readable.from([Buffer.from('second')]));
    expect((await read(store, 'twice')).toString()).toBe('second');
  });

  it('reads inclusive byte ranges and clamps a range that runs past the end', async () => {
    const body = Buffer.from('0123456789abcdefghij');
    await store.put('ranged', Readable.from([body]));
    expect((await read(store, 'ranged', { start: 0, end: 0 })).toString()).toBe('0');
    expect((await read(store, 'ranged', { start: 5, end: 9 })).toString()).toBe('56789');
    expect((await read(store, 'ranged', { start: 15, end: 100 })).toString()).toBe('fghij');
    await expect(store.get('ranged', { start: 20, end: 25 })).rejects.toThrow(RangeError);
  });

  it('rejects a missing key with ObjectNotFoundError, ranged or not', async () => {
    await expect(store.get('never/written')).rejects.toThrow(ObjectNotFoundError);
    await expect(store.get('never/written', { start: 0, end: 10 })).rejects.toThrow(ObjectNotFoundError);
  });

  it('deletes, and deleting again (or something never written) succeeds', async () => {
    await store.put('doomed', Readable.from([Buffer.from('x')]));
    await store.delete('doomed');
    await expect(store.get('doomed')).rejects.toThrow(ObjectNotFoundError);
    await expect(store.delete('doomed')).resolves.toBeUndefined();
    await expect(store.delete('never/written')).resolves.toBeUndefined();
  });

  it('lists by prefix, across several pages', async () => {
    const keys = Array.from({ length: LIST_PAGE_SIZE * 2 + 1 }, (_, index) => `listed/item-${index}`);
    for (const key of keys) await store.put(key, Readable.from([Buffer.from(key)]));
    await store.put('listedx/other', Readable.from([Buffer.from('other')]));
    expect(await collect(store.list('listed/'))).toEqual([...keys].sort());
    expect(await collect(store.list('listed/item-1'))).toEqual(['listed/item-1']);
    expect(await collect(store.list('nothing-here/'))).toEqual([]);
    expect(await collect(store.list())).toEqual(expect.arrayContaining([...keys, 'listedx/other', 'round/trip']));
  });

  it('leaves no object when the body errors half-way, small or multipart', async () => {
    await expect(store.put('broken/small', failingBody([randomBytes(1000)]))).rejects.toThrow('connection reset');
    const eightMiB = 8 * 1024 * 1024;
    await expect(store.put('broken/large', failingBody([randomBytes(eightMiB), randomBytes(eightMiB), randomBytes(1000)]))).rejects.toThrow(
      'connection reset',
    );
    expect(await collect(store.list('broken/'))).toEqual([]);
    await expect(store.get('broken/small')).rejects.toThrow(ObjectNotFoundError);
  });

  it('leaves no object when the body is destroyed without an error', async () => {
    const body = new Readable({ read() {} });
    body.push(randomBytes(2000));
    setTimeout(() => body.destroy(), 20);
    await expect(store.put('destroyed/one', body)).rejects.toThrow(/premature close|ended before it was complete/i);
    expect(await collect(store.list('destroyed/'))).toEqual([]);
  });

  it('streams objects of several megabytes', async () => {
    const chunks = Array.from({ length: 24 }, () => randomBytes(256 * 1024));
    await store.put('large/six-mib', Readable.from(chunks));
    const back = await read(store, 'large/six-mib');
    expect(back.length).toBe(6 * 1024 * 1024);
    expect(back.equals(Buffer.concat(chunks))).toBe(true);
    expect((await read(store, 'large/six-mib', { start: 5_000_000, end: 5_000_009 })).equals(back.subarray(5_000_000, 5_000_010))).toBe(
      true,
    );
  });

  it('carries the encrypted vault: whole and ranged reads, and a failed upload leaves nothing', async () => {
    const vault = createVault(store, createMasterKeyring([{ id: 'contract', key: randomBytes(32) }]));
    const plaintext = randomBytes(9 * 1024 * 1024 + 5);
    const prepared = vault.prepare();
    const ref = {
      ...prepared,
      ...(await vault.write(prepared, Readable.from([plaintext.subarray(0, 5_000_000), plaintext.subarray(5_000_000)]))),
    };
    expect((await buffer(await vault.read(ref))).equals(plaintext)).toBe(true);
    expect(
      (await buffer(await vault.read(ref, { start: 8_000_000, end: 8_100_000 }))).equals(plaintext.subarray(8_000_000, 8_100_001)),
    ).toBe(true);

    const failed = vault.prepare();
    await expect(vault.write(failed, failingBody([randomBytes(9 * 1024 * 1024)]))).rejects.toThrow('connection reset');
    await expect(store.get(failed.objectKey)).rejects.toThrow(ObjectNotFoundError);
    await vault.remove(ref.objectKey);
  });

  it('sweeps nothing that finished writes left: only interrupted ones', async () => {
    const before = await collect(store.list());
    expect(before.length).toBeGreaterThan(0);
    expect(await store.sweepIncompleteWrites(new Date())).toBe(0);
    expect(await collect(store.list())).toEqual(before);
  });

  it('refuses keys that could name something outside its space', async () => {
    for (const key of ['../escape', 'a/../../b', '/absolute', '', 'a//b', '.hidden', 'a/.tmp-x', 'back\\slash', 'nul\u0000']) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(InvalidObjectKeyError);
      await expect(store.get(key)).rejects.toThrow(InvalidObjectKeyError);
    }
  });
});

describe('the disk store after a crash', () => {
  it('removes the temporary files of writes last touched before the cut-off, and keeps newer ones and every object', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'trelli-disk-sweep-'));
    try {
      const objects = path.join(root, 'objects');
      const store = createDiskStore(objects);
      await store.put('kept/object', Readable.from([Buffer.from('whole')]));
      // What a process killed mid-write leaves (decision 0068), and what a write in progress looks like.
      const folder = path.join(objects, 'ab');
      await mkdir(folder, { recursive: true });
      const interrupted = path.join(folder, '.tmp-0123456789abcdef');
      await writeFile(interrupted, randomBytes(1000));
      await writeFile(path.join(folder, '.tmp-fedcba9876543210'), randomBytes(1000));
      const anHourAgo = new Date(Date.now() - 60 * 60_000);
      await utimes(interrupted, anHourAgo, anHourAgo);

      expect(await store.sweepIncompleteWrites(new Date(Date.now() - 60_000))).toBe(1);
      expect(await readdir(folder)).toEqual(['.tmp-fedcba9876543210']);
      expect((await read(store, 'kept/object')).toString()).toBe('whole');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
