import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export type ServerKind = 'trelli' | 'bare' | 'bare-files';

/** Entry scripts, one per server kind; each runs in its own process and prints the URL it listens on. */
const ENTRY: Record<ServerKind, string> = {
  trelli: fileURLToPath(new URL('../targets/trelli.ts', import.meta.url)),
  bare: fileURLToPath(new URL('../targets/bare.ts', import.meta.url)),
  'bare-files': fileURLToPath(new URL('../targets/bare-files.ts', import.meta.url)),
};

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

export interface TargetProcess {
  kind: ServerKind;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();

/** Kills whatever target is still running (used on failure and on Ctrl-C). */
export function killAllTargets(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

/** Starts a target with the same Node binary (so Node 24 under `npm run`) and waits for its URL. */
export async function startTarget(kind: ServerKind, env: Record<string, string>): Promise<TargetProcess> {
  const child = spawn(process.execPath, [ENTRY[kind]], {
    // BENCH_TARGET_NODE_OPTIONS reaches the servers only, e.g. '--cpu-prof --cpu-prof-dir=bench/results/profiles'.
    env: { ...process.env, NODE_OPTIONS: process.env.BENCH_TARGET_NODE_OPTIONS ?? '', ...env },
    // Logs (stderr) go straight to ours: forwarding them through this process would load the load generator.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  live.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(
    () => live.delete(child),
    () => {},
  );

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { listening?: unknown };
        if (typeof parsed.listening === 'string') {
          clearTimeout(timer);
          resolve(parsed.listening);
          return;
        }
      } catch {
        // not our line
      }
      process.stderr.write(`[${kind}] ${line}\n`);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited with code ${code} before listening`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });

  return {
    kind,
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
