// The production server for `npm run bench:web`: e2e/support/server.ts (built client, built-in
// accounts, a throwaway DATA_DIR it removes on SIGTERM) in a child process on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../e2e/support/server.ts', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface WebServer {
  url: string;
  pid: number;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. Safe to call twice. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server (pid ${child.pid}) exited before it was ready`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s`);
}

/** Starts the server with the same Node binary (Node 24 under `npm run`) and waits for /healthz. */
export async function startWebServer(): Promise<WebServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, E2E_PORT: String(port), NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk.toString('utf8')}`));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  try {
    await waitForHealth(url, child, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? -1, stop };
}
