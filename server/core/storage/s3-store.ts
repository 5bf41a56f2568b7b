import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { pipeline, Readable, Transform } from 'node:stream';
import {
  assertByteRange,
  assertObjectKey,
  FileStoreUnavailableError,
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
/** How long a probe (start-up, /readyz) waits for the store. */
const PROBE_TIMEOUT_MS = 5_000;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
const isInvalidRange = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416);

/** Socket-level failures: nothing answered at S3_ENDPOINT (or the region's AWS host). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** What the store's refusals say about the settings: the S3 error code, then the HTTP status (HEAD answers have no code). */
const REFUSALS: { codes: string[]; status?: number; setting: string; reason: string }[] = [
  { codes: ['NoSuchBucket'], setting: 'S3_BUCKET', reason: 'the bucket does not exist' },
  { codes: ['InvalidAccessKeyId'], setting: 'S3_ACCESS_KEY_ID', reason: 'the store does not know the access key' },
  { codes: ['SignatureDoesNotMatch'], setting: 'S3_SECRET_ACCESS_KEY', reason: 'the secret key does not match the access key' },
  {
    codes: ['PermanentRedirect', 'AuthorizationHeaderMalformed', 'IllegalLocationConstraintException'],
    status: 301,
    setting: 'S3_REGION',
    reason: 'the bucket is in another region',
  },
  {
    codes: ['AccessDenied', 'AllAccessDisabled', 'InvalidToken', 'ExpiredToken'],
    status: 403,
    setting: 'S3_ACCESS_KEY_ID',
    reason: 'the key may not use this bucket',
  },
];

/**
 * A failure that says the store cannot be used (as opposed to a missing object or a bad range) as a
 * FileStoreUnavailableError naming the setting at fault; anything else unchanged.
 */
function storeFailure(error: unknown, settings: { endpoint?: string }): unknown {
  if (error instanceof FileStoreUnavailableError || !(error instanceof Error)) return error;
  const endpointSetting = settings.endpoint ? 'S3_ENDPOINT' : 'S3_REGION';
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    const refusal = REFUSALS.find((each) => each.codes.includes(error.name)) ?? REFUSALS.find((each) => each.status === status);
    if (refusal) return new FileStoreUnavailableError(refusal.reason, refusal.setting, error);
    if (status >= 500) return new FileStoreUnavailableError(`the store answered ${status}`, undefined, error);
    return error;
  }
  const code = (error as { code?: unknown }).code;
  if ((typeof code === 'string' && UNREACHABLE_CODES.has(code)) || error.name === 'TimeoutError') {
    return new FileStoreUnavailableError("nothing answers at the store's address", endpointSetting, error);
  }
  return error;
}

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
        throw bodyFailure ?? storeFailure(error, options);
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
        throw storeFailure(error, options);
      }
    },

    async delete(key) {
      const objectKey = fullKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey })).catch((error: unknown) => {
        throw storeFailure(error, options);
      });
    },

    /**
     * Aborts the multipart uploads under the prefix begun before `startedBefore`, so a process that died
     * mid-upload does not leave its parts billed forever. A store without the listing (s3rver) has none to sweep.
     */
    async sweepIncompleteWrites(startedBefore) {
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await client
          .send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
          .catch((error: unknown) => {
            if (error instanceof S3ServiceException && error.name === 'NotImplemented') return undefined;
            throw error;
          });
        if (!page) return removed;
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= startedBefore) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return removed;
    },

    async *list(keyPrefix = '') {
      let continuationToken: string | undefined;
      do {
        const page = await client
          .send(
            new ListObjectsV2Command({
              Bucket: bucket,
              Prefix: `${prefix}${keyPrefix}`,
              MaxKeys: pageSize,
              ContinuationToken: continuationToken,
            }),
          )
          .catch((error: unknown) => {
            throw storeFailure(error, options);
          });
        for (const entry of page.Contents ?? []) {
          if (entry.Key !== undefined) yield entry.Key.slice(prefix.length);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },

    /** A listing of a prefix no key can have (keys never start with a dot): answers only with the bucket there and the key allowed to read it. */
    async probe() {
      try {
        await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}.probe`, MaxKeys: 1 }), {
          abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        });
      } catch (error) {
        const failure = storeFailure(error, options);
        if (failure instanceof FileStoreUnavailableError) throw failure;
        if ((error as Error).name === 'AbortError') {
          throw new FileStoreUnavailableError('the store did not answer in time', options.endpoint ? 'S3_ENDPOINT' : 'S3_REGION', error);
        }
        throw new FileStoreUnavailableError('the store refused a listing', undefined, error);
      }
    },
  };
}
