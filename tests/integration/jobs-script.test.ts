/**
 * `npm run jobs`: a self-hoster sees the jobs that failed and runs a scheduled job now, without
 * touching pg-boss's tables by hand (issue 24).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobs, defineJob, type Jobs } from '../../server/core/jobs.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { describeFailed, runJob } from '../../scripts/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const refusedMail = defineJob({
  name: 'test.refused-mail',
  schema: z.object({ to: z.string() }),
  retryLimit: 1,
  async handle() {
    throw new Error('1 of 1 notification emails did not go');
  },
});

function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Runs in the order taken; the first waits for `release`, so the others queue up behind it. */
const turns = { ran: [] as string[], firstStarted: signal(), release: signal() };
const takingTurns = defineJob({
  name: 'test.turns',
  schema: z.object({ label: z.string() }),
  async handle({ label }) {
    turns.ran.push(label);
    if (label !== 'A1') return;
    turns.firstStarted.resolve();
    await turns.release.promise;
  },
});

describe('the jobs script on a queue', () => {
  let database: TestDatabase;
  let jobs: Jobs;
  const runs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    jobs = createJobs({ db: database.db, log: createLogger('silent'), options: { pollingIntervalSeconds: 0.5 } });
    jobs.register(refusedMail);
    jobs.register(takingTurns);
    jobs.register(
      defineJob({
        name: 'test.nightly',
        schema: z.unknown(),
        cron: '0 3 * * *',
        async handle() {
          runs.push('nightly');
        },
      }),
    );
    await jobs.start();
  });

  afterAll(async () => {
    turns.release.resolve();
    await jobs?.stop();
    await database?.drop();
  });

  it('lists a job that failed for good with its attempts and error, and not one that succeeded', async () => {
    expect(describeFailed(await jobs.failed())).toBe('No failed jobs (failed jobs are kept for a day).');
    const id = await jobs.send(refusedMail, { to: 'someone' });
    // The retry waits for pg-boss's backoff; wait until both attempts are over.
    const deadline = Date.now() + 60_000;
    while ((await jobs.outcome('test.refused-mail', id as string))?.state !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const failed = await jobs.failed();
    expect(failed).toEqual([
      expect.objectContaining({ name: 'test.refused-mail', id, attempts: 2, error: '1 of 1 notification emails did not go' }),
    ]);
    expect(describeFailed(failed)).toMatch(new RegExp(`test\\.refused-mail  ${id}  2 attempts: 1 of 1 notification emails did not go$`));
  }, 90_000);

  it('runs a scheduled job by name now and says it completed; a job that takes data cannot be run by name', async () => {
    const lines: string[] = [];
    expect(await runJob(jobs, 'test.nightly', (line) => lines.push(line))).toBe(true);
    expect(runs).toEqual(['nightly']);
    expect(lines.at(-1)).toBe('test.nightly completed.');
    expect(jobs.scheduledNames()).toEqual(['test.nightly']);
    await expect(jobs.runNow('test.refused-mail')).rejects.toThrow(/not a scheduled job; these are: test\.nightly/);
  });

  it('gives owners turns: another owner’s first job runs after the one in progress, not after the first owner’s backlog', async () => {
    // In a transaction, as the documents service sends them (it holds the owner's lock).
    const send = (label: string) =>
      database.db.transaction().execute((trx) => jobs.send(takingTurns, { label }, { trx, turnOf: label.slice(0, 1) }));
    await send('A1');
    await turns.firstStarted.promise;
    for (const label of ['A2', 'A3', 'A4', 'B1', 'C1', 'B2']) await send(label);
    turns.release.resolve();
    await jobs.idle();
    // First come, first served would run A2, A3 and A4 before B1.
    expect(turns.ran).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3', 'A4']);
  });
});

describe('npm run jobs', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-jobs-script-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function runScript(...args: string[]): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, [path.resolve('scripts/jobs.ts'), ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', MAIL_FROM: '', S3_BUCKET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
  }

  it("runs today's milestone reminders on the embedded database, then lists no failed jobs", async () => {
    const ran = await runScript('run', 'notifications.milestone-reminders');
    expect(ran.output).toMatch(
      /Running notifications\.milestone-reminders \(job [0-9a-f-]+\)\.\.\.\nnotifications\.milestone-reminders completed\.\n/,
    );
    expect(ran.code).toBe(0);

    const failed = await runScript('failed');
    expect(failed.output).toContain('No failed jobs (failed jobs are kept for a day).');
    expect(failed.code).toBe(0);

    const unknown = await runScript('run', 'account-data.export');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('account-data.export is not a job that runs by name. These are: ');
    // The purges are scheduled jobs too (decision 0092): run by name like the others.
    for (const name of ['notifications.weekly-digest', 'contact.purge', 'stored-objects.purge']) expect(unknown.output).toContain(name);
  }, 180_000);
});
