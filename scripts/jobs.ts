/**
 * The background jobs, for whoever runs Trelli: which failed (kept a day), and a scheduled job run now
 * (a day's reminders after a mail outage, the weekly digest) in this process, waiting for its outcome.
 *
 *   node --env-file-if-exists=.env scripts/jobs.ts failed
 *   node --env-file-if-exists=.env scripts/jobs.ts run <name>
 *
 * With the embedded database (no DATABASE_URL), stop the server first: PGlite allows one process at a time.
 * A job runs once whoever runs it: what it already sent is not sent again.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.ts';
import { createJobs, type Jobs } from '../server/core/jobs.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createLogger } from '../server/lib/logger.ts';
import { buildServices, openDatabaseFor } from '../server/start.ts';

const USAGE = 'Usage: npm run jobs -- failed | npm run jobs -- run <name>';

/** One line per failed job: when, which, how many attempts, and its error. */
export function describeFailed(failed: Awaited<ReturnType<Jobs['failed']>>): string {
  if (failed.length === 0) return 'No failed jobs (failed jobs are kept for a day).';
  return failed
    .map((job) => {
      const attempts = `${job.attempts} attempt${job.attempts === 1 ? '' : 's'}`;
      return `${job.failedOn?.toISOString() ?? '?'}  ${job.name}  ${job.id}  ${attempts}: ${job.error || '(no message)'}`;
    })
    .join('\n');
}

/** Runs the job by name and waits for its first attempt to end; true when it completed. */
export async function runJob(jobs: Jobs, name: string, print: (line: string) => void): Promise<boolean> {
  const id = await jobs.runNow(name);
  print(`Running ${name} (job ${id})...`);
  let outcome = await jobs.outcome(name, id);
  while (outcome?.state === 'created' || outcome?.state === 'active') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    outcome = await jobs.outcome(name, id);
  }
  if (outcome?.state === 'completed') {
    print(`${name} completed.`);
    return true;
  }
  if (outcome?.state === 'retry') {
    print(`${name} failed: ${outcome.error}. The server retries it at ${outcome.retryAt?.toISOString()} (or run this again).`);
    return false;
  }
  print(`${name} ended as ${outcome?.state ?? 'gone'}${outcome?.error ? `: ${outcome.error}` : ''}.`);
  return false;
}

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [command, name] = positionals;
  if (!((command === 'failed' && positionals.length === 1) || (command === 'run' && positionals.length === 2))) {
    throw new ConfigError(USAGE);
  }
  const config = loadConfig();
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const db = await openDatabaseFor(config, log);
  // This process runs only the job it was asked to run; a running server (PostgreSQL) runs the rest.
  const jobs = createJobs({ db, log, options: { work: command === 'run' && name ? [name] : false } });
  try {
    await migrateToLatest(db);
    const { services } = await buildServices(config, log, db, { jobs });
    await jobs.start();
    try {
      if (command === 'failed') {
        console.log(describeFailed(await jobs.failed()));
        return 0;
      }
      if (!jobs.scheduledNames().includes(name as string)) {
        throw new ConfigError(`${name} is not a job that runs by name. These are: ${jobs.scheduledNames().join(', ')}`);
      }
      return (await runJob(jobs, name as string, (line) => console.log(line))) ? 0 : 1;
    } finally {
      await jobs.stop();
      await services.documents.close();
    }
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  }
}
