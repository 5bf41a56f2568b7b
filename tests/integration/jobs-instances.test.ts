/**
 * Background work runs once across instances (issue 25, decisions 0091 and 0092): two real server
 * processes on one PostgreSQL database and one S3 store. Ten uploads are each read exactly once, a
 * process killed while reading a file leaves it to the other, and a schedule tick runs each purge
 * once. PGlite cannot be shared between processes, so these need TEST_DATABASE_URL (CI sets it).
 * The owners' turns on one queue are tested in jobs-script.test.ts, on PGlite.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHostilePdf } from '../helpers/document-pdfs.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { api, signUpParentWithChild, TEST_AUTH_SECRET, uploadDocument } from '../helpers/test-server.ts';

interface JobRow {
  name: string;
  state: string;
  retryCount: number;
  /** Sent by the schedule (no data), not asked for by name. */
  scheduled: boolean;
  documentId: string | null;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let s3: S3rver;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];

  const jobRows = async (name: string) =>
    (
      await sql<JobRow>`
        SELECT name, state::text AS state, retry_count AS "retryCount", data IS NULL AS scheduled, data->>'documentId' AS "documentId"
        FROM pgboss.job WHERE name = ${name} ORDER BY created_on`.execute(database.db)
    ).rows;
  /** Each process's log lines with this message, as [server index, line]. */
  const loggedByEach = (message: string) =>
    servers.flatMap((server, index) => server.logged(message).map((line) => [index, line] as const));

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const s3Dir = mkdtempSync(path.join(tmpdir(), 'trelli-instances-s3-'));
    dirs.push(s3Dir);
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'trelli', configs: [] }] });
    const { port } = await s3.run();
    // What two instances behind one load balancer share: the database, the file store, the keys.
    const env = {
      DATABASE_URL: database.url as string,
      AUTH_SECRET: TEST_AUTH_SECRET,
      VAULT_MASTER_KEY: `k1:${randomBytes(32).toString('base64')}`,
      S3_BUCKET: 'trelli',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: '',
      MAIL_FROM: '',
      TEST_JOB_TIMINGS: 'fast',
      LOG_LEVEL: 'debug',
    };
    servers.push(...(await Promise.all([startServerProcess({ env }), startServerProcess({ env })])));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await s3?.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('runs each purge once per schedule tick, on one of the two', async () => {
    /** The schedule's runs of `name`: pg-boss files each tick's run under the tick's minute, once for every instance. */
    const ticks = async (name: string) =>
      (
        await sql<{ slot: string }>`
          SELECT data->>'slot' AS slot FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = ${name}`.execute(database.db)
      ).rows.map((row) => row.slot);
    // A scheduled run carries no data; a run asked for by name (each process's first purge at start) carries {}.
    const scheduled = async (name: string) => (await jobRows(name)).filter((job) => job.scheduled);
    const ranAll = async (name: string) => {
      const states = (await scheduled(name)).map((job) => job.state);
      return states.length > 0 && states.every((state) => state === 'completed');
    };
    // Both are up; with the schedules set to every minute, the tick of the minute they started in is due.
    await expect
      .poll(async () => (await ranAll('contact.purge')) && (await ranAll('stored-objects.purge')), { timeout: 20_000 })
      .toBe(true);
    for (const name of ['contact.purge', 'stored-objects.purge']) {
      const slots = await ticks(name);
      // One run per tick, though both processes keep the schedules...
      expect(new Set(slots).size).toBe(slots.length);
      // (A tick that has just begun has its slot a moment before its run: the two are compared until
      // the run is there; a second run for one tick would keep them apart.)
      await expect.poll(async () => (await scheduled(name)).length - (await ticks(name)).length, { timeout: 5_000 }).toBe(0);
      // ...and each job ran in one process, once.
      const runs = loggedByEach('background job done').filter(([, line]) => line.job === name);
      expect(runs).toHaveLength((await jobRows(name)).filter((job) => job.state === 'completed').length);
    }
  }, 30_000);

  it('reads each of ten files uploaded through one process exactly once, whichever process takes it', async () => {
    const [first] = servers as [ServerProcess, ServerProcess];
    const family = await signUpParentWithChild(first);
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, index) => uploadDocument(first, family, `note ${index}.txt`, Buffer.from(`Note number ${index}`))),
    );
    await expect
      .poll(async () => (await jobRows('documents.process')).filter((job) => job.state === 'completed').length, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(10);
    const jobs = await jobRows('documents.process');
    expect(jobs.map((job) => Number(job.documentId)).sort((a, b) => a - b)).toEqual(ids.toSorted((a, b) => a - b));
    // Each result was written once, by one process.
    const processed = loggedByEach('document processed').map(([, line]) => line.documentId as number);
    expect(processed.toSorted((a, b) => a - b)).toEqual(ids.toSorted((a, b) => a - b));
    const listed = await api<{ items: { processing: string }[] }>(first, 'GET', `/api/documents?childId=${family.childId}`, {
      token: family.token,
    });
    expect(listed.body.items.map((item) => item.processing)).toEqual(Array(10).fill('done'));
  }, 30_000);

  it('leaves a file to the other process when the one reading it is killed', async () => {
    const [first] = servers as [ServerProcess, ServerProcess];
    const family = await signUpParentWithChild(first);
    // A second or more of reading: long enough to be killed in the middle.
    const id = await uploadDocument(first, family, 'slow.pdf', makeHostilePdf(400_000, 'Speech therapy schedule'));
    const reading = await Promise.any(
      servers.map((server) => server.waitForLog('document processing started', { documentId: id }).then(() => server)),
    );
    await reading.stop({ signal: 'SIGKILL' });
    const survivor = servers.find((server) => server !== reading) as ServerProcess;
    await survivor.waitForLog('document processed', { documentId: id });
    expect(reading.logged('document processed').filter((line) => line.documentId === id)).toEqual([]);
    // The killed attempt expired and was retried (again, if the retry outran the test's short expiry); one completed.
    await expect
      .poll(async () => (await jobRows('documents.process')).filter((row) => Number(row.documentId) === id), {
        timeout: 10_000,
        interval: 100,
      })
      .toEqual([expect.objectContaining({ state: 'completed', retryCount: expect.toSatisfy((count: number) => count >= 1) })]);
    const read = await api<{ processing: string }>(survivor, 'GET', `/api/documents/${id}?childId=${family.childId}`, {
      token: family.token,
    });
    expect(read.body.processing).toBe('done');
  }, 40_000);
});
