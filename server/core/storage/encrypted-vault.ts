import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { pipeline as pipeStreams, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MasterKeyring } from './master-keys.ts';
import { assertByteRange, type ByteRange, type ObjectStore } from './object-store.ts';

export interface PreparedObject {
  objectKey: string;
  keyId: string;
  wrappedKey: Buffer;
}

export interface StoredObjectRef extends PreparedObject {
  /** Plaintext bytes. */
  sizeBytes: number;
}

export interface Vault {
  /** A random object key (no name, child or category in it) and a fresh data key wrapped by the current master key. */
  prepare(): PreparedObject;
  /** Encrypts `plaintext` in fixed-size segments as it streams and stores it; resolves with the plaintext size. Never buffers the whole file, never writes plaintext anywhere. */
  write(object: PreparedObject, plaintext: Readable): Promise<{ sizeBytes: number }>;
  /** Decrypted bytes, or plaintext bytes start..end inclusive (reads only the segments needed). Rejects before streaming when the key is wrong; a tampered or truncated segment errors the stream before any of its bytes are emitted. */
  read(object: StoredObjectRef, range?: ByteRange): Promise<Readable>;
  remove(objectKey: string): Promise<void>;
  list(prefix?: string): AsyncIterable<string>;
  /** The same data key wrapped by the current master key (rotation; the file body is untouched). */
  rewrap(object: { keyId: string; wrappedKey: Buffer }): { keyId: string; wrappedKey: Buffer };
  readonly store: ObjectStore;
}

/** A stored body that is not what was written: altered, cut short, reordered or extended. */
export class CorruptObjectError extends Error {
  constructor(detail: string) {
    super(`The stored object is damaged or was altered: ${detail}`);
    this.name = 'CorruptObjectError';
  }
}

// Format v1 (decision 0039): header, then segments of SEGMENT_SIZE plaintext bytes (the last one
// shorter, or empty for an empty file), each `nonce(12) | ciphertext | tag(16)`.
const MAGIC = Buffer.from('TRLV');
const FORMAT_VERSION = 1;
export const SEGMENT_SIZE = 64 * 1024;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SEGMENT_OVERHEAD = NONCE_BYTES + TAG_BYTES;
const ENCRYPTED_SEGMENT_SIZE = SEGMENT_SIZE + SEGMENT_OVERHEAD;

/** `TRLV` | version (1 byte) | 3 reserved zero bytes | segment size (uint32 BE). */
const HEADER = Buffer.alloc(12);
MAGIC.copy(HEADER, 0);
HEADER.writeUInt8(FORMAT_VERSION, 4);
HEADER.writeUInt32BE(SEGMENT_SIZE, 8);
export const HEADER_BYTES = HEADER.length;

const segmentCountOf = (sizeBytes: number) => Math.max(1, Math.ceil(sizeBytes / SEGMENT_SIZE));

/** The stored size of a body of `sizeBytes` plaintext bytes. */
export const encryptedSizeOf = (sizeBytes: number) => HEADER_BYTES + segmentCountOf(sizeBytes) * SEGMENT_OVERHEAD + sizeBytes;

/** Binds each segment to the format, its place in the file, and whether it is the last: reordering, dropping or cutting off fails. */
function segmentAad(index: number, isLast: boolean): Buffer {
  const aad = Buffer.alloc(HEADER_BYTES + 9);
  HEADER.copy(aad, 0);
  aad.writeBigUInt64BE(BigInt(index), HEADER_BYTES);
  aad.writeUInt8(isLast ? 1 : 0, HEADER_BYTES + 8);
  return aad;
}

/** Chunks received but not yet used, taken out again in exact lengths with as little copying as possible. */
function createByteQueue() {
  const chunks: Buffer[] = [];
  let length = 0;
  return {
    get length() {
      return length;
    },
    push(chunk: Buffer) {
      chunks.push(chunk);
      length += chunk.length;
    },
    take(count: number): Buffer {
      length -= count;
      const first = chunks[0];
      if (first && first.length >= count) {
        if (first.length === count) chunks.shift();
        else chunks[0] = first.subarray(count);
        return first.subarray(0, count);
      }
      const out = Buffer.allocUnsafe(count);
      let filled = 0;
      while (filled < count) {
        const chunk = chunks[0] as Buffer;
        const used = Math.min(chunk.length, count - filled);
        chunk.copy(out, filled, 0, used);
        filled += used;
        if (used === chunk.length) chunks.shift();
        else chunks[0] = chunk.subarray(used);
      }
      return out;
    },
  };
}

