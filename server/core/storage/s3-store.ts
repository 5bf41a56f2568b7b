import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { pipeline, Readable, Transform } from 'node:stream';
import {
  assertByteRange,
  assertObjectKey,
  ObjectNotFoundError,
  rangeNotSatisfiable,
  type ByteRange,
  type ObjectStore,
} from './object-store.ts';

export interface S3StoreOptions {
  /** For S3-compatible services (MinIO, R2, Garage...); AWS itself needs none. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path rather than the host name: most non-AWS endpoints need it. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installations (e.g. `trelli/`). */
  prefix?: string;
  /** Keys per ListObjectsV2 page (S3's own maximum is 1000). */
  listPageSize?: number;
}

/** Parts of 8 MiB, four in flight: at most ~32 MiB buffered per upload, and a 25 MB file goes in one round. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
const isInvalidRange = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416);

/**
 * The requested bytes even from a server that answers a Range with more than was asked (s3rver sends
 * the whole object for `bytes=0-0`; some gateways ignore Range): trimmed here, per Content-Range.
 */
function keepOnlyRange(body: Readable, range: ByteRange, contentRange: string | undefined): Readable {
  const served = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange ?? '');
  const servedStart = served ? Number(served[1]) : 0;
  const servedEnd = served ? Number(served[2]) : Number.POSITIVE_INFINITY;
  const wantedEnd = served && served[3] !== '*' ? Math.min(range.end, Number(served[3]) - 1) : range.end;
  if (servedStart === range.start && servedEnd === wantedEnd) return body;
  let position = servedStart;
  const trimmed = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const from = Math.max(0, range.start - position);
      const to = Math.min(chunk.length, wantedEnd + 1 - position);
      position += chunk.length;
      callback(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
  return pipeline(body, trimmed, () => {});
}

export function createS3Store(options: S3StoreOptions): ObjectStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Many S3-compatible services reject the CRC headers the SDK adds by default since 3.729.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const pageSize = options.listPageSize ?? 1000;

  const fullKey = (key: string) => {
    assertObjectKey(key);
    return `${prefix}${key}`;
  };

  return {
    kind: 's3',

    async put(key, body) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: fullKey(key), Body: body },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      // A body that fails mid-way must not become an object: abort the multipart upload (no parts kept).
      let bodyFailure: Error | undefined;
      const onBodyFailure = (error?: Error) => {
        bodyFailure ??= error ?? new Error('The upload body ended before it was complete');
        void upload.abort().catch(() => {});
      };
      body.once('error', onBodyFailure);
      body.once('close', () => {
        if (!body.readableEnded) onBodyFailure();
      });
      try {
        await upload.done();
      } catch (error) {
        // Whoever feeds the body learns the upload is over (without an 'error' event nobody may be listening for).
        body.destroy();
        throw bodyFailure ?? error;
      } finally {
        body.off('error', onBodyFailure);
      }
      if (bodyFailure) {
        // The last part may have been sent before the failure was seen: take the object back out.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fullKey(key) }));
        throw bodyFailure;
      }
    },

    async get(key, range?: ByteRange) {
      if (range) assertByteRange(range);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: fullKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('The S3 client did not answer with a Node stream');
        return range ? keepOnlyRange(answer.Body, range, answer.ContentRange) : answer.Body;
      } catch (error) {
        if (isNotFound(error)) throw new ObjectNotFoundError(key);
        if (range && isInvalidRange(error)) throw rangeNotSatisfiable(key, range);
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fullKey(key) }));
    },

    async *list(keyPrefix = '') {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${keyPrefix}`,
            MaxKeys: pageSize,
            ContinuationToken: continuationToken,
          }),
        );
        for (const entry of page.Contents ?? []) {
          if (entry.Key !== undefined) yield entry.Key.slice(prefix.length);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
