import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ENTRY = path.resolve('server/index.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** The exit code once the process has ended; null (signal) or a number. */
  exited: Promise<number | null>;
  /** True while the process runs: a crash (an uncaught error) ends it. */
  running(): boolean;
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  /** Its JSON log lines whose `msg` is `message`. */
  logged(message: string): Record<string, unknown>[];
  /** Resolves when a line with `msg` `message` (and `fields`, when given) is logged; rejects if the process ends first. */
  waitForLog(message: string, fields?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** SIGTERM (or `signal`: SIGKILL is a crash), then removes its DATA_DIR unless `keepDataDir`. */
  stop(options?: { keepDataDir?: boolean; signal?: NodeJS.Signals }): Promise<void>;
}

/**
 * The real server (server/index.ts) in a process of its own, on PGlite in a fresh DATA_DIR (or the
 * one given): what a self-hoster runs. A crash shows as the process ending, which no in-process test
 * can see.
 */
export async function startServerProcess(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'trelli-process-')));
  const port = await freePort();
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: String(port), DATA_DIR: dataDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  const onOutput = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const watcher of watchers) watcher();
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      ended = true;
      for (const watcher of watchers) watcher();
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const logged = (message: string) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === message);

  for (let ready = false; !ready;) {
    if (ended) throw new Error(`the server process ended before it answered:\n${output}`);
    ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    dataDir,
    exited,
    running: () => !ended,
    output: () => output,
    logged,
    waitForLog(message, fields = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = logged(message).find((candidate) => Object.entries(fields).every(([key, value]) => candidate[key] === value));
          if (line) {
            watchers.delete(check);
            resolve(line);
          } else if (ended) {
            watchers.delete(check);
            reject(new Error(`the server process ended before logging "${message}":\n${output.slice(-4000)}`));
          }
        };
        watchers.add(check);
        check();
      });
    },
    async stop(stopOptions = {}) {
      if (!ended) {
        child.kill(stopOptions.signal ?? 'SIGTERM');
        await exited;
      }
      if (!stopOptions.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` (relative paths), temporary ones included; none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
