// `npm run bench:web`: the JavaScript the browser downloads for `/` and for the app's first screen,
// the guide chunk (what `/guide` adds to the dashboard's scripts), the shared snapshot page
// (`/snapshots/view#<token>`, issue 27, a link made through the REST API first), and Lighthouse
// (mobile) for `/`, `/features`, `/pricing`, the shared snapshot page and a smart form's fill screen
// (`/forms/<id>/fill#<token>`, issue 28, a form and its link made through the REST API first), against the
// production build. Issue 3, "Measured, not timed in tests". Goals: `/` under 100 KB of JS gzip,
// performance >= 95, accessibility 100; issue 27: the shared snapshot page's scripts no more than `/`'s;
// issue 28: the fill screen's scripts no more than `/`'s, and no request of the sign-in provider.
//
//   npm run bench:web                  builds, then measures (1 Lighthouse run per page)
//   npm run bench:web -- --no-build    measures the existing dist/
//   BENCH_RUNS=3 npm run bench:web     3 Lighthouse runs per page, the median run is reported
//
// Everything runs on loopback: the server (e2e/support/server.ts: built client, built-in accounts, a
// temporary DATA_DIR) listens on a free port and is stopped at the end, whatever happens. The whole
// run stops itself after BENCH_TIMEOUT_S (default 900 s). Writes bench/results/web-<time>.json.
// Exits 0 when it measured, whether or not the goals hold (the table says which); 1 when it could not.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chunkFiles } from '../scripts/prerender.ts';
import { formFillPath, measureJs, SCENARIOS, sharedSnapshotPath, type JsLoad, type ScriptFile } from './web-js.ts';
import { medianRun, runLighthouse, type LighthouseRun } from './web-lighthouse.ts';
import { startWebServer, type WebServer } from './web-server.ts';
import { wholeNumberFromEnv } from './lib/env.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT_DIST = path.join(ROOT, 'dist/client');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const LIGHTHOUSE_PAGES = ['/', '/features', '/pricing'] as const;
/** How the shared snapshot page is named in the report: its token is left out. */
const SHARED_SNAPSHOT_PAGE = '/snapshots/view#<token>';
/** The fill screen, named without its form id and token. */
const FORM_FILL_PAGE = '/forms/<id>/fill#<token>';

const KB = 1024;
const GOALS = { homeJsGzipBytes: 100 * KB, performance: 95, accessibility: 100 } as const;

const args = new Set(process.argv.slice(2));
if (args.has('--help') || args.has('-h')) {
  console.log('usage: npm run bench:web [-- --no-build]   env: BENCH_RUNS (1-9, default 1), BENCH_TIMEOUT_S (default 900)');
  process.exit(0);
}
for (const arg of args) if (arg !== '--no-build') throw new Error(`unknown argument ${arg} (try --help)`);
const BUILD = !args.has('--no-build');
const RUNS = wholeNumberFromEnv('BENCH_RUNS', 1, 1, 9);
const TIMEOUT_S = wholeNumberFromEnv('BENCH_TIMEOUT_S', 900, 60, 3600);

// ---------------------------------------------------------------------------------------------
// Always stop the server: on success, on failure, on Ctrl-C and when the watchdog fires.

