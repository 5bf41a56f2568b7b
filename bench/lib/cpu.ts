import { readdirSync, readFileSync } from 'node:fs';

// Linux /proc accounting, to show where the cores went during a run. Elsewhere every reading is null.
const CLOCK_TICKS = 100; // USER_HZ

/** utime + stime of one process in ms. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Summed CPU ms of every process whose command is `name` (e.g. all PostgreSQL backends). */
function commandCpuMs(name: string): Map<number, number> {
  const usage = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return usage;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== name) continue;
    } catch {
      continue;
    }
    const ms = processCpuMs(Number(entry));
    if (ms !== null) usage.set(Number(entry), ms);
  }
  return usage;
}

/** Busy CPU ms of the whole machine, all cores. */
function machineBusyMs(): number | null {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
    const ticks = (cpu ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal ...
    const busy = (ticks[0] ?? 0) + (ticks[1] ?? 0) + (ticks[2] ?? 0) + (ticks[5] ?? 0) + (ticks[6] ?? 0) + (ticks[7] ?? 0);
    return (busy * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

export interface CpuShare {
  /** Cores (1.0 = one core busy for the whole run). */
  server: number | null;
  postgres: number | null;
  loadGenerator: number;
  /** Everything else on the machine: other people's work skews a run when this is high. */
  other: number | null;
  /** Server CPU ms per completed request. */
  serverMsPerRequest: number | null;
}

/** Starts a measurement; call the returned function when the run ends. */
export function startCpuMeter(serverPid: number): (requests: number) => CpuShare {
  const started = performance.now();
  const server = processCpuMs(serverPid);
  const postgres = commandCpuMs('postgres');
  const self = process.cpuUsage();
  const machine = machineBusyMs();
  return (requests) => {
    const elapsed = performance.now() - started;
    const serverAfter = processCpuMs(serverPid);
    let postgresMs: number | null = postgres.size > 0 ? 0 : null;
    for (const [pid, after] of commandCpuMs('postgres')) {
      // A backend born during the run counts from zero.
      if (postgresMs !== null) postgresMs += after - (postgres.get(pid) ?? 0);
    }
    const selfUsage = process.cpuUsage(self);
    const selfMs = (selfUsage.user + selfUsage.system) / 1000;
    const machineAfter = machineBusyMs();
    const serverMs = server !== null && serverAfter !== null ? serverAfter - server : null;
    const otherMs =
      machine !== null && machineAfter !== null && serverMs !== null && postgresMs !== null
        ? machineAfter - machine - serverMs - postgresMs - selfMs
        : null;
    return {
      server: serverMs === null ? null : serverMs / elapsed,
      postgres: postgresMs === null ? null : postgresMs / elapsed,
      loadGenerator: selfMs / elapsed,
      other: otherMs === null ? null : Math.max(0, otherMs) / elapsed,
      serverMsPerRequest: serverMs === null || requests === 0 ? null : serverMs / requests,
    };
  };
}
