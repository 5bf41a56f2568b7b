import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
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

/** One request through `agent`, its body sent in two parts: `beforeRest` runs between them. */
function send(agent: Agent, url: string, method: string, route: string, body = '', beforeRest = async () => {}) {
  return new Promise<{ response: IncomingMessage; socket: Socket; text: string }>((resolve, reject) => {
    const outgoing = request(
      `${url}${route}`,
      { agent, method, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} },
      (response) => {
        const { socket } = response;
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ response, socket, text }));
      },
    );
    outgoing.on('error', reject);
    if (!body) return outgoing.end();
    outgoing.write(body.slice(0, 10));
    beforeRest().then(() => outgoing.end(body.slice(10)), reject);
  });
}

describe('shutting down with busy keep-alive connections', () => {
  it('answers the requests in flight with Connection: close, then serves nothing more on that connection', async () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATA_DIR: path.join(dataDir, 'keep-alive'), LOG_LEVEL: 'silent' });
    const running = await startServer(config, createLogger('silent'), { client: 'none' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await send(agent, running.url, 'GET', '/healthz');
      expect(before.response.headers.connection).toBe('keep-alive');

      // A request the server is reading when shutdown begins, on the same kept-alive connection.
      let closing: Promise<void> | undefined;
      const message = JSON.stringify({ name: 'Sam', email: 'sam@example.com', topic: 'question', message: 'Sent across a shutdown.' });
      const during = await send(agent, running.url, 'POST', '/api/contact', message, async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        closing = running.close();
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      expect(during.socket).toBe(before.socket);
      expect([during.response.statusCode, during.response.headers.connection]).toEqual([201, 'close']);

      // The client does not send another request on that connection, and the server takes no new one.
      const after = await send(agent, running.url, 'GET', '/healthz').then(
        ({ response }) => `served: ${response.statusCode}`,
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(after).toBe('ECONNREFUSED');
      await closing;
    } finally {
      agent.destroy();
      await running.close();
    }
  }, 120_000);
});
