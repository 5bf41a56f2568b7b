/**
 * Live progress (issue 25, decision 0093): the database's triggers notify when a document's
 * processing or an export's status moves on; one listening connection per process wakes the watches,
 * and the tRPC subscriptions carry the new state to the browser over server-sent events.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import { Client } from 'pg';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveEvents, documentsOfChild, exportsOfOwner, LiveEventsClosed, type LiveEvents } from '../../server/core/live-events.ts';
import { connectionOf, openDatabase, type Db } from '../../server/db/database.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { SHUTDOWN_GRACE_MS, startServer } from '../../server/start.ts';
import type { AppRouter } from '../../server/trpc/root.ts';
import { shareChildren } from '../helpers/caregivers.ts';
import { createTestDatabase, ENGINES } from '../helpers/test-database.ts';
import { signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
const TEXT = readFileSync(path.join(FIXTURES, 'notes.txt'));
// Its text and thumbnail take a moment to make: the stream sees it pending first.
const PDF = readFileSync(path.join(FIXTURES, 'iep-sample.pdf'));
const SECRET_TITLE = 'Zephyrine-psych-eval-7731';

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

async function upload(server: TestServer, family: Family, name: string, bytes: Uint8Array = TEXT): Promise<{ id: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${server.url}/api/documents?childId=${family.childId}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${family.token}` },
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

/** Every payload sent on the channel, heard on a connection of its own (not the app's listener). */
async function rawNotifications(db: Db, url: string | undefined) {
  const payloads: string[] = [];
  const connection = connectionOf(db);
  if (connection.kind === 'pglite') {
    const unlisten = await connection.pglite.listen('trelli_progress', (payload) => payloads.push(payload));
    return { payloads, stop: () => unlisten() };
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  client.on('notification', (message) => payloads.push(message.payload ?? ''));
  await client.query('LISTEN trelli_progress');
  return { payloads, stop: () => client.end() };
}

/**
 * The app's kind of client over real HTTP: subscriptions as server-sent events through an EventSource
 * that sends the bearer header (as client/app/trpc/trpc.ts does), the rest batched.
 */
function liveClient(server: { url: string }, token: string) {
  const authorization = { authorization: `Bearer ${token}` };
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink<AppRouter, typeof EventSource>({
          url: `${server.url}/api/trpc`,
          transformer: superjson,
          EventSource,
          eventSourceOptions: () => ({ fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, ...authorization } }) }),
        }),
        false: httpBatchLink({ url: `${server.url}/api/trpc`, transformer: superjson, headers: () => authorization }),
      }),
    ],
  });
}

/** A subscription's values as they arrive; `until` waits for one that passes, `failure` for its error. */
function follow<T>(subscribe: (handlers: { onData(value: T): void; onError(error: unknown): void }) => { unsubscribe(): void }) {
  const values: T[] = [];
  let error: unknown;
  const subscription = subscribe({ onData: (value) => values.push(value), onError: (caught) => (error = caught) });
  return {
    values,
    async until(check: (value: T) => boolean, ms = 20_000): Promise<T> {
      await until(() => values.some(check) || error !== undefined, ms);
      if (error !== undefined) throw error;
      return values.find(check) as T;
    },
    async failure(ms = 10_000): Promise<unknown> {
      await until(() => error !== undefined, ms);
      return error;
    },
    stop: () => subscription.unsubscribe(),
  };
}

