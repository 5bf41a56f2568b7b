// `npm run bench:api`: Trelli's API under load beside a bare node:http + pg handler doing the same work.
// Issue 2, "Measured, not timed in tests". Env: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, 2),
// BENCH_CONNECTIONS (50), BENCH_ROUNDS (1; >1 interleaves the scenarios and reports each one's median run),
// BENCH_ONLY (comma-separated parts of scenario names), LOG_LEVEL (warn),
// BENCH_ADMIN_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_TARGET_NODE_OPTIONS (servers only).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalTokens } from '../server/auth/local.ts';
import { createLogger } from '../server/lib/logger.ts';
import { createVaultSetup } from '../server/features/documents/vault-setup.ts';
import { startCpuMeter, type CpuShare } from './lib/cpu.ts';
import { createBenchDatabase, serverVersion, type BenchDatabase } from './lib/database.ts';
import { runLoad, type LoadSummary } from './lib/load.ts';
import { killAllTargets, startTarget } from './lib/process.ts';
import { createSeedContext } from './lib/seed.ts';
import { BASE_CHILDREN, scenarios as allScenarios, type Scenario, type Seeded } from './scenarios.ts';
import { loadConfig } from '../server/config.ts';

function numberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

// Tokens live 10 minutes (server/auth/local.ts); one is issued per scenario, so a run stays well inside that.
const DURATION = numberFromEnv('BENCH_DURATION', 10, 1, 300);
const WARMUP = numberFromEnv('BENCH_WARMUP', 2, 0, 60);
const CONNECTIONS = numberFromEnv('BENCH_CONNECTIONS', 50, 1, 1000);
const ROUNDS = numberFromEnv('BENCH_ROUNDS', 1, 1, 10);
/** More than this many cores busy elsewhere during a run means someone else's work skewed it. */
const CONTENDED_CORES = 0.3;
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);

interface Outcome {
  scenario: string;
  round: number;
  server: Scenario['server'];
  path: string;
  headers: Record<string, string>;
  responseBytes: number | null;
  summary: LoadSummary | null;
  /** Where the cores went during the measured run (Linux /proc; 1.0 = one core). */
  cpu: CpuShare | null;
  baseline: string | null;
  ratio: number | null;
  /** The baseline's server CPU per request over this one's: the throughput ratio when the server is CPU-bound. */
  cpuRatio: number | null;
  goal: Scenario['goal'] | null;
  goalMet: boolean | null;
  problems: string[];
}

const selected = allScenarios.filter((scenario) =>
  ONLY.length === 0 ? !scenario.optional : ONLY.some((part) => scenario.name.toLowerCase().includes(part)),
);
// A scenario's baseline runs too, even when BENCH_ONLY left it out.
for (const scenario of selected.slice()) {
  const baseline = allScenarios.find((candidate) => candidate.name === scenario.baseline);
  if (scenario.baseline && !baseline) throw new Error(`Scenario "${scenario.name}" names an unknown baseline "${scenario.baseline}"`);
  if (baseline && !selected.includes(baseline)) selected.unshift(baseline);
}
if (selected.length === 0) throw new Error(`BENCH_ONLY="${process.env.BENCH_ONLY}" matches no scenario`);