/** A sealed segment as its three parts (nonce, ciphertext, tag), pushed without copying them together. */
function sealSegment(dataKey: KeyObject, plaintext: Buffer, index: number, isLast: boolean): Buffer[] {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', dataKey, nonce);
  cipher.setAAD(segmentAad(index, isLast));
  const encrypted = cipher.update(plaintext);
  cipher.final();
  return [nonce, encrypted, cipher.getAuthTag()];
}

function openSegment(dataKey: KeyObject, sealed: Buffer, index: number, isLast: boolean): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', dataKey, sealed.subarray(0, NONCE_BYTES));
  decipher.setAAD(segmentAad(index, isLast));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  const plaintext = decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES));
  try {
    decipher.final();
  } catch {
    throw new CorruptObjectError(`segment ${index} does not authenticate`);
  }
  return plaintext;
}

/** Plaintext in, header and sealed segments out. A full segment is held until more arrives, as only then is it known not to be the last. */
function createEncryptor(dataKey: KeyObject): Transform & { plaintextBytes: () => number } {
  const queue = createByteQueue();
  let index = 0;
  let total = 0;
  let headerSent = false;
  const sendHeader = (stream: Transform) => {
    if (!headerSent) stream.push(HEADER);
    headerSent = true;
  };
  const encryptor = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      sendHeader(this);
      queue.push(chunk);
      total += chunk.length;
      while (queue.length > SEGMENT_SIZE) {
        for (const part of sealSegment(dataKey, queue.take(SEGMENT_SIZE), index, false)) this.push(part);
        index += 1;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      sendHeader(this);
      for (const part of sealSegment(dataKey, queue.take(queue.length), index, true)) this.push(part);
      callback();
    },
  });
  return Object.assign(encryptor, { plaintextBytes: () => total });
}

/** Which stored bytes a read needs, and which plaintext bytes of the first and last segments it keeps. */
interface ReadPlan {
  storedRange: ByteRange | undefined;
  withHeader: boolean;
  firstSegment: number;
  lastSegmentRead: number;
  /** The object's last segment: the only one sealed as last. */
  finalSegment: number;
  sizeBytes: number;
  /** Plaintext bytes dropped from the front of the first segment read. */
  skip: number;
  /** Plaintext bytes kept of the last segment read. */
  keep: number;
}

const plaintextLengthOf = (index: number, plan: Pick<ReadPlan, 'finalSegment' | 'sizeBytes'>) =>
  index < plan.finalSegment ? SEGMENT_SIZE : plan.sizeBytes - plan.finalSegment * SEGMENT_SIZE;

/** A read of plaintext `range` (end clamped to the last byte): the segments that cover it and where they are stored. */
export function planRead(sizeBytes: number, range?: ByteRange): ReadPlan {
  const finalSegment = segmentCountOf(sizeBytes) - 1;
  if (!range) {
    const whole = { finalSegment, sizeBytes };
    return {
      storedRange: undefined,
      withHeader: true,
      firstSegment: 0,
      lastSegmentRead: finalSegment,
      skip: 0,
      keep: plaintextLengthOf(finalSegment, whole),
      ...whole,
    };
  }
  assertByteRange(range);
  if (range.start >= sizeBytes) throw new RangeError(`Range ${range.start}..${range.end} starts past the end of a ${sizeBytes}-byte file`);
  const end = Math.min(range.end, sizeBytes - 1);
  const firstSegment = Math.floor(range.start / SEGMENT_SIZE);
  const lastSegmentRead = Math.floor(end / SEGMENT_SIZE);
  const storedStart = HEADER_BYTES + firstSegment * ENCRYPTED_SEGMENT_SIZE;
  const storedEnd =
    HEADER_BYTES +
    lastSegmentRead * ENCRYPTED_SEGMENT_SIZE +
    plaintextLengthOf(lastSegmentRead, { finalSegment, sizeBytes }) +
    SEGMENT_OVERHEAD -
    1;
  return {
    storedRange: { start: storedStart, end: storedEnd },
    withHeader: false,
    firstSegment,
    lastSegmentRead,
    finalSegment,
    sizeBytes,
    skip: range.start - firstSegment * SEGMENT_SIZE,
    keep: end - lastSegmentRead * SEGMENT_SIZE + 1,
  };
}