/** Takes values from a watch as they come; `next()` fails after `ms` without one. */
function reader<T>(watch: AsyncGenerator<T, void, undefined>) {
  return {
    async next(ms = 10_000): Promise<T> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no value within ${ms} ms`)), ms);
      });
      try {
        const result = await Promise.race([watch.next(), timeout]);
        if (result.done) throw new Error('the watch ended');
        return result.value;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(ENGINES)('live progress on %s', (engine) => {
  let server: TestServer;
  let live: LiveEvents;
  const log = createLogger('silent');

  beforeAll(async () => {
    server = await startTestServer({ engine });
    live = createLiveEvents({ connection: connectionOf(server.db), log });
  });
  afterAll(async () => {
    await live.close();
    await server.close();
  });

  describe('the database says when work moves on', () => {
    it("a document's upload, its processing and a deletion while it waits notify its child, naming no content", async () => {
      const family = await signUpParentWithChild(server);
      const raw = await rawNotifications(server.db, server.database.url);
      try {
        const added = await upload(server, family, `${SECRET_TITLE}.txt`);
        await server.services.documents.idle();
        await until(() => raw.payloads.length >= 2);
        const events = raw.payloads.map((payload) => JSON.parse(payload) as unknown);
        expect(events).toEqual([
          { kind: 'document', childId: family.childId, id: added.id, state: 'pending' },
          { kind: 'document', childId: family.childId, id: added.id, state: 'done' },
        ]);
        // Deleted while it waits (set back to pending, as a replaced file is): the screens waiting for it hear of it.
        await server.db.updateTable('documents').set({ processing: 'pending' }).where('id', '=', added.id).execute();
        expect((await family.call('DELETE', `/documents/${added.id}`)).status).toBe(200);
        await until(() => raw.payloads.length >= 4);
        expect(raw.payloads.slice(2).map((payload) => JSON.parse(payload) as unknown)).toEqual([
          { kind: 'document', childId: family.childId, id: added.id, state: 'pending' },
          { kind: 'document', childId: family.childId, id: added.id, state: 'deleted' },
        ]);
        expect(raw.payloads.join('\n')).not.toContain('Zephyrine');
      } finally {
        await raw.stop();
      }
    });

    it("an export queued, running with progress and ready notifies its owner's watch, which reads it afresh each time", async () => {
      const family = await signUpParentWithChild(server);
      const controller = new AbortController();
      const watch = live.watch({
        matches: exportsOfOwner(family.userId),
        read: () => server.services.accountData.currentExport(family.userId),
        signal: controller.signal,
      });
      const exports = reader(watch);
      expect(await exports.next()).toBeNull();
      const started = await server.services.accountData.startExport(family.userId);
      const seen: (typeof started.export | null)[] = [];
      for (let current = await exports.next(); ; current = await exports.next()) {
        seen.push(current);
        if (current?.status === 'ready') break;
      }
      expect(seen[0]?.status).toBe('queued');
      expect(seen.at(-1)).toMatchObject({ id: started.export.id, status: 'ready', progress: 100 });
      controller.abort();
      await watch.return();
      expect(live.subscriberCount).toBe(0);
    });

    it('a change written on another connection wakes the watch, as another instance would', async () => {
      const family = await signUpParentWithChild(server);
      const added = await upload(server, family, 'letter.txt');
      await server.services.documents.idle();
      // Another instance: its own database handle (on PGlite, one process holds the database: the same one).
      const other = server.database.url ? await openDatabase({ kind: 'postgres', url: server.database.url, poolSize: 1 }) : server.db;
      const scope = await server.services.children.scope(family.userId, family.childId, 'viewer');
      const controller = new AbortController();
      const watch = live.watch({
        matches: documentsOfChild(family.childId),
        read: () => server.services.documents.processing(scope),
        signal: controller.signal,
      });
      const states = reader(watch);
      try {
        expect(await states.next()).toEqual({ pending: [] });
        await other.updateTable('documents').set({ processing: 'pending' }).where('id', '=', added.id).execute();
        expect(await states.next()).toEqual({ pending: [added.id] });
        await other.updateTable('documents').set({ processing: 'failed' }).where('id', '=', added.id).execute();
        expect(await states.next()).toEqual({ pending: [] });
      } finally {
        controller.abort();
        await watch.return();
        if (other !== server.db) await other.destroy();
      }
    });

    it("a change to another child's documents does not wake the watch", async () => {
      const family = await signUpParentWithChild(server);
      const neighbour = await signUpParentWithChild(server);
      let reads = 0;
      const controller = new AbortController();
      const watch = live.watch({
        matches: documentsOfChild(family.childId),
        read: async () => {
          reads += 1;
          return reads;
        },
        signal: controller.signal,
      });
      const values = reader(watch);
      expect(await values.next()).toBe(1);
      const pending = values.next(15_000);
      await upload(server, neighbour, 'theirs.txt');
      await server.services.documents.idle();
      expect(reads).toBe(1);
      await upload(server, family, 'ours.txt');
      expect(await pending).toBeGreaterThan(1);
      controller.abort();
      await watch.return();
    });
  });

  describe('subscriptions over server-sent events', () => {
    it("a child's documents: pending after the upload, then done once it is read", async () => {
      const family = await signUpParentWithChild(server);
      const client = liveClient(server, family.token);
      const states = follow<{ pending: number[] }>((handlers) =>
        client.documents.watchProcessing.subscribe({ childId: family.childId }, handlers),
      );
      try {
        expect(await states.until(() => true)).toEqual({ pending: [] });
        const added = await upload(server, family, 'Annual IEP.pdf', PDF);
        await states.until((state) => state.pending.includes(added.id));
        await states.until((state) => state.pending.length === 0 && states.values.length > 2);
        expect(states.values).toEqual([{ pending: [] }, { pending: [added.id] }, { pending: [] }]);
        const document = await client.documents.byId.query({ childId: family.childId, id: added.id });
        expect(document.processing).toBe('done');
      } finally {
        states.stop();
      }
    });

    it("the caller's export: queued, then built, then ready", async () => {
      const family = await signUpParentWithChild(server);
      const client = liveClient(server, family.token);
      const exports = follow<{ status: string; progress: number } | null>((handlers) =>
        client.accountData.watchExport.subscribe(undefined, handlers),
      );
      try {
        expect(await exports.until(() => true)).toBeNull();
        const started = await client.accountData.startExport.mutate();
        expect(await exports.until((current) => current?.status === 'ready')).toMatchObject({ id: started.id, progress: 100 });
        expect(exports.values[1]).toMatchObject({ id: started.id, status: 'queued' });
      } finally {
        exports.stop();
      }
    });

    it('a change written by another instance reaches the stream', async () => {
      const family = await signUpParentWithChild(server);
      const added = await upload(server, family, 'letter.txt');
      await server.services.documents.idle();
      const other = server.database.url ? await openDatabase({ kind: 'postgres', url: server.database.url, poolSize: 1 }) : server.db;
      const states = follow<{ pending: number[] }>((handlers) =>
        liveClient(server, family.token).documents.watchProcessing.subscribe({ childId: family.childId }, handlers),
      );
      try {
        await states.until(() => true);
        await other.updateTable('documents').set({ processing: 'pending' }).where('id', '=', added.id).execute();
        await states.until((state) => state.pending.includes(added.id));
        await other.updateTable('documents').set({ processing: 'done' }).where('id', '=', added.id).execute();
        await states.until((state) => state.pending.length === 0 && states.values.length > 2);
        expect(states.values).toEqual([{ pending: [] }, { pending: [added.id] }, { pending: [] }]);
      } finally {
        states.stop();
        if (other !== server.db) await other.destroy();
      }
    });

    it('a caller without access to the child gets NOT_FOUND, and one with none at all UNAUTHORIZED', async () => {
      const family = await signUpParentWithChild(server);
      const stranger = await signUpParentWithChild(server);
      const refused = follow((handlers) =>
        liveClient(server, stranger.token).documents.watchProcessing.subscribe({ childId: family.childId }, handlers),
      );
      const error = await refused.failure();
      refused.stop();
      expect(error).toBeInstanceOf(TRPCClientError);
      expect((error as TRPCClientError<AppRouter>).data?.code).toBe('NOT_FOUND');
      expect(refused.values).toEqual([]);
      const anonymous = follow((handlers) => liveClient(server, 'not-a-token').accountData.watchExport.subscribe(undefined, handlers));
      expect(((await anonymous.failure()) as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
      anonymous.stop();
    });

    it('a caregiver removed mid-stream gets NOT_FOUND at the next change, not the new state', async () => {
      const family = await signUpParentWithChild(server);
      const viewer = await signUpParentWithChild(server);
      await shareChildren(server.services, family.userId, viewer.userId, 'viewer', [family.childId]);
      const states = follow<{ pending: number[] }>((handlers) =>
        liveClient(server, viewer.token).documents.watchProcessing.subscribe({ childId: family.childId }, handlers),
      );
      try {
        expect(await states.until(() => true)).toEqual({ pending: [] });
        await server.db.deleteFrom('childAccess').where('childId', '=', family.childId).where('userId', '=', viewer.userId).execute();
        await upload(server, family, 'Annual IEP.pdf', PDF);
        expect(((await states.failure()) as TRPCClientError<AppRouter>).data?.code).toBe('NOT_FOUND');
        expect(states.values).toEqual([{ pending: [] }]);
      } finally {
        states.stop();
      }
    });

    it('a client going away mid-stream leaves no watch behind, and nothing fails', async () => {
      const family = await signUpParentWithChild(server);
      const input = encodeURIComponent(JSON.stringify({ json: { childId: family.childId } }));
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/trpc/documents.watchProcessing?input=${input}`, {
        headers: { authorization: `Bearer ${family.token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect([response.status, response.headers.get('content-type'), response.headers.get('content-encoding')]).toEqual([
        200,
        'text/event-stream',
        null,
      ]);
      const stream = (response.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      while (!text.includes('"pending"')) text += new TextDecoder().decode((await stream.read()).value);
      expect(server.services.live.subscriberCount).toBe(1);
      controller.abort();
      await until(() => server.services.live.subscriberCount === 0);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(server.logLines.filter((line) => line.includes('"level":50'))).toEqual([]);
    });

    it('the bearer token travels in a header: never in the logged path', async () => {
      const family = await signUpParentWithChild(server);
      const states = follow((handlers) =>
        liveClient(server, family.token).documents.watchProcessing.subscribe({ childId: family.childId }, handlers),
      );
      await states.until(() => true);
      states.stop();
      await until(() => server.logLines.some((line) => line.includes('documents.watchProcessing')));
      const lines = server.logLines.filter((line) => line.includes('documents.watchProcessing'));
      expect(lines.map((line) => (JSON.parse(line) as { path: string }).path)).toContain('/api/trpc/documents.watchProcessing');
      const signature = family.token.split('.')[2] as string;
      expect(server.logLines.filter((line) => line.includes(family.token) || line.includes(signature))).toEqual([]);
    });
  });

  describe('a watch ends with its client, and all of them with the server', () => {
    it('an abort ends a waiting watch and leaves no subscriber behind', async () => {
      const controller = new AbortController();
      const watch = live.watch({ matches: () => true, read: async () => 'now', signal: controller.signal });
      expect(await reader(watch).next()).toBe('now');
      const ended = watch.next();
      expect(live.subscriberCount).toBe(1);
      controller.abort();
      expect(await ended).toEqual({ done: true, value: undefined });
      expect(live.subscriberCount).toBe(0);
    });

    it('closing ends every open watch with LiveEventsClosed, at once, and refuses new ones', async () => {
      const own = createLiveEvents({ connection: connectionOf(server.db), log });
      const watch = own.watch({ matches: () => true, read: async () => 'now' });
      expect(await reader(watch).next()).toBe('now');
      const ended = watch.next().then(
        () => 'it went on',
        (error: unknown) => error,
      );
      const started = Date.now();
      await own.close();
      expect(await ended).toBeInstanceOf(LiveEventsClosed);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(own.subscriberCount).toBe(0);
      await expect(own.watch({ matches: () => true, read: async () => 'now' }).next()).rejects.toBeInstanceOf(LiveEventsClosed);
    });
  });
});

describe('shutting down with subscriptions open', () => {
  it('ends their streams at once (the clients reconnect), so the server does not wait out the grace', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'trelli-live-'));
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const running = await startServer(config, createLogger('info', sink), { client: 'none' });
    const family = await signUpParentWithChild(running);
    const client = liveClient(running, family.token);
    const streams = [
      follow((handlers) => client.documents.watchProcessing.subscribe({ childId: family.childId }, handlers)),
      follow((handlers) => client.accountData.watchExport.subscribe(undefined, handlers)),
    ];
    try {
      for (const stream of streams) await stream.until(() => true);
      const started = Date.now();
      await running.close();
      expect(Date.now() - started).toBeLessThan(SHUTDOWN_GRACE_MS / 4);
      // Told to come back (a code the link retries), not failed for good; nothing logged as a failure or an outage.
      expect(streams.map((stream) => stream.values.length)).toEqual([1, 1]);
      expect(lines.filter((line) => line.includes('"level":50') || line.includes('unavailable'))).toEqual([]);
    } finally {
      for (const stream of streams) stream.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('the listening connection on a PostgreSQL server', () => {
  it('is opened again when it drops, and every watch then reads again what changed meanwhile', async () => {
    const database = await createTestDatabase('postgres');
    const live = createLiveEvents({
      connection: connectionOf(database.db),
      log: createLogger('silent'),
      delays: { firstMs: 50, maxMs: 200 },
    });
    let value = 'before';
    const controller = new AbortController();
    const watch = live.watch({ matches: () => true, read: async () => value, signal: controller.signal });
    const values = reader(watch);
    try {
      expect(await values.next()).toBe('before');
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = 'trelli-live-events' AND datname = current_database()",
      );
      expect(killed.rows).toEqual([{ done: true }]);
      // Changed while nobody listened: no notification will say so.
      value = 'meanwhile';
      expect(await values.next()).toBe('meanwhile');
      await until(async () => {
        const listening = await admin.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'trelli-live-events' AND datname = current_database()",
        );
        return listening.rows[0].n === 1;
      });
      await admin.end();
    } finally {
      controller.abort();
      await watch.return();
      await live.close();
      await database.drop();
    }
  }, 30_000);
});
