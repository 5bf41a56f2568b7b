import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';

const entry = path.resolve('server/index.ts');
const dataDirs: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, deadline = Date.now() + 60_000): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url}`);
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to start on a bad setting and names it', async () => {
    const started = startProcess({ PORT: 'eighty' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('PORT');
  });

  it('names DATABASE_URL when its server cannot be reached, without a stack trace or the password', async () => {
    const port = await freePort();
    const started = startProcess({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://trelli:hunter2-secret@127.0.0.1:${port}/trelli`,
    });
    expect(await started.exited).toBe(1);
    const output = started.output();
    expect(output).toContain(`DATABASE_URL (127.0.0.1:${port}/trelli): the database server cannot be reached (ECONNREFUSED)`);
    expect(output).not.toMatch(/Migration|\n\s+at /);
    expect(output).not.toContain('hunter2-secret');
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'names DATABASE_URL when its database does not exist on the server',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = '/trelli_no_such_database';
      const started = startProcess({ PORT: String(await freePort()), DATABASE_URL: url.toString() });
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain('/trelli_no_such_database): that database does not exist on the server');
      expect(started.output()).not.toMatch(/Migration|\n\s+at /);
    },
    60_000,
  );

  it('starts with a missing bucket and an SMTP server that does not answer, naming S3_BUCKET and SMTP_URL in the log and /readyz', async () => {
    const s3Dir = mkdtempSync(path.join(tmpdir(), 'trelli-lifecycle-s3-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-lifecycle-'));
    dataDirs.push(s3Dir, dataDir);
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'trelli', configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    try {
      const port = await freePort();
      const started = startProcess({
        PORT: String(port),
        DATA_DIR: dataDir,
        S3_BUCKET: 'trelli-typo',
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        MAIL_FROM: 'Trelli <trelli@example.test>',
      });
      await waitForHealth(`http://127.0.0.1:${port}/readyz`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await ready.json()).toEqual({
        status: 'degraded',
        dependencies: {
          database: { status: 'ok' },
          fileStore: { status: 'unavailable', reason: 'the bucket does not exist', setting: 'S3_BUCKET' },
          mail: { status: 'unavailable', reason: 'nothing answers at the SMTP address', setting: 'SMTP_URL' },
        },
      });
      const deadline = Date.now() + 10_000;
      while (!/check SMTP_URL/.test(started.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(started.output()).toContain('file store cannot be used: the bucket does not exist; check S3_BUCKET');
      expect(started.output()).toContain('mail cannot be used: nothing answers at the SMTP address; check SMTP_URL');
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    } finally {
      await s3.close();
    }
  }, 150_000);

  it('serves, then on SIGTERM stops accepting, closes the database and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-lifecycle-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const started = startProcess({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(`http://127.0.0.1:${port}/readyz`);

    // A request the server has started reading when SIGTERM arrives: its body is still on the way.
    const message = JSON.stringify({ name: 'Sam', email: 'sam@example.com', topic: 'question', message: 'Sent across a shutdown.' });
    const inFlight = new Promise<number>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/contact',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(message) },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on('error', reject);
      outgoing.write(message.slice(0, 10));
      outgoing.once('socket', (socket) =>
        socket.once('connect', () =>
          setTimeout(() => {
            started.child.kill('SIGTERM');
            setTimeout(() => outgoing.end(message.slice(10)), 300);
          }, 300),
        ),
      );
    });
    expect(await inFlight).toBe(201);
    expect(await started.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow(/fetch failed/);

    // The embedded database was closed cleanly: a new process opens the same DATA_DIR and answers.
    const again = startProcess({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(`http://127.0.0.1:${port}/readyz`);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 150_000);
});
