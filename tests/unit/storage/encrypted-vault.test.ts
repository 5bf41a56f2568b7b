import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../../../server/core/storage/disk-store.ts';
import {
  CorruptObjectError,
  createVault,
  encryptedSizeOf,
  HEADER_BYTES,
  SEGMENT_SIZE,
  type StoredObjectRef,
  type Vault,
} from '../../../server/core/storage/encrypted-vault.ts';
import { createMasterKeyring, WrongMasterKeyError } from '../../../server/core/storage/master-keys.ts';
import { createMemoryObjectStore, flipBits, readAll } from './memory-object-store.ts';

const SEALED_SEGMENT = SEGMENT_SIZE + 28;
const masterKey = (id: string) => ({ id, key: randomBytes(32) });
const firstKey = masterKey('first');

/** Plaintext fed in uneven chunks, so segment edges never line up with what arrives. */
const streamOf = (bytes: Buffer, chunkSize = 10_007) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, index) => bytes.subarray(index * chunkSize, (index + 1) * chunkSize)),
  );

function setup() {
  const store = createMemoryObjectStore();
  const vault = createVault(store, createMasterKeyring([firstKey]));
  async function save(plaintext: Buffer): Promise<StoredObjectRef> {
    const prepared = vault.prepare();
    const { sizeBytes } = await vault.write(prepared, streamOf(plaintext));
    return { ...prepared, sizeBytes };
  }
  const stored = (ref: StoredObjectRef) => store.objects.get(ref.objectKey) as Buffer;
  return { store, vault, save, stored };
}

/** What a reader receives before the stream fails, and the failure. */
async function readUntilFailure(vault: Vault, ref: StoredObjectRef): Promise<{ received: Buffer; error: unknown }> {
  const received: Buffer[] = [];
  try {
    for await (const chunk of await vault.read(ref)) received.push(chunk as Buffer);
  } catch (error) {
    return { received: Buffer.concat(received), error };
  }
  return { received: Buffer.concat(received), error: undefined };
}

