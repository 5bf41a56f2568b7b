import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RETENTION_DAYS } from '#shared/schemas/contact-limits.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { startServer } from '../../server/start.ts';
import { createTestDatabase, ENGINES } from '../helpers/test-database.ts';
import { api, startTestServer, type TestServer } from '../helpers/test-server.ts';

const DAY_MS = 86_400_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-contact-retention-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function storeMessage(db: Db, name: string, daysAgo: number): Promise<number> {
  const row = await db
    .insertInto('contactMessages')
    .values({
      name,
      email: 'someone@example.com',
      topic: 'question',
      message: 'A message from the contact form.',
      receivedAt: new Date(Date.now() - daysAgo * DAY_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function storedNames(db: Db): Promise<string[]> {
  return (await db.selectFrom('contactMessages').select('name').orderBy('id').execute()).map((row) => row.name);
}

describe.each(ENGINES)('contact message retention on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  it(`a message older than ${CONTACT_RETENTION_DAYS} days is purged; a newer one is kept`, async () => {
    await storeMessage(server.db, 'old', CONTACT_RETENTION_DAYS + 1);
    await storeMessage(server.db, 'recent', CONTACT_RETENTION_DAYS - 1);
    const sent = await api(server, 'POST', '/api/contact', {
      json: { name: 'today', email: 'today@example.com', message: 'Sent through the form just now.' },
    });
    expect(sent.status).toBe(201);

    expect(await server.services.contact.purgeExpired()).toBe(1);
    expect(await storedNames(server.db)).toEqual(['recent', 'today']);
    expect(await server.services.contact.purgeExpired()).toBe(0);
  });

  it('a server back after missing the daily purge (all servers down at that hour) purges once it starts', async () => {
    const database = engine === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const engineDir = path.join(dataDir, engine);
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: engineDir, LOG_LEVEL: 'silent', DATABASE_URL: database?.url });
    const start = () => startServer(config, createLogger('silent'), { client: 'none' });
    try {
      // A first run schedules the purge, as any earlier version on this database would have.
      await (await start()).close();
      const seeded = database?.db ?? (await openDatabase({ kind: 'pglite', dataDir: engineDir }));
      await storeMessage(seeded, 'old', CONTACT_RETENTION_DAYS + 30);
      await storeMessage(seeded, 'recent', 1);
      // Then no server ran for two days: the last scheduling pass, and the schedule itself, are older.
      await sql`UPDATE pgboss.version SET cron_on = now() - interval '2 days'`.execute(seeded);
      await sql`UPDATE pgboss.schedule SET created_on = now() - interval '3 days'`.execute(seeded);
      if (!database) await seeded.destroy();

      const running = await start();
      try {
        await expect.poll(() => storedNames(running.db), { timeout: 15_000 }).toEqual(['recent']);
      } finally {
        await running.close();
      }
    } finally {
      await database?.drop();
    }
  }, 45_000);
});
