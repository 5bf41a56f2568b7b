/**
 * The file store (an S3-compatible server, s3rver, in this process) and the SMTP server going away
 * while the database is fine: the vault says the file store cannot be reached (503 with Retry-After,
 * never "the database is unavailable"), the log names the cause, and /readyz stays ready on the
 * database while reporting each dependency.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStoreUnavailableError, type ObjectStore } from '../../server/core/storage/object-store.ts';
import { createS3Store } from '../../server/core/storage/s3-store.ts';
import { expectApiError } from '../helpers/integration-kit.ts';
import { api, signUpParentWithChild, startTestServer, type ApiResponse, type TestServer } from '../helpers/test-server.ts';

const BUCKET = 'trelli-outage';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function upload(server: TestServer, token: string, childId: number, name: string): Promise<ApiResponse<any>> {
  const form = new FormData();
  form.append('file', new Blob([`Notes from the meeting about ${name}.`], { type: 'text/plain' }), name);
  const response = await fetch(`${server.url}/api/documents?childId=${childId}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : text, text };
}

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

describe('file store and mail outages', () => {
  let directory: string;
  let s3Port: number;
  let s3: S3rver | undefined;
  let server: TestServer;
  let family: Awaited<ReturnType<typeof signUpParentWithChild>>;
  let keptId: number;

  const startS3 = async () => {
    s3 = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
    await s3.run();
  };
  const logs = () => server.logLines.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'trelli-outage-s3-'));
    s3Port = await freePort();
    await startS3();
    // An SMTP address where nothing listens.
    const smtpPort = await freePort();
    server = await startTestServer({
      engine: 'pglite',
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      s3: {
        bucket: BUCKET,
        endpoint: `http://127.0.0.1:${s3Port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: undefined,
      },
    });
    family = await signUpParentWithChild(server);
  });

  afterAll(async () => {
    await server?.close();
    await s3?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('with the store up, /readyz is ready on the database and reports the mail server that does not answer', async () => {
    expect((await upload(server, family.token, family.childId, 'before.txt')).status).toBe(201);
    const ready = await api(server, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'degraded',
      dependencies: {
        database: { status: 'ok' },
        fileStore: { status: 'ok' },
        mail: { status: 'unavailable', reason: 'nothing answers at the SMTP address', setting: 'SMTP_URL' },
      },
    });
    const mailLine = logs().find((line) => line.dependency === 'mail' && line.level === 40);
    expect(mailLine?.msg).toBe('mail cannot be used: nothing answers at the SMTP address; check SMTP_URL');
  });

  it('a probe names the setting at fault: a missing bucket, an unknown key, an address where nothing answers', async () => {
    const settings = {
      endpoint: `http://127.0.0.1:${s3Port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    const failureOf = (store: ObjectStore) =>
      store.probe().then(
        () => 'ok',
        (error: unknown) => (error instanceof FileStoreUnavailableError ? `${error.setting}: ${error.reason}` : String(error)),
      );
    expect(await failureOf(createS3Store(settings))).toBe('ok');
    expect(await failureOf(createS3Store({ ...settings, bucket: 'trelli-typo' }))).toBe('S3_BUCKET: the bucket does not exist');
    expect(await failureOf(createS3Store({ ...settings, accessKeyId: 'NOT-A-KEY' }))).toBe(
      'S3_ACCESS_KEY_ID: the store does not know the access key',
    );
    expect(await failureOf(createS3Store({ ...settings, endpoint: `http://127.0.0.1:${await freePort()}` }))).toBe(
      "S3_ENDPOINT: nothing answers at the store's address",
    );
  });

  it('with the store stopped, uploads and downloads say the file store cannot be reached, and the log says why', async () => {
    const stored = await upload(server, family.token, family.childId, 'kept.txt');
    expect(stored.status).toBe(201);
    keptId = stored.body.id;
    await s3?.close();
    s3 = undefined;
    const linesBefore = server.logLines.length;

    const refused = await upload(server, family.token, family.childId, 'during.txt');
    const download = await api(server, 'GET', `/api/documents/${stored.body.id}/content?childId=${family.childId}`, {
      token: family.token,
    });
    for (const response of [refused, download]) {
      const error = expectApiError(response, 503, 'FILE_STORE_UNAVAILABLE');
      expect(error.message).toMatch(/file store cannot be reached/i);
      expect(error.message).not.toMatch(/database/i);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The rest of the vault, kept in the database, still answers.
    expect((await api(server, 'GET', `/api/documents?childId=${family.childId}`, { token: family.token })).status).toBe(200);

    const outageLines = server.logLines.slice(linesBefore).map((line) => JSON.parse(line) as LogLine);
    const unavailable = outageLines.filter((line) => line.msg === 'file store unavailable');
    expect(unavailable.length).toBeGreaterThanOrEqual(2);
    for (const line of unavailable) {
      expect(line).toMatchObject({ dependency: 'fileStore', setting: 'S3_ENDPOINT', cause: { code: 'ECONNREFUSED' } });
    }
    expect(outageLines.some((line) => /database/i.test(line.msg))).toBe(false);

    const ready = await api(server, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'degraded',
      dependencies: {
        database: { status: 'ok' },
        fileStore: { status: 'unavailable', reason: "nothing answers at the store's address", setting: 'S3_ENDPOINT' },
        mail: { status: 'unavailable', setting: 'SMTP_URL' },
      },
    });
  });

  it('with the store back, the same download answers and /readyz reports the store as ok', async () => {
    await startS3();
    const download = await api(server, 'GET', `/api/documents/${keptId}/content?childId=${family.childId}`, { token: family.token });
    expect(download.status).toBe(200);
    expect(download.text).toBe('Notes from the meeting about kept.txt.');
    // /readyz gives its last answer when a new probe takes a moment; within a few calls it has the new one.
    let ready = await api(server, 'GET', '/readyz');
    for (let call = 0; call < 20 && ready.body.dependencies.fileStore.status !== 'ok'; call += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await api(server, 'GET', '/readyz');
    }
    expect(ready.body).toMatchObject({
      status: 'degraded',
      dependencies: { fileStore: { status: 'ok' }, mail: { status: 'unavailable' } },
    });
  });
});
