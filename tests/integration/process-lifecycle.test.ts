import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

async function waitForHealth(url: string, deadline = Date.now() + 30_000): Promise<void> {
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
  }, 90_000);
});
