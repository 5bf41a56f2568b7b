import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { startServer } from '../../server/start.ts';
import { createTestDatabase, ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, validChild } from '../helpers/test-server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(ENGINES)('shutting down while clients hang up (%s)', (engine) => {
  it('lets every started request finish its database work before closing the database', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const database = engine === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: path.join(dataDir, engine),
      LOG_LEVEL: 'info',
      DATABASE_URL: database?.url,
    });
    const running = await startServer(config, createLogger('info', sink), { client: 'none' });
    const parent = await signUpParent(running);
    const child = await api<{ id: number }>(running, 'POST', '/api/children', { token: parent.token, json: validChild });

    // Many requests whose clients give up a moment after sending them, then an immediate shutdown.
    // (On a PostgreSQL server this failed before shutdown waited for handlers; PGlite finishes queued
    // queries on close, so there it guards against regressions only.)
    const abandoned = Array.from({ length: 40 }, () => {
      const controller = new AbortController();
      const sent = fetch(`${running.url}/api/dashboard/stats?childId=${child.body.id}`, {
        headers: { authorization: `Bearer ${parent.token}` },
        signal: controller.signal,
      }).catch(() => undefined);
      setTimeout(() => controller.abort(), 5);
      return sent;
    });
    await new Promise((resolve) => setTimeout(resolve, 8));
    await running.close();
    await Promise.all(abandoned);

    const failures = lines.filter((line) => line.includes('"level":50'));
    expect(failures).toEqual([]);
    await database?.drop();
  }, 60_000);
});