/** Stored bytes in, plaintext out; each segment is authenticated before any of its bytes are passed on. */
function createDecryptor(dataKey: KeyObject, plan: ReadPlan): Transform {
  const queue = createByteQueue();
  let headerChecked = !plan.withHeader;
  let index = plan.firstSegment;
  const nextNeed = () => {
    if (!headerChecked) return HEADER_BYTES;
    return index <= plan.lastSegmentRead ? plaintextLengthOf(index, plan) + SEGMENT_OVERHEAD : undefined;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      queue.push(chunk);
      try {
        for (let need = nextNeed(); need !== undefined && queue.length >= need; need = nextNeed()) {
          const piece = queue.take(need);
          if (!headerChecked) {
            if (!piece.equals(HEADER)) throw new CorruptObjectError('it does not start with a version 1 vault header');
            headerChecked = true;
            continue;
          }
          const plaintext = openSegment(dataKey, piece, index, index === plan.finalSegment);
          const from = index === plan.firstSegment ? plan.skip : 0;
          const to = index === plan.lastSegmentRead ? plan.keep : plaintext.length;
          index += 1;
          if (to > from) this.push(plaintext.subarray(from, to));
        }
        if (nextNeed() === undefined && queue.length > 0) throw new CorruptObjectError('it is longer than its recorded size');
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      callback(nextNeed() === undefined ? null : new CorruptObjectError('it is shorter than its recorded size'));
    },
  });
}

/**
 * The object's data key as a KeyObject, made once: building one from raw bytes for each 64 KiB
 * segment cost two thirds of the encryption time.
 */
function dataKeyOf(keys: MasterKeyring, object: { keyId: string; wrappedKey: Buffer }): KeyObject {
  const raw = keys.unwrap(object.keyId, object.wrappedKey);
  const key = createSecretKey(raw);
  raw.fill(0);
  return key;
}

/** Random object keys: 32 hex characters, nothing about the file, its child or its owner. */
const newObjectKey = () => randomBytes(16).toString('hex');

/** Encryption at rest over any ObjectStore: one random data key per object, wrapped by the master keyring. */
export function createVault(store: ObjectStore, keys: MasterKeyring): Vault {
  return {
    store,

    prepare() {
      const dataKey = randomBytes(32);
      const { keyId, wrappedKey } = keys.wrap(dataKey);
      dataKey.fill(0);
      return { objectKey: newObjectKey(), keyId, wrappedKey };
    },

    async write(object, plaintext) {
      const encryptor = createEncryptor(dataKeyOf(keys, object));
      // Both must settle before answering, so a failed write has already removed its partial object.
      // A store that fails without consuming its body (S3 unreachable) must still end the upload, not stall it.
      const storing = store.put(object.objectKey, encryptor).catch((error: unknown) => {
        encryptor.destroy(error as Error);
        throw error;
      });
      const [encrypted, stored] = await Promise.allSettled([pipeline(plaintext, encryptor), storing]);
      // The store's reason first: it is the plaintext's own error when that failed, and the real cause
      // (not a premature close) when the store did.
      if (stored.status === 'rejected') throw stored.reason;
      if (encrypted.status === 'rejected') throw encrypted.reason;
      return { sizeBytes: encryptor.plaintextBytes() };
    },

    async read(object, range) {
      const dataKey = dataKeyOf(keys, object);
      const plan = planRead(object.sizeBytes, range);
      let body: Readable;
      try {
        body = await store.get(object.objectKey, plan.storedRange);
      } catch (error) {
        if (error instanceof RangeError) throw new CorruptObjectError('it is shorter than its recorded size');
        throw error;
      }
      return pipeStreams(body, createDecryptor(dataKey, plan), () => {});
    },

    remove: (objectKey) => store.delete(objectKey),

    list: (prefix) => store.list(prefix),

    rewrap(object) {
      const dataKey = keys.unwrap(object.keyId, object.wrappedKey);
      const rewrapped = keys.wrap(dataKey);
      dataKey.fill(0);
      return rewrapped;
    },
  };
}
