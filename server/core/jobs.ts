import { fromKysely, fromPglite, PgBoss, type ConstructorOptions } from 'pg-boss';
import type { z } from 'zod';
import { connectionOf, type Db } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';
import { turnPriority } from './jobs.repository.ts';

/** pg-boss keeps its tables in a schema of its own, beside the application's `public` (decision 0052). */
export const JOBS_SCHEMA = 'pgboss';

/** What a handler learns about the job it runs. */
export interface RunningJob {
  id: string;
  /** 0 on the first attempt. */
  attempt: number;
  /** True when a failure now is final (no retry follows). */
  lastAttempt: boolean;
  /** Aborted when the job expires or the server stops. */
  signal: AbortSignal;
}

/** A kind of job as whoever sends it knows it: the queue's name and the schema its data must match. */
export interface JobKind<Schema extends z.ZodType = z.ZodType> {
  /** `<feature>.<what>`, e.g. `account-data.export`. */
  name: string;
  schema: Schema;
}

/**
 * One kind of background job (documenso's shape): its kind, its settings and the handler. Sent with
 * `jobs.send(kind, data)`; the data is parsed again before the handler runs, so a job queued by an
 * older version fails loudly instead of half-working. Each feature lists its definitions in
 * `<feature>.jobs.ts`, named by its definition in server/features.ts (decisions 0092, 0095).
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> extends JobKind<Schema> {
  /** Retries after a failed attempt (default 2). */
  retryLimit?: number;
  /** Seconds before the first retry, doubling (with jitter) after each (pg-boss's default when unset: about a second). */
  retryDelaySeconds?: number;
  /** The longest wait between two retries. */
  retryDelayMaxSeconds?: number;
  /** How long one attempt may run before pg-boss takes it back (default 15 minutes). */
  expireInSeconds?: number;
  /** A cron expression (UTC): pg-boss sends the job with no data on this schedule, once across all instances. */
  cron?: string;
  /** With `cron`: a run missed while no instance was up (a deploy, an outage) is sent once when one is back. */
  runMissed?: boolean;
  handle(data: z.output<Schema>, job: RunningJob): Promise<void>;
}

/** Declares a job with its data typed from its schema. */
export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}

export interface JobsOptions {
  /**
   * Seconds between a worker's polls when no notification wakes it (tests use 0.5); unset, pg-boss
   * polls every 30 s behind its notifications (a retry that comes due wakes no one).
   */
  pollingIntervalSeconds?: number;
  /** False: this instance queues jobs but runs none (another instance does); a list: it runs only those. Default true. */
  work?: boolean | readonly string[];
  /**
   * Seconds between pg-boss's passes that take back expired jobs and send scheduled ones (default:
   * pg-boss's, 30-60 s). Tests that watch an expiry or a schedule use 1.
   */
  checkIntervalSeconds?: number;
  /** Settings over some definitions' own, by job name (tests: a short expiry, a schedule every minute). */
  overrides?: Readonly<Record<string, Pick<JobDefinition, 'expireInSeconds' | 'retryDelaySeconds' | 'cron'>>>;
}

/** A job whose last attempt failed with no retry left (pg-boss keeps it a day, as every finished job). */
export interface FailedJob {
  name: string;
  id: string;
  /** Attempts made (the first and each retry). */
  attempts: number;
  createdOn: Date;
  failedOn: Date | null;
  /** The error's message as the handler threw it. */
  error: string;
}

/** Where one job stands: finished, failed for good, or failed with a retry due at `retryAt`. */
export interface JobOutcome {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  attempts: number;
  retryAt: Date | null;
  error: string | null;
}

/** pg-boss keeps a failed attempt's error as the job's output. */
function errorOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message;
  return output === null || output === undefined ? '' : JSON.stringify(output);
}

const DEFAULT_RETRY_LIMIT = 2;
const IDLE_TIMEOUT_MS = 60_000;

/**
 * The background job queue: pg-boss on the application's database (PGlite or a PostgreSQL server),
 * started and stopped with the server. The definitions backgroundJobs() lists (server/features.ts) are registered
 * once the services are built; `start()` creates the queues and the workers. A job runs once across
 * instances.
 */