const format = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function measure(
  scenario: Scenario,
  round: number,
  seeded: Seeded,
  database: BenchDatabase,
  secret: string,
  tokens: LocalTokens,
): Promise<Outcome> {
  const path = typeof scenario.path === 'function' ? scenario.path(seeded) : scenario.path;
  const outcome: Outcome = {
    scenario: scenario.name,
    round,
    server: scenario.server,
    path,
    headers: { ...scenario.headers },
    responseBytes: null,
    summary: null,
    cpu: null,
    baseline: scenario.baseline ?? null,
    ratio: null,
    cpuRatio: null,
    goal: scenario.goal ?? null,
    goalMet: null,
    problems: [],
  };
  const target = await startTarget(scenario.server, { BENCH_DATABASE_URL: database.url, BENCH_AUTH_SECRET: secret, LOG_LEVEL });
  try {
    const url = `${target.url}${path}`;
    const headers = { ...scenario.headers, authorization: `Bearer ${await tokens.issue(seeded.userId)}` };

    // One checked request first: the right status and body, which every loaded response must then equal.
    const response = await fetch(url, { headers });
    const text = await response.text();
    outcome.responseBytes = Buffer.byteLength(text);
    if (response.status !== 200) {
      outcome.problems.push(`check request answered ${response.status}: ${text.slice(0, 200)}`);
      return outcome;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      outcome.problems.push(`check request: the body is not JSON: ${text.slice(0, 200)}`);
      return outcome;
    }
    const problem = scenario.check?.(body) ?? scenario.checkSeeded?.(seeded)(body) ?? null;
    if (problem) {
      outcome.problems.push(`check request: ${problem}`);
      return outcome;
    }
    const compressed = Object.keys(headers).some((name) => name.toLowerCase() === 'accept-encoding');
    const expectBody = compressed ? undefined : text;

    if (WARMUP > 0) {
      const warmup = await runLoad({ url, headers, connections: CONNECTIONS, durationSeconds: WARMUP, expectBody });
      if (warmup.problems.length > 0) {
        outcome.problems.push(...warmup.problems.map((issue) => `warm-up: ${issue}`));
        return outcome;
      }
    }

    const stopMeter = startCpuMeter(target.pid);
    outcome.summary = await runLoad({ url, headers, connections: CONNECTIONS, durationSeconds: DURATION, expectBody });
    outcome.cpu = stopMeter(outcome.summary.totalRequests);
    outcome.problems.push(...outcome.summary.problems);
    return outcome;
  } finally {
    await target.stop();
  }
}

function judge(outcomes: Outcome[]): void {
  for (const outcome of outcomes) {
    const baseline = outcomes.find((candidate) => candidate.scenario === outcome.baseline);
    if (outcome.summary && baseline?.summary && baseline.problems.length === 0) {
      outcome.ratio = outcome.summary.requestsPerSecond / baseline.summary.requestsPerSecond;
      const own = outcome.cpu?.serverMsPerRequest;
      const theirs = baseline.cpu?.serverMsPerRequest;
      if (own && theirs) outcome.cpuRatio = theirs / own;
    }
    if (outcome.goal) {
      const { minRatio, maxP99Ms } = outcome.goal;
      const ratioMet = minRatio === undefined || (outcome.ratio !== null && outcome.ratio >= minRatio);
      outcome.goalMet = outcome.problems.length === 0 && outcome.summary !== null && ratioMet && outcome.summary.p99Ms < maxP99Ms;
    }
  }
}

function goalCell(outcome: Outcome): string {
  if (outcome.problems.length > 0) return `INVALID: ${outcome.problems.join('; ')}`;
  if (!outcome.goal) return outcome.baseline ? '-' : 'baseline';
  if (outcome.goalMet) return 'yes';
  const misses: string[] = [];
  const { minRatio } = outcome.goal;
  if (minRatio !== undefined && (outcome.ratio === null || outcome.ratio < minRatio)) misses.push(`ratio < ${minRatio}`);
  if (outcome.summary && outcome.summary.p99Ms >= outcome.goal.maxP99Ms) misses.push(`p99 >= ${outcome.goal.maxP99Ms} ms`);
  return `no (${misses.join(', ')})`;
}

/** A goal's thresholds, for the table: `>= 0.6x, p99 < 25 ms`. */
const goalText = (goal: NonNullable<Scenario['goal']>) =>
  [goal.minRatio === undefined ? null : `>= ${goal.minRatio}x`, `p99 < ${goal.maxP99Ms} ms`].filter(Boolean).join(', ');

const coreValue = (value: number | null) => (value === null ? '?' : format(value, 2));
const coresText = (cpu: CpuShare) =>
  `server ${coreValue(cpu.server)}, postgres ${coreValue(cpu.postgres)}, autocannon ${coreValue(cpu.loadGenerator)}, other ${coreValue(cpu.other)}`;

/** Where the machine's cores went in each measured run. */
function cpuTable(outcomes: Outcome[]): string {
  const rows = ['| target | server | postgres | autocannon | other processes |', '| --- | ---: | ---: | ---: | ---: |'];
  for (const { scenario, cpu } of outcomes) {
    if (cpu)
      rows.push(
        `| ${scenario} | ${coreValue(cpu.server)} | ${coreValue(cpu.postgres)} | ${coreValue(cpu.loadGenerator)} | ${coreValue(cpu.other)} |`,
      );
  }
  return rows.join('\n');
}

