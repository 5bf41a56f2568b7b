import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/database.ts';

describe('isDatabaseUnavailable', () => {
  it("is true for the database driver's refused connection and server shutdown", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
  });

  it("is false for the S3 client's refused connection (issue 24: an S3 outage read as the database's)", async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once (no retries, no network).
    const client = new S3Client({
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      forcePathStyle: true,
      maxAttempts: 1,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    const error = await client.send(new ListObjectsV2Command({ Bucket: 'trelli' })).catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is false for a bad query', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "FORM"'), { code: '42601' }))).toBe(false);
  });
});