let server: WebServer | undefined;
async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server`);
    void stopServer().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error(`bench:web did not finish within ${TIMEOUT_S} s; stopping`);
  void stopServer().finally(() => process.exit(1));
}, TIMEOUT_S * 1000);
watchdog.unref();

// ---------------------------------------------------------------------------------------------
// Helpers

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
const score = (value: number | null) => (value === null ? 'n/a' : String(value));
const mark = (ok: boolean) => (ok ? 'yes' : 'NO');

function git(...gitArgs: string[]): string | null {
  try {
    return execFileSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function chromiumVersion(): string | null {
  try {
    return execFileSync('/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
  } catch {
    return null;
  }
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** First-load JS as the Vite manifest says (the entry and a module's static imports), gzip -9 as scripts/prerender.ts prints it. */
async function manifestFirstLoad(): Promise<{ home: number; appRoot: number; sharedSnapshot: number; formFill: number } | null> {
  const manifestPath = path.join(CLIENT_DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? 'index.html';
  const closure = (...keys: string[]) => [...new Set(keys.flatMap((key) => chunkFiles(manifest, key)))];
  const gzip = async (files: readonly string[]) => {
    let total = 0;
    for (const file of files) total += gzipSync(await readFile(path.join(CLIENT_DIST, file)), { level: 9 }).length;
    return total;
  };
  return {
    home: await gzip(closure(entryKey, 'client/site/site-client.tsx', 'client/site/pages/home.tsx')),
    appRoot: await gzip(closure(entryKey, 'client/app/app-root.tsx')),
    sharedSnapshot: await gzip(closure(entryKey, 'client/link-pages/snapshot-view-page.tsx')),
    formFill: await gzip(closure(entryKey, 'client/link-pages/form-fill-page.tsx')),
  };
}

function jsTable(loads: readonly JsLoad[]): string {
  const lines = ['| screen | ended on (h1) | scripts | wire (as sent) | gzip | decoded |', '| --- | --- | ---: | ---: | ---: | ---: |'];
  for (const load of loads) {
    const encodings = [...new Set(load.files.map((file) => file.encoding))].join('/');
    const ended = `${load.finalPath} (${load.heading ?? 'no h1'})${load.settled ? '' : ' - NOT SETTLED'}`;
    lines.push(
      `| ${load.name} | ${ended} | ${load.totals.count} | ${kb(load.totals.transferBytes)} ${encodings} | ${kb(load.totals.gzipBytes)} | ${kb(load.totals.decodedBytes)} |`,
    );
  }
  return lines.join('\n');
}

function biggestChunks(load: JsLoad): string {
  const lines = [`Biggest scripts, ${load.name}:`, '', '| file | gzip | decoded |', '| --- | ---: | ---: |'];
  for (const file of load.files.slice(0, 5)) lines.push(`| ${file.path} | ${kb(file.gzipBytes)} | ${kb(file.decodedBytes)} |`);
  return lines.join('\n');
}

/**
 * The guide's scripts (decision 0064): its first load without the articles' text, the part of it the
 * dashboard (the baseline, this run) does not load, and the text chunk that follows once it shows.
 */
function guideScripts(guide: JsLoad, dashboard: JsLoad) {
  const isText = (file: ScriptFile) => file.path.includes('_virtual_guide-content');
  const onDashboard = new Set(dashboard.files.map((file) => file.path));
  const part = (files: ScriptFile[]) => ({ files, gzip: files.reduce((total, file) => total + file.gzipBytes, 0) });
  const firstLoad = guide.files.filter((file) => !isText(file));
  return {
    firstLoad: part(firstLoad),
    notOnDashboard: part(firstLoad.filter((file) => !onDashboard.has(file.path))),
    text: part(guide.files.filter(isText)),
  };
}

function guideTable(chunks: ReturnType<typeof guideScripts>, dashboard: JsLoad): string {
  const ratio = (bytes: number) => (dashboard.totals.gzipBytes > 0 ? `${(bytes / dashboard.totals.gzipBytes).toFixed(2)}x` : 'n/a');
  const row = (label: string, part: { files: ScriptFile[]; gzip: number }) =>
    `| ${label} | ${part.files.length} | ${kb(part.gzip)} | ${ratio(part.gzip)} |`;
  return [
    `The guide's scripts beside the dashboard's (the baseline, this run: ${kb(dashboard.totals.gzipBytes)} gzip):`,
    '',
    '| part | scripts | gzip | to the dashboard |',
    '| --- | ---: | ---: | ---: |',
    row("/guide first load (everything but the articles' text)", chunks.firstLoad),
    row('of which the dashboard does not load (the guide chunk)', chunks.notOnDashboard),
    row("the articles' text, loaded once the guide shows", chunks.text),
  ].join('\n');
}

function lighthouseTable(results: readonly { page: string; median: LighthouseRun; runs: LighthouseRun[] }[]): string {
  const lines = [
    '| page | performance | accessibility | best-practices | SEO | LCP | TBT | CLS | runs (performance) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const { page, median, runs } of results) {
    const s = median.scores;
    lines.push(
      `| ${page} | ${score(s.performance)} | ${score(s.accessibility)} | ${score(s['best-practices'])} | ${score(s.seo)} | ${ms(median.lcpMs)} | ${ms(median.tbtMs)} | ${median.cls === null ? 'n/a' : median.cls.toFixed(3)} | ${runs.map((run) => score(run.scores.performance)).join(', ')} |`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const startedAt = new Date();
  if (BUILD) {
    console.log('> npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', timeout: 600_000 });
    if (build.status !== 0) throw new Error(`npm run build failed (${build.status ?? build.signal ?? build.error?.message})`);
  } else if (!existsSync(path.join(CLIENT_DIST, 'site/index.html'))) {
    throw new Error('dist/client/site/index.html is missing: run without --no-build (or npm run build) first');
  }
  const manifest = await manifestFirstLoad();

  const loadBefore = os.loadavg()[0] ?? 0;
  if (loadBefore > os.cpus().length) {
    console.warn(
      `warning: load average ${loadBefore.toFixed(1)} on ${os.cpus().length} cores; Lighthouse's TBT and performance will read worse than on a quiet machine`,
    );
  }
  server = await startWebServer();
  console.log(`\nserver ${server.url} (pid ${server.pid}); measuring scripts in Chromium...`);
  const [home, dashboard, onboarding, guide, shared, fill] = await measureJs(server.url, [
    SCENARIOS.home,
    SCENARIOS.dashboard,
    SCENARIOS.onboarding,
    SCENARIOS.guide,
    SCENARIOS.sharedSnapshot,
    SCENARIOS.formFill,
  ]);
  if (!home || !dashboard || !onboarding || !guide || !shared || !fill) throw new Error('a JS measurement is missing');
  const guideChunks = guideScripts(guide, dashboard);

  const lighthouse: { page: string; median: LighthouseRun; runs: LighthouseRun[] }[] = [];
  const sharedPath = await sharedSnapshotPath(server.url);
  const fillPath = await formFillPath(server.url);
  const lighthousePages = [
    ...LIGHTHOUSE_PAGES.map((page) => ({ page, path: page })),
    { page: SHARED_SNAPSHOT_PAGE, path: sharedPath },
    { page: FORM_FILL_PAGE, path: fillPath },
  ];
  for (const { page, path: pagePath } of lighthousePages) {
    const runs: LighthouseRun[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`lighthouse ${page} (run ${run}/${RUNS})...`);
      const result = await runLighthouse(`${server.url}${pagePath}`);
      if (result.runtimeError) console.warn(`  Lighthouse reported ${result.runtimeError}`);
      runs.push(result);
    }
    lighthouse.push({ page, median: medianRun(runs), runs });
  }
  await stopServer();
  const loadAfter = os.loadavg()[0] ?? 0;

  // Goals ------------------------------------------------------------------------------------
  const homeJs = home.totals.gzipBytes;
  const sharedJs = shared.totals.gzipBytes;
  const fillJs = fill.totals.gzipBytes;
  const goals = {
    homeJsUnder100KbGzip: {
      goal: `< ${GOALS.homeJsGzipBytes} bytes gzip`,
      measured: homeJs,
      met: home.settled && homeJs < GOALS.homeJsGzipBytes,
    },
    sharedSnapshotJsNoMoreThanHome: {
      goal: `<= / (${homeJs} bytes gzip, this run)`,
      measured: sharedJs,
      met: shared.settled && home.settled && sharedJs <= homeJs,
    },
    formFillJsNoMoreThanHome: {
      goal: `<= / (${homeJs} bytes gzip, this run)`,
      measured: fillJs,
      met: fill.settled && home.settled && fillJs <= homeJs,
    },
    formFillNoSignInProvider: {
      goal: 'no request to /api/clerk-config, to Clerk or to another host',
      measured: fill.signInRequests,
      met: fill.settled && fill.signInRequests.length === 0,
    },
    performanceAtLeast95: {
      goal: `>= ${GOALS.performance}`,
      measured: Object.fromEntries(lighthouse.map(({ page, median }) => [page, median.scores.performance])),
      met: lighthouse.every(({ median }) => (median.scores.performance ?? 0) >= GOALS.performance),
    },
    accessibility100: {
      goal: `= ${GOALS.accessibility}`,
      measured: Object.fromEntries(lighthouse.map(({ page, median }) => [page, median.scores.accessibility])),
      met: lighthouse.every(({ median }) => median.scores.accessibility === GOALS.accessibility),
    },
  };
  const ratios = {
    homeJsToGoal: homeJs / GOALS.homeJsGzipBytes,
    homeJsToAppFirstScreen: dashboard.totals.gzipBytes > 0 ? homeJs / dashboard.totals.gzipBytes : null,
    sharedSnapshotJsToHome: homeJs > 0 ? sharedJs / homeJs : null,
    formFillJsToHome: homeJs > 0 ? fillJs / homeJs : null,
  };

  // Report -----------------------------------------------------------------------------------
  const lhVersion = lighthouse[0]?.median.lighthouseVersion ?? '?';
  const benchmarkIndex = lighthouse[0]?.median.benchmarkIndex;
  const report = [
    '',
    `## JS the browser downloads (fresh cache, ${chromiumVersion() ?? 'Chromium'}, 390x844)`,
    '',
    jsTable([home, dashboard, onboarding, guide, shared, fill]),
    '',
    'wire = body bytes as the server sent them to Chromium (its Accept-Encoding picks the encoding); gzip = the same',
    'URLs fetched again with Accept-Encoding: gzip only; KB = 1024 bytes.',
    manifest
      ? `Cross-check, Vite manifest static imports (gzip -9, as scripts/prerender.ts prints): / ${kb(manifest.home)}, entry + app-root ${kb(manifest.appRoot)}, entry + shared snapshot page ${kb(manifest.sharedSnapshot)}, entry + form fill page ${kb(manifest.formFill)}.`
      : 'No Vite manifest: no cross-check.',
    ...[home, dashboard, onboarding, guide, shared, fill].filter((load) => load.note).map((load) => `Note, ${load.name}: ${load.note}`),
    '',
    guideTable(guideChunks, dashboard),
    '',
    biggestChunks(home),
    '',
    biggestChunks(dashboard),
    '',
    biggestChunks(shared),
    '',
    biggestChunks(fill),
    '',
    `## Lighthouse ${lhVersion} (${lighthouse[0]?.median.formFactor ?? 'mobile'}, default throttling, ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`}; benchmarkIndex ${benchmarkIndex ?? 'n/a'})`,
    '',
    lighthouseTable(lighthouse),
    '',
    `1-minute load average: ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${os.cpus().length} cores${Math.max(loadBefore, loadAfter) > os.cpus().length ? ' (a busy machine: TBT and performance read worse than on a quiet one)' : ''}.`,
    '',
    '## Goals',
    '',
    `- \`/\` JS under 100 KB gzip: ${kb(homeJs)} (${homeJs} bytes, ${(ratios.homeJsToGoal * 100).toFixed(0)}% of the goal) -> ${mark(goals.homeJsUnder100KbGzip.met)}`,
    `- shared snapshot page JS no more than \`/\`'s: ${kb(sharedJs)} beside ${kb(homeJs)} (${ratios.sharedSnapshotJsToHome === null ? 'n/a' : `${(ratios.sharedSnapshotJsToHome * 100).toFixed(0)}%`}) -> ${mark(goals.sharedSnapshotJsNoMoreThanHome.met)}`,
    `- form fill screen JS no more than \`/\`'s: ${kb(fillJs)} beside ${kb(homeJs)} (${ratios.formFillJsToHome === null ? 'n/a' : `${(ratios.formFillJsToHome * 100).toFixed(0)}%`}) -> ${mark(goals.formFillJsNoMoreThanHome.met)}`,
    `- form fill screen asks nothing of the sign-in provider: ${fill.signInRequests.length === 0 ? 'no such request' : fill.signInRequests.join(', ')} -> ${mark(goals.formFillNoSignInProvider.met)}`,
    `- performance >= ${GOALS.performance}: ${lighthouse.map(({ page, median }) => `${page} ${score(median.scores.performance)}`).join(', ')} -> ${mark(goals.performanceAtLeast95.met)}`,
    `- accessibility ${GOALS.accessibility}: ${lighthouse.map(({ page, median }) => `${page} ${score(median.scores.accessibility)}`).join(', ')} -> ${mark(goals.accessibility100.met)}`,
    `- \`/\` downloads ${ratios.homeJsToAppFirstScreen === null ? 'n/a' : `${(ratios.homeJsToAppFirstScreen * 100).toFixed(0)}%`} of the JS of the app's first screen (dashboard).`,
  ];
  const misses = lighthouse.flatMap(({ page, median }) =>
    median.failing
      .filter((audit) => audit.category === 'accessibility' || (median.scores.performance ?? 0) < GOALS.performance)
      .map((audit) => `  - ${page} ${audit.category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
  );
  if (misses.length > 0) report.push('', 'Audits behind a missed goal:', ...misses);
  console.log(report.join('\n'));

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `web-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const dirty = git('status', '--porcelain');
  const output = {
    kind: 'bench:web',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      chromium: chromiumVersion(),
      lighthouse: lhVersion,
      commit: git('rev-parse', 'HEAD'),
      uncommittedChanges: dirty === null ? null : dirty.split('\n').filter(Boolean).length,
      loadAverage1m: { before: loadBefore, after: loadAfter },
      built: BUILD,
      lighthouseRuns: RUNS,
    },
    goals,
    ratios,
    js: {
      home,
      appDashboard: dashboard,
      appOnboarding: onboarding,
      guide,
      guideChunks,
      sharedSnapshot: shared,
      formFill: fill,
      manifestCrossCheckGzip9: manifest,
    },
    lighthouse,
  };
  await writeFile(file, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await stopServer();
  clearTimeout(watchdog);
}