function table(outcomes: Outcome[]): string {
  const rows = [
    '| target | req/s (avg) | p50 ms | p99 ms | x bare (req/s) | server CPU ms/req | x bare (CPU/req) | body KB | goal | met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const outcome of outcomes) {
    const summary = outcome.summary;
    rows.push(
      `| ${outcome.scenario} | ${summary ? format(summary.requestsPerSecond) : '-'} | ${summary ? format(summary.p50Ms) : '-'} | ${
        summary ? format(summary.p99Ms) : '-'
      } | ${outcome.ratio === null ? (outcome.baseline ? '-' : '1.00') : format(outcome.ratio, 2)} | ${
        outcome.cpu?.serverMsPerRequest == null ? '-' : format(outcome.cpu.serverMsPerRequest, 2)
      } | ${outcome.cpuRatio === null ? (outcome.baseline ? '-' : '1.00') : format(outcome.cpuRatio, 2)} | ${outcome.responseBytes === null ? '-' : format(outcome.responseBytes / 1024, 1)} | ${
        outcome.goal ? goalText(outcome.goal) : '-'
      } | ${goalCell(outcome)} |`,
    );
  }
  return rows.join('\n');
}

/** The run with the median req/s; a problem in any round makes the scenario invalid. */
function medianRun(runs: Outcome[]): Outcome {
  const sorted = [...runs].sort((a, b) => (a.summary?.requestsPerSecond ?? -1) - (b.summary?.requestsPerSecond ?? -1));
  const median = { ...sorted[Math.floor((sorted.length - 1) / 2)]! };
  median.problems = runs.flatMap((run) => run.problems.map((problem) => (runs.length > 1 ? `round ${run.round}: ${problem}` : problem)));
  return median;
}

/** What bounds the numbers, from this run's own measurements. */
function limits(outcomes: Outcome[], cores: number): string[] {
  const lines = [
    `Limits: the server under test, PostgreSQL and autocannon share the same ${cores} cores over loopback, so absolute req/s are ` +
      'lower than on a dedicated box and move from run to run; the ratios, and above all the CPU ms per request, are steadier.',
  ];
  const busiest = outcomes.filter((outcome) => (outcome.cpu?.server ?? 0) >= 0.75).map((outcome) => outcome.scenario);
  if (busiest.length > 0) {
    lines.push(
      `Each server is one Node process (one JS thread): at saturation it keeps about one core busy (${busiest.join(', ')}), ` +
        'so its throughput is about 1000 / (CPU ms per request).',
    );
  }
  const bares = outcomes.filter((outcome) => !outcome.baseline && outcome.summary);
  if (bares.length > 0) {
    const targets = [...new Set(outcomes.flatMap((outcome) => (outcome.goal ? [outcome.goal.maxP99Ms] : [])))].sort((a, b) => a - b);
    lines.push(
      `Latency under a closed loop of ${CONNECTIONS} connections is mostly queueing: mean latency ~ ${CONNECTIONS} / req/s (Little's law), ` +
        `so ${targets.map((ms) => `p99 < ${ms} ms needs well over ${format((CONNECTIONS * 1000) / ms)} req/s`).join(', ') || 'a low p99 needs a high req/s'}; ` +
        bares
          .map(
            (bare) =>
              `"${bare.scenario}" itself reached ${format(bare.summary!.requestsPerSecond)} req/s with p99 ${format(bare.summary!.p99Ms)} ms`,
          )
          .join(', ') +
        '.',
    );
  }
  return lines;
}

