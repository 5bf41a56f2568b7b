/**
 * Live progress (issue 25, decision 0093): the database's triggers notify when a document's
 * processing or an export's status moves on; one listening connection per process wakes the watches,
 * and the tRPC subscriptions carry the new state to the browser over server-sent events.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveEvents, documentsOfChild, exportsOfOwner, LiveEventsClosed, type LiveEvents } from '../../server/core/live-events.ts';
import { connectionOf, openDatabase, type Db } from '../../server/db/database.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { createTestDatabase, ENGINES } from '../helpers/test-database.ts';
import { signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const TEXT = readFileSync(path.join(import.meta.dirname, '../fixtures/documents/notes.txt'));
const SECRET_TITLE = 'Zephyrine-psych-eval-7731';

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

async function upload(server: TestServer, family: Family, name: string, bytes: Uint8Array = TEXT): Promise<{ id: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), name);
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