describe('the encrypted vault', () => {
  it.each([0, 1, SEGMENT_SIZE - 1, SEGMENT_SIZE, SEGMENT_SIZE + 1, 3 * SEGMENT_SIZE, 5 * 1024 * 1024 + 17])(
    'gives back a %i-byte file exactly, stored at the size the format says',
    async (size) => {
      const { vault, save, stored } = setup();
      const plaintext = randomBytes(size);
      const ref = await save(plaintext);
      expect(ref.sizeBytes).toBe(size);
      expect(stored(ref).length).toBe(encryptedSizeOf(size));
      expect((await readAll(await vault.read(ref))).equals(plaintext)).toBe(true);
    },
  );

  it('hands the store a few sealed segments at a time, never the whole file', async () => {
    const { store, save } = setup();
    await save(randomBytes(4 * 1024 * 1024));
    // A stream read joins what is buffered: at most the segments the encryptor's buffer lets through.
    expect(store.largestChunk()).toBeLessThanOrEqual(2 * SEALED_SEGMENT + HEADER_BYTES);
  });

  it('stores ciphertext under a random name: no plaintext, no file name', async () => {
    const { save, stored } = setup();
    const marker = 'IEP-Maya-Reading-Goal-';
    const ref = await save(Buffer.from(marker.repeat(20_000)));
    expect(ref.objectKey).toMatch(/^[0-9a-f]{32}$/);
    expect(stored(ref).includes(Buffer.from(marker))).toBe(false);
    expect(stored(ref).includes(Buffer.from(marker.slice(0, 8)))).toBe(false);
  });

  it('gives two uploads of the same file different keys, names and bytes', async () => {
    const { save, stored } = setup();
    const plaintext = randomBytes(1000);
    const [one, two] = [await save(plaintext), await save(plaintext)];
    expect(one.objectKey).not.toBe(two.objectKey);
    expect(one.wrappedKey.equals(two.wrappedKey)).toBe(false);
    expect(stored(one).subarray(HEADER_BYTES).equals(stored(two).subarray(HEADER_BYTES))).toBe(false);
  });

  it('reads any byte range, decrypting only the segments it covers', async () => {
    const { vault, save, store } = setup();
    const plaintext = randomBytes(4 * SEGMENT_SIZE + 333);
    const ref = await save(plaintext);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: plaintext.length - 1 }),
        fc.integer({ min: 0, max: plaintext.length + 50 }),
        async (start, length) => {
          const end = start + length;
          const got = await readAll(await vault.read(ref, { start, end }));
          expect(got.equals(plaintext.subarray(start, end + 1))).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
    // A range inside one segment is served from that segment alone: corrupt every other one and it still reads.
    const body = store.objects.get(ref.objectKey) as Buffer;
    for (const segment of [0, 1, 3, 4]) flipBits(body, HEADER_BYTES + segment * SEALED_SEGMENT + 40, 1);
    const inside = { start: 2 * SEGMENT_SIZE + 10, end: 2 * SEGMENT_SIZE + 5000 };
    expect((await readAll(await vault.read(ref, inside))).equals(plaintext.subarray(inside.start, inside.end + 1))).toBe(true);
  });

  it('refuses a range that starts past the end of the file', async () => {
    const { vault, save } = setup();
    const ref = await save(randomBytes(100));
    await expect(vault.read(ref, { start: 100, end: 200 })).rejects.toThrow(RangeError);
    await expect(vault.read(ref, { start: 5, end: 2 })).rejects.toThrow(RangeError);
  });

  it('errors at the first altered segment, having passed on nothing of it', async () => {
    const { vault, save, store } = setup();
    const plaintext = randomBytes(4 * SEGMENT_SIZE + 999);
    const ref = await save(plaintext);
    const original = Buffer.from(store.objects.get(ref.objectKey) as Buffer);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: HEADER_BYTES, max: original.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        async (position, flip) => {
          const altered = Buffer.from(original);
          flipBits(altered, position, flip);
          store.objects.set(ref.objectKey, altered);
          const segment = Math.floor((position - HEADER_BYTES) / SEALED_SEGMENT);
          const { received, error } = await readUntilFailure(vault, ref);
          expect(error).toBeInstanceOf(CorruptObjectError);
          expect(received.equals(plaintext.subarray(0, segment * SEGMENT_SIZE))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses an altered header', async () => {
    const { vault, save, store, stored } = setup();
    const ref = await save(randomBytes(10));
    const altered = Buffer.from(stored(ref));
    altered[4] = 2;
    store.objects.set(ref.objectKey, altered);
    const { received, error } = await readUntilFailure(vault, ref);
    expect([received.length, error]).toEqual([0, expect.any(CorruptObjectError)]);
  });

  describe('refuses a body whose segments were rearranged or cut', () => {
    const plaintext = randomBytes(3 * SEGMENT_SIZE + 500);
    const segmentsOf = (body: Buffer) =>
      Array.from({ length: 4 }, (_, index) =>
        body.subarray(HEADER_BYTES + index * SEALED_SEGMENT, HEADER_BYTES + (index + 1) * SEALED_SEGMENT),
      );

    it.each([
      ['two segments swapped', (header: Buffer, s: Buffer[]) => Buffer.concat([header, s[1], s[0], s[2], s[3]] as Buffer[]), 0],
      ['the last segment dropped', (header: Buffer, s: Buffer[]) => Buffer.concat([header, s[0], s[1], s[2]] as Buffer[]), 0],
      [
        'the last segment cut short',
        (header: Buffer, s: Buffer[]) => Buffer.concat([header, s[0], s[1], s[2], (s[3] as Buffer).subarray(0, 100)] as Buffer[]),
        0,
      ],
      ['the last segment repeated', (header: Buffer, s: Buffer[]) => Buffer.concat([header, s[0], s[1], s[2], s[3], s[3]] as Buffer[]), 0],
      [
        'a segment swapped in from another file',
        (header: Buffer, s: Buffer[], other: Buffer[]) => Buffer.concat([header, s[0], other[1], s[2], s[3]] as Buffer[]),
        0,
      ],
    ])('%s', async (_name, rearrange) => {
      const { vault, save, store, stored } = setup();
      const ref = await save(plaintext);
      const other = await save(plaintext);
      const body = stored(ref);
      store.objects.set(ref.objectKey, rearrange(body.subarray(0, HEADER_BYTES), segmentsOf(body), segmentsOf(stored(other))));
      const { error } = await readUntilFailure(vault, ref);
      expect(error).toBeInstanceOf(CorruptObjectError);
    });

    it('even when the recorded size is cut to match the shorter body', async () => {
      const { vault, save, store, stored } = setup();
      const ref = await save(plaintext);
      const body = stored(ref);
      store.objects.set(ref.objectKey, body.subarray(0, HEADER_BYTES + 3 * SEALED_SEGMENT));
      const { received, error } = await readUntilFailure(vault, { ...ref, sizeBytes: 3 * SEGMENT_SIZE });
      expect(error).toBeInstanceOf(CorruptObjectError);
      expect(received.length).toBe(2 * SEGMENT_SIZE);
    });

    it('and a ranged read of a body shorter than recorded', async () => {
      const { vault, save, store, stored } = setup();
      const ref = await save(plaintext);
      store.objects.set(ref.objectKey, stored(ref).subarray(0, HEADER_BYTES + 2 * SEALED_SEGMENT));
      await expect(vault.read(ref, { start: 3 * SEGMENT_SIZE, end: 3 * SEGMENT_SIZE + 10 })).rejects.toThrow(CorruptObjectError);
    });
  });

  it('refuses, before streaming, a key it does not hold or one that was altered', async () => {
    const { save } = setup();
    const ref = await save(randomBytes(5000));
    const otherKeys = createVault(createMemoryObjectStore(), createMasterKeyring([masterKey('other')]));
    await expect(otherKeys.read(ref)).rejects.toThrow(WrongMasterKeyError);
    const sameIdOtherKey = createVault(createMemoryObjectStore(), createMasterKeyring([masterKey('first')]));
    await expect(sameIdOtherKey.read(ref)).rejects.toThrow(WrongMasterKeyError);
    const { vault } = setup();
    const alteredKey = Buffer.from(ref.wrappedKey);
    flipBits(alteredKey, 20, 1);
    await expect(vault.read({ ...ref, wrappedKey: alteredKey })).rejects.toThrow(WrongMasterKeyError);
  });

  it('re-wraps a data key under a new master key without touching the body', async () => {
    const store = createMemoryObjectStore();
    const before = createVault(store, createMasterKeyring([firstKey]));
    const prepared = before.prepare();
    const plaintext = randomBytes(SEGMENT_SIZE * 2 + 7);
    const ref = { ...prepared, ...(await before.write(prepared, streamOf(plaintext))) };
    const body = Buffer.from(store.objects.get(ref.objectKey) as Buffer);

    const second = masterKey('second');
    const during = createVault(store, createMasterKeyring([second, firstKey]));
    const rewrapped = during.rewrap(ref);
    expect(rewrapped.keyId).toBe('second');
    expect(rewrapped.wrappedKey.equals(ref.wrappedKey)).toBe(false);
    expect((store.objects.get(ref.objectKey) as Buffer).equals(body)).toBe(true);
    expect((await readAll(await during.read(ref))).equals(plaintext)).toBe(true);

    const after = createVault(store, createMasterKeyring([second]));
    expect((await readAll(await after.read({ ...ref, ...rewrapped }))).equals(plaintext)).toBe(true);
    await expect(after.read(ref)).rejects.toThrow(WrongMasterKeyError);
  });

  it('fails the upload, instead of stalling it, when the store gives up without reading the body', async () => {
    const store = createMemoryObjectStore();
    const vault = createVault({ ...store, put: () => Promise.reject(new Error('bucket unreachable')) }, createMasterKeyring([firstKey]));
    const plaintext = streamOf(randomBytes(3 * 1024 * 1024));
    await expect(vault.write(vault.prepare(), plaintext)).rejects.toThrow('bucket unreachable');
    expect(plaintext.destroyed).toBe(true);
  });

  it('new objects are wrapped by the current (first) master key', () => {
    const vault = createVault(createMemoryObjectStore(), createMasterKeyring([masterKey('newest'), firstKey]));
    expect(vault.prepare().keyId).toBe('newest');
  });

  describe('on disk', () => {
    let root: string;
    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'trelli-vault-'));
    });
    afterAll(() => rm(root, { recursive: true, force: true }));

    it('leaves nothing behind when the upload fails half-way', async () => {
      const vault = createVault(createDiskStore(root), createMasterKeyring([firstKey]));
      let sent = 0;
      const failing = new Readable({
        read() {
          if (sent >= 5) return this.destroy(new Error('client went away'));
          sent += 1;
          this.push(randomBytes(SEGMENT_SIZE));
        },
      });
      await expect(vault.write(vault.prepare(), failing)).rejects.toThrow('client went away');
      const left: string[] = [];
      for await (const key of vault.list()) left.push(key);
      expect(left).toEqual([]);
    });

    it('round-trips, lists and removes through the disk store', async () => {
      const vault = createVault(createDiskStore(root), createMasterKeyring([firstKey]));
      const prepared = vault.prepare();
      const plaintext = randomBytes(150_000);
      const ref = { ...prepared, ...(await vault.write(prepared, streamOf(plaintext))) };
      expect((await readAll(await vault.read(ref, { start: 70_000, end: 140_000 }))).equals(plaintext.subarray(70_000, 140_001))).toBe(
        true,
      );
      const listed: string[] = [];
      for await (const key of vault.list()) listed.push(key);
      expect(listed).toEqual([ref.objectKey]);
      await vault.remove(ref.objectKey);
      await vault.remove(ref.objectKey);
      const after: string[] = [];
      for await (const key of vault.list()) after.push(key);
      expect(after).toEqual([]);
    });
  });
});
