import { readFile } from 'node:fs/promises';

/** A process's resident set size in MiB (Linux /proc), or null when it cannot be read. */
export async function rssMiB(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; each sample is [ms since start, MiB]. */
export function startRssSampler(pid: number, everyMs: number) {
  const samples: Array<[number, number]> = [];
  const started = performance.now();
  const state = { running: true };
  const done = (async () => {
    while (state.running) {
      const rss = await rssMiB(pid);
      if (rss !== null) samples.push([performance.now() - started, rss]);
      await new Promise<void>((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    samples,
    now: () => performance.now() - started,
    async stop() {
      state.running = false;
      await done;
      return samples;
    },
  };
}