export function createJobs(deps: { db: Db; log: Logger; options?: JobsOptions }) {
  const { db, log } = deps;
  const definitions = new Map<string, JobDefinition>();
  const running = new Set<Promise<void>>();
  let boss: PgBoss | undefined;

  function bossOptions(): ConstructorOptions {
    const connection = connectionOf(db);
    const common: ConstructorOptions = {
      schema: JOBS_SCHEMA,
      useListenNotify: true,
      // The instance registry would record this host and process; nothing here needs it.
      registerInstance: false,
      persistWarnings: false,
    };
    const every = deps.options?.checkIntervalSeconds;
    if (every) {
      Object.assign(common, {
        superviseIntervalSeconds: every,
        monitorIntervalSeconds: every,
        cronMonitorIntervalSeconds: every,
        cronWorkerIntervalSeconds: every,
      });
    }
    if (connection.kind === 'pglite') return { ...common, db: fromPglite(connection.pglite), backend: 'pglite' };
    return { ...common, connectionString: connection.url, max: 3, application_name: 'trelli-jobs' };
  }

  function started(): PgBoss {
    if (!boss) throw new Error('the job queue is not started');
    return boss;
  }

  async function runOne(definition: JobDefinition, job: { id: string; data: unknown; retryCount: number; signal: AbortSignal }) {
    const retryLimit = definition.retryLimit ?? DEFAULT_RETRY_LIMIT;
    const data = definition.schema.parse(job.data);
    await definition.handle(data, {
      id: job.id,
      attempt: job.retryCount,
      lastAttempt: job.retryCount >= retryLimit,
      signal: job.signal,
    });
  }

  return {
    /** Adds a kind of job; only before `start()`. */
    register(definition: JobDefinition): void {
      if (boss) throw new Error(`job ${definition.name} registered after the queue started`);
      if (definitions.has(definition.name)) throw new Error(`job ${definition.name} registered twice`);
      definitions.set(definition.name, definition as JobDefinition);
    },

    /** Installs or upgrades pg-boss's schema, creates the queues and schedules, and starts the workers. */
    async start(): Promise<void> {
      if (boss) return;
      const instance = new PgBoss(bossOptions());
      instance.on('error', (error: unknown) => log.warn({ err: error }, 'job queue error; it keeps trying'));
      await instance.start();
      boss = instance;
      const polling = deps.options?.pollingIntervalSeconds;
      const pollingOptions = polling ? { pollingIntervalSeconds: polling, notifyPollingIntervalSeconds: polling } : {};
      for (const registered of definitions.values()) {
        const definition = { ...registered, ...deps.options?.overrides?.[registered.name] };
        const settings = {
          retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
          retryBackoff: true,
          retryDelay: definition.retryDelaySeconds ?? 0,
          retryDelayMax: definition.retryDelayMaxSeconds ?? null,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
          // A day is enough to read what happened; an account's own jobs go with it sooner (deleteJobsMatching).
          deleteAfterSeconds: 24 * 60 * 60,
          notify: true,
        };
        const { retryDelayMax, ...createSettings } = settings;
        await instance.createQueue(definition.name, retryDelayMax === null ? createSettings : settings);
        // A queue made by an earlier version keeps its old settings until told otherwise.
        await instance.updateQueue(definition.name, settings);
        if (definition.cron) {
          await instance.schedule(definition.name, definition.cron, null, { tz: 'UTC', missed: definition.runMissed ? 'once' : 'skip' });
        }
        // Loads pg-boss's cache of the queue now: a later send inside an application transaction then
        // needs no query of its own (on PGlite that query would wait for the transaction to end).
        await instance.findJobs(definition.name, { limit: 1 });
        const work = deps.options?.work ?? true;
        if (work === false || (Array.isArray(work) && !work.includes(definition.name))) continue;
        let workerId: string | undefined;
        workerId = await instance.work(definition.name, { ...pollingOptions, localConcurrency: 1 }, async ([job]) => {
          if (!job) return;
          // With notifications on, pg-boss's worker waits out its slow backstop (30 s) after each job;
          // told at once, it takes the next waiting job now, and a backlog drains at full speed.
          if (workerId) instance.notifyWorker(workerId);
          const run = runOne(definition, job);
          running.add(run);
          try {
            await run;
            log.debug({ job: definition.name, jobId: job.id, attempt: job.retryCount }, 'background job done');
          } catch (error) {
            log.warn({ job: definition.name, jobId: job.id, attempt: job.retryCount, err: error }, 'background job failed');
            throw error;
          } finally {
            running.delete(run);
          }
        });
      }
    },

    /** Stops taking jobs, lets running ones finish (up to `timeoutMs`), and closes pg-boss's connections. */
    async stop(timeoutMs = 10_000): Promise<void> {
      const instance = boss;
      if (!instance) return;
      boss = undefined;
      await instance.stop({ graceful: true, timeout: timeoutMs, close: true });
    },

    /**
     * Queues a job. With `trx`, the job is written in that transaction: it exists only if the
     * transaction commits (pg-boss's `fromKysely`). With `turnOf` (and `trx`, holding a lock that
     * serializes that owner's sends), the owner's jobs take turns with other owners' (decision 0091).
     */
    async send<Schema extends z.ZodType>(
      kind: JobKind<Schema>,
      data: z.input<Schema>,
      options: { trx?: Db; startAfterSeconds?: number; turnOf?: string } = {},
    ): Promise<string | null> {
      const parsed = kind.schema.parse(data) as object;
      const instance = started();
      const turn =
        options.turnOf === undefined
          ? {}
          : { group: { id: options.turnOf }, priority: await turnPriority(options.trx ?? db, JOBS_SCHEMA, kind.name, options.turnOf) };
      return instance.send(kind.name, parsed, {
        ...(options.trx ? { db: fromKysely(options.trx) } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...turn,
      });
    },

    /** The data of the jobs of `kind` waiting or running (what a start-up catch-up must not queue again). */
    async queuedData<Schema extends z.ZodType>(kind: JobKind<Schema>): Promise<unknown[]> {
      const found = await started().findJobs(kind.name, { limit: 100_000 });
      return found.filter((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active').map((job) => job.data);
    },

    /**
     * Deletes every job of every registered queue whose data contains `match` (waiting, running,
     * finished or failed): an account's jobs go with the account. Returns how many went. A running
     * job's handler finishes on its own; handlers check that their rows still exist.
     */
    async deleteJobsMatching(match: Record<string, unknown>): Promise<number> {
      const instance = started();
      let deleted = 0;
      for (const name of definitions.keys()) {
        for (;;) {
          const found = await instance.findJobs(name, { data: match, limit: 500 });
          if (found.length > 0)
            await instance.deleteJob(
              name,
              found.map((job) => job.id),
            );
          deleted += found.length;
          if (found.length < 500) break;
        }
      }
      return deleted;
    },

    /** The registered jobs that run on a schedule: these take no data, so they can be run by name (scripts/jobs.ts). */
    scheduledNames(): string[] {
      return [...definitions.values()].filter((definition) => definition.cron).map((definition) => definition.name);
    },

    /** Queues one run of a scheduled job now, beside its schedule; returns the job's id. */
    async runNow(name: string): Promise<string> {
      const definition = definitions.get(name);
      if (!definition?.cron) throw new Error(`${name} is not a scheduled job; these are: ${this.scheduledNames().join(', ')}`);
      const id = await started().send(name, {});
      if (!id) throw new Error(`${name} could not be queued`);
      return id;
    },

    /** Where a job stands, or null when it is gone (finished jobs are kept a day). */
    async outcome(name: string, id: string): Promise<JobOutcome | null> {
      const [job] = await started().findJobs(name, { id });
      if (!job) return null;
      return {
        state: job.state,
        attempts: job.retryCount + (job.state === 'created' ? 0 : 1),
        retryAt: job.state === 'retry' ? job.startAfter : null,
        error: job.state === 'failed' || job.state === 'retry' ? errorOf(job.output) : null,
      };
    },

    /** Every registered queue's jobs that failed for good, newest first. */
    async failed(): Promise<FailedJob[]> {
      const instance = started();
      const failed: FailedJob[] = [];
      for (const name of definitions.keys()) {
        for (const job of await instance.findJobs(name, { limit: 100_000 })) {
          if (job.state !== 'failed') continue;
          failed.push({
            name,
            id: job.id,
            attempts: job.retryCount + 1,
            createdOn: job.createdOn,
            failedOn: job.completedOn,
            error: errorOf(job.output),
          });
        }
      }
      return failed.sort((a, b) => (b.failedOn?.getTime() ?? 0) - (a.failedOn?.getTime() ?? 0));
    },

    /** Resolves once no registered queue has a job due or running (tests and benches wait on it). */
    async idle(): Promise<void> {
      const instance = started();
      const deadline = Date.now() + IDLE_TIMEOUT_MS;
      for (;;) {
        let busy = running.size > 0;
        for (const name of definitions.keys()) {
          if (busy) break;
          const jobs = await instance.findJobs(name, { limit: 1000 });
          busy = jobs.some(
            (job) => job.state === 'active' || ((job.state === 'created' || job.state === 'retry') && job.startAfter <= new Date()),
          );
        }
        if (!busy) return;
        if (Date.now() > deadline) throw new Error('background jobs still busy after a minute');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