async function main(): Promise<number> {
  const cores = os.availableParallelism();
  const postgres = await serverVersion();
  const startedAt = new Date();
  console.log(`# Trelli API benchmark (${startedAt.toISOString()})`);
  console.log('');
  console.log(
    `Node ${process.version} · ${cores} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}) · PostgreSQL ${postgres} on 127.0.0.1 · ` +
      `autocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target${ROUNDS > 1 ? `, ${ROUNDS} rounds (median run shown)` : ''}, loopback · ` +
      `LOG_LEVEL=${LOG_LEVEL} · one parent with ${BASE_CHILDREN} children` +
      (selected.some((scenario) => scenario.seed) ? ' (scenarios with their own seed use their own parent)' : ''),
  );
  const loadBefore = os.loadavg();
  const [load1] = loadBefore;
  if ((load1 ?? 0) > 0.5) {
    console.log(
      `Note: the machine was already busy before the run (1-min load average ${format(load1 ?? 0, 2)}); other work skews the numbers.`,
    );
  }
  console.log('');

  let database: BenchDatabase | undefined;
  let seedDataDir: string | undefined;
  const cleanup = async () => {
    killAllTargets();
    await database?.drop();
    if (seedDataDir) await rm(seedDataDir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping servers and dropping the bench database`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    database = await createBenchDatabase();
    const secret = randomBytes(32).toString('base64url');
    const tokens = new LocalTokens(secret);
    seedDataDir = await mkdtemp(join(tmpdir(), 'trelli-bench-seed-'));
    const vault = await createVaultSetup({
      db: database.db,
      dataDir: seedDataDir,
      log: createLogger('silent'),
      // The default limits, and a keyring of its own in the temporary folder.
      vault: loadConfig({}).vault,
    });
    const seedContext = createSeedContext(database.db, tokens, vault);

    const parent = await seedContext.createParent('bench-parent');
    await seedContext.createChildren(parent.userId, BASE_CHILDREN);
    const base: Seeded = { userId: parent.userId };
    const seeded = new Map<Scenario, Seeded>();
    for (const scenario of selected) seeded.set(scenario, scenario.seed ? await scenario.seed(seedContext, base) : base);
    await database.db.destroy(); // the servers open their own pools

    const runs: Outcome[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const scenario of selected) {
        console.error(`… ${scenario.name}${ROUNDS > 1 ? ` (round ${round}/${ROUNDS})` : ''}`);
        const outcome = await measure(scenario, round, seeded.get(scenario) ?? base, database, secret, tokens).catch((error: unknown) => {
          throw new Error(`Scenario "${scenario.name}" failed`, { cause: error });
        });
        runs.push(outcome);
        const summary = outcome.summary;
        console.error(
          summary
            ? `  ${format(summary.requestsPerSecond)} req/s, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms, ${outcome.responseBytes} B/response` +
                (outcome.cpu ? `, cores: ${coresText(outcome.cpu)}` : '')
            : `  not measured: ${outcome.problems.join('; ')}`,
        );
      }
    }
    const outcomes = selected.map((scenario) => medianRun(runs.filter((run) => run.scenario === scenario.name)));
    judge(outcomes);

    console.log(table(outcomes));
    console.log('');
    for (const label of new Set(outcomes.flatMap((outcome) => (outcome.goal ? [outcome.goal.label] : [])))) {
      const met = outcomes.filter((outcome) => outcome.goal?.label === label).every((outcome) => outcome.goalMet);
      console.log(`Goal (${label}): ${met ? 'MET' : 'NOT MET'}`);
    }
    console.log(`Cores busy during each measured run (of ${cores}):`);
    console.log('');
    console.log(cpuTable(outcomes));
    console.log('');
    const contended = outcomes.filter((outcome) => (outcome.cpu?.other ?? 0) > CONTENDED_CORES);
    if (contended.length > 0) {
      console.log(
        `Warning: other processes kept > ${CONTENDED_CORES} cores busy during ${contended.map((outcome) => `"${outcome.scenario}"`).join(', ')}; ` +
          `req/s ratios from this run are skewed (the CPU/req ratio much less so). Rerun on a quiet machine${ROUNDS === 1 ? ', or with BENCH_ROUNDS=3' : ''}.`,
      );
    }
    for (const line of limits(outcomes, cores)) console.log(line);

    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(resultsDir, { recursive: true });
    const file = `${resultsDir}api-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
    const report = {
      startedAt: startedAt.toISOString(),
      node: process.version,
      cores,
      loadAverageBefore: loadBefore,
      cpu: os.cpus()[0]?.model ?? null,
      postgres,
      settings: {
        connections: CONNECTIONS,
        rounds: ROUNDS,
        durationSeconds: DURATION,
        warmupSeconds: WARMUP,
        logLevel: LOG_LEVEL,
        children: BASE_CHILDREN,
      },
      outcomes,
      runs,
    };
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Results: ${file}`);
    return runs.some((outcome) => outcome.problems.length > 0) ? 1 : 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
