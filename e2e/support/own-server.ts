/** A second e2e server a spec starts for itself (Clerk mode, or one it stops and starts again). */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface OwnServer {
  baseURL: string;
  port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts e2e/support/server.ts (the production build) with more environment (E2E_CLERK_*, E2E_DATA_DIR)
 * on `port` (a free one by default) and waits until /healthz answers.
 */
export async function startOwnServer(env: Record<string, string>, port?: number): Promise<OwnServer> {
  const listenOn = port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${listenOn}`;
  const server = spawn(process.execPath, ['e2e/support/server.ts'], {
    env: { ...process.env, ...env, E2E_PORT: String(listenOn) },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  };
  for (let tries = 0; tries < 400; tries += 1) {
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return { baseURL, port: listenOn, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the e2e server on port ${listenOn} did not start`);
}
