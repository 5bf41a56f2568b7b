import { Client } from 'pg';
import { z } from 'zod';
import type { DatabaseConnection } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';

/** The channel the database's triggers notify on (migrations/20261127110200_progress_notify.sql). */
export const LIVE_CHANNEL = 'trelli_progress';

/** What a notification says: which record changed, whose it is and its new state, never its content (decision 0093). */
const liveEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), childId: z.number().int(), id: z.number().int(), state: z.string() }),
  z.object({ kind: z.literal('export'), ownerId: z.string(), id: z.number().int(), state: z.string() }),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;

/** A child's documents: one was added, read, failed to be read, or deleted while it waited. */
export const documentsOfChild = (childId: number) => (event: LiveEvent) => event.kind === 'document' && event.childId === childId;

/** An account's exports: queued, running (each progress report), ready, failed or withdrawn. */
export const exportsOfOwner = (ownerId: string) => (event: LiveEvent) => event.kind === 'export' && event.ownerId === ownerId;

/** Ends the open watches when the server shuts down: the client reconnects, to another instance if need be. */
export class LiveEventsClosed extends Error {
  constructor() {
    super('The server is restarting. The page reconnects by itself.');
    this.name = 'LiveEventsClosed';
  }
}

export interface WatchOptions<T> {
  /** Which notifications concern this watch. */
  matches(event: LiveEvent): boolean;
  /** The current state, read afresh after each notification that matches and after a reconnection. */
  read(): Promise<T>;
  /** The watch ends when this aborts (the client went away). */
  signal?: AbortSignal;
}

/** Waits after a lost connection: doubling from the first to the longest. */
export interface ReconnectDelays {
  firstMs: number;
  maxMs: number;
}

const DEFAULT_DELAYS: ReconnectDelays = { firstMs: 250, maxMs: 10_000 };

interface Subscriber {
  matches(event: LiveEvent): boolean;
  wake(): void;
}

/** One way of listening: started once, it calls `onLost` when the connection drops (and never after `stop`). */
type Listen = (onPayload: (payload: string) => void, onLost: (error: Error) => void) => Promise<() => Promise<void>>;

/**
 * A dedicated `pg` client, not one of the pool's: a LISTEN holds its connection for as long as it
 * listens, and a pooled one would be handed to queries. Named, so an operator sees it in pg_stat_activity.
 */
function listenOnServer(url: string): Listen {
  return async (onPayload, onLost) => {
    const client = new Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: 'trelli-live-events',
    });
    let stopping = false;
    const lost = (error: Error) => {
      if (stopping) return;
      stopping = true;
      client.end().catch(() => {});
      onLost(error);
    };
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) onPayload(message.payload);
    });
    client.on('error', lost);
    client.on('end', () => lost(new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      stopping = true;
      await client.end().catch(() => {});
      throw error;
    }
    return async () => {
      stopping = true;
      await client.end().catch(() => {});
    };
  };
}

/** PGlite is one connection in this process: it listens on the instance itself, and never drops. */
function listenOnPglite(connection: Extract<DatabaseConnection, { kind: 'pglite' }>): Listen {
  return async (onPayload) => {
    const unlisten = await connection.pglite.listen(LIVE_CHANNEL, onPayload);
    // The database may be closed already at shutdown: nothing is left to unlisten then.
    return () => unlisten().catch(() => {});
  };
}

/**
 * Wake-ups for long work (a document being read, an export being built) across instances: one
 * listening connection per process, opened with the first watch, fanned out to the watches in this
 * process. A dropped connection is opened again (waiting longer each time), and then every watch
 * reads again, since notifications sent meanwhile were lost (decision 0093).
 */
export function createLiveEvents(deps: { connection: DatabaseConnection; log: Logger; delays?: ReconnectDelays }) {
  const { log } = deps;
  const delays = deps.delays ?? DEFAULT_DELAYS;
  const listen = deps.connection.kind === 'postgres' ? listenOnServer(deps.connection.url) : listenOnPglite(deps.connection);
  const subscribers = new Set<Subscriber>();
  let closed = false;
  /** Resolves once LISTEN is in force; null until the first watch asks for it. */
  let listening: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let cancelRetry: (() => void) | undefined;

  function dispatch(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event = liveEventSchema.safeParse(parsed);
    if (!event.success) return;
    for (const subscriber of subscribers) if (subscriber.matches(event.data)) subscriber.wake();
  }

  const wakeAll = () => {
    for (const subscriber of subscribers) subscriber.wake();
  };

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      retryTimer = setTimeout(resolve, ms);
      // A process that forgot to close its events is not kept alive by their retries.
      retryTimer.unref();
      cancelRetry = () => {
        clearTimeout(retryTimer);
        resolve();
      };
    });
  }

  /** Listens, trying again until it works or the events are closed; the promise rejects only on close. */
  async function connect(): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      if (closed) throw new LiveEventsClosed();
      try {
        const stop = await listen(dispatch, onLost);
        if (closed) {
          await stop();
          throw new LiveEventsClosed();
        }
        unlisten = stop;
        return;
      } catch (error) {
        if (error instanceof LiveEventsClosed) throw error;
        if (attempt === 0)
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'live events: cannot listen yet; retrying');
        await wait(Math.min(delays.maxMs, delays.firstMs * 2 ** attempt));
      }
    }
  }

  function onLost(error: Error): void {
    unlisten = null;
    if (closed) return;
    log.warn({ err: error.message }, 'live events: the listening connection was lost; reconnecting');
    listening = connect().then(() => {
      log.info('live events: listening again');
      // Whatever changed while nobody listened is read again.
      wakeAll();
    });
    listening.catch(() => {});
  }

  function ready(): Promise<void> {
    listening ??= connect();
    listening.catch(() => {});
    return listening;
  }

  return {
    /**
     * The current state, then the state again after each change that `matches`: the value `read`
     * returns, yielded only when it differs from the last one. Ends when `signal` aborts; throws
     * LiveEventsClosed when the server shuts down. Listening starts before the first read, so a change
     * made between the two is not lost.
     */
    async *watch<T>({ matches, read, signal }: WatchOptions<T>): AsyncGenerator<T, void, undefined> {
      if (closed) throw new LiveEventsClosed();
      if (signal?.aborted) return;
      let woken = false;
      let resume: (() => void) | null = null;
      const subscriber: Subscriber = {
        matches,
        wake() {
          woken = true;
          resume?.();
        },
      };
      const onAbort = () => resume?.();
      subscribers.add(subscriber);
      signal?.addEventListener('abort', onAbort);
      try {
        await Promise.race([ready(), new Promise<void>((resolve) => (resume = resolve))]);
        resume = null;
        let last: string | undefined;
        for (;;) {
          if (signal?.aborted) return;
          if (closed) throw new LiveEventsClosed();
          woken = false;
          const state = await read();
          const seen = JSON.stringify(state);
          if (seen !== last) {
            last = seen;
            yield state;
          }
          if (!woken && !signal?.aborted) await new Promise<void>((resolve) => (resume = resolve));
          resume = null;
        }
      } finally {
        subscribers.delete(subscriber);
        signal?.removeEventListener('abort', onAbort);
      }
    },

    /** Watches open in this process (tests check that a client going away leaves none behind). */
    get subscriberCount(): number {
      return subscribers.size;
    },

    /** Shutdown: every open watch ends (its client reconnects elsewhere) and the listening connection closes. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      cancelRetry?.();
      wakeAll();
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;
