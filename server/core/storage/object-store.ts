import type { Readable } from 'node:stream';

/** Where stored bodies live: the local disk under DATA_DIR, or an S3-compatible bucket. Bodies are opaque bytes here. */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Writes the whole stream under `key`; when the stream errors or is destroyed, rejects and leaves no object. */
  put(key: string, body: Readable): Promise<void>;
  /** The object's bytes, or bytes start..end inclusive. Rejects with ObjectNotFoundError when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Idempotent: deleting an absent key succeeds. */
  delete(key: string): Promise<void>;
  list(prefix?: string): AsyncIterable<string>;
  /**
   * Removes what writes begun before `startedBefore` left behind when their process died mid-way (a
   * disk store's temporary files, an S3 store's unfinished multipart uploads); resolves with how many.
   */
  sweepIncompleteWrites(startedBefore: Date): Promise<number>;
  /** Resolves when the store can be written and read now; rejects with FileStoreUnavailableError naming the likely setting. */
  probe(): Promise<void>;
}

/** Inclusive on both ends, like HTTP's Range. `end` past the object is clamped to its last byte. */
export interface ByteRange {
  start: number;
  end: number;
}

export class ObjectNotFoundError extends Error {
  readonly key: string;

  constructor(key: string) {
    super(`No stored object named ${key}`);
    this.name = 'ObjectNotFoundError';
    this.key = key;
  }
}

/**
 * The store cannot be used right now: unreachable, refusing the key, or without its bucket. `setting`
 * names the configuration most likely at fault (S3_ENDPOINT, S3_BUCKET...); `reason` says what was
 * seen, in words safe to show anyone (never the endpoint's address or a key); `cause` is the original.
 */
export class FileStoreUnavailableError extends Error {
  readonly setting: string | undefined;
  readonly reason: string;

  constructor(reason: string, setting: string | undefined, cause: unknown) {
    super(`The file store cannot be used: ${reason}${setting ? ` (check ${setting})` : ''}`, { cause });
    this.name = 'FileStoreUnavailableError';
    this.reason = reason;
    this.setting = setting;
  }
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`Not a valid object key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** Segments of letters, digits, `_`, `-` and `.`, never starting with a dot (no `..`, no hidden or temp names). */
const OBJECT_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 200;

/** Both stores accept the same keys, so code that works on disk works on S3 and nothing can name a path outside the root. */
export function assertObjectKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !OBJECT_KEY.test(key)) throw new InvalidObjectKeyError(key);
}

export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Not a byte range: ${start}..${end}`);
  }
}

/** The same refusal from both stores when a range begins at or after the end of the object. */
export function rangeNotSatisfiable(key: string, range: ByteRange): RangeError {
  return new RangeError(`Range ${range.start}..${range.end} starts past the end of ${key}`);
}
