// `npm run bench:export`: "Download my data" on a large account (issue 10, "Measured"): 2 children, 5,000 observations
// and 200 MiB of documents (20 files of 10 MiB), through the real API of a fresh server in its own process (PGlite in a
// temp DATA_DIR; BENCH_DATABASE=postgres for a fresh database on the machine's PostgreSQL server). Reports the time from
// the request to a ready ZIP beside a bare yazl ZIP of the same bytes from plain files in the same run (the ratio), the
// ZIP's size and download time, and the server's RSS (sampled every ~25 ms) before and during the export. Goal: RSS grows by less than 100 MiB: the ZIP is streamed, so memory does not follow the documents.
// Env: BENCH_OBSERVATIONS (5000), BENCH_DOCUMENT_MIB (200), BENCH_FILE_MIB (10), BENCH_DATABASE (pglite | postgres),
// LOG_LEVEL (warn). Writes bench/results/export-<time>.json. Exits 0 when it measured, 1 when it could not.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, type BenchDatabase } from './lib/database.ts';
import { wholeNumberFromEnv } from './lib/env.ts';
import { killAllTargets, startTarget, type TargetProcess } from './lib/process.ts';
import { startRssSampler } from './lib/rss.ts';
import { json } from './lib/json-request.ts';

const MIB = 1024 * 1024;
const OBSERVATIONS = wholeNumberFromEnv('BENCH_OBSERVATIONS', 5000, 10, 200_000);
const DOCUMENT_MIB = wholeNumberFromEnv('BENCH_DOCUMENT_MIB', 200, 1, 4096);
const FILE_MIB = wholeNumberFromEnv('BENCH_FILE_MIB', 10, 1, 24);
const ENGINE = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
const SAMPLE_MS = 25;
const PARALLEL_REQUESTS = 8;
const GOAL_GROWTH_MIB = 100;
const EXPORT_TIMEOUT_MS = 30 * 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const format = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

let dataDir: string | undefined;
let database: BenchDatabase | undefined;

async function cleanup(): Promise<void> {
  killAllTargets();
  await database?.drop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

/** Runs `task(index)` for 0..count-1, `parallel` at a time. */
async function inParallel(count: number, parallel: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
}

interface Account {
  server: TargetProcess;
  token: string;
  childIds: number[];
}

async function buildAccount(server: TargetProcess): Promise<Account> {
  const { token } = await json<{ token: string }>(`${server.url}/api/auth/sign-up`, {
    method: 'POST',
    body: { email: `bench-${randomBytes(6).toString('hex')}@example.com`, password: 'a long enough bench password' },
  });
  const childIds: number[] = [];
  for (const firstName of ['Maya', 'Leo']) {
    childIds.push(
      (await json<{ id: number }>(`${server.url}/api/children`, { method: 'POST', token, body: { firstName, dateOfBirth: '2016-05-02' } }))
        .id,
    );
  }
  const started = performance.now();
  await inParallel(OBSERVATIONS, PARALLEL_REQUESTS, async (index) => {
    const childId = childIds[index % childIds.length] as number;
    await json(`${server.url}/api/observations?childId=${childId}`, {
      method: 'POST',
      token,
      body: {
        what: `Observation ${index + 1}: finished the worksheet after a short break`,
        setting: 'home',
        tags: ['homework'],
        isWin: index % 3 === 0,
      },
    });
  });
  console.error(`  ${format(OBSERVATIONS)} observations in ${format((performance.now() - started) / 1000, 1)} s`);
  const files = Math.ceil(DOCUMENT_MIB / FILE_MIB);
  const uploadStarted = performance.now();
  for (let index = 0; index < files; index += 1) {
    const form = new FormData();
    form.append('title', `Report ${index + 1}`);
    // A PDF by its first bytes (the sniffer's test); the rest random, as incompressible as a scan.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_MIB * MIB - 9)]);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `report-${index + 1}.pdf`);
    const response = await fetch(`${server.url}/api/documents?childId=${childIds[index % childIds.length]}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    await response.arrayBuffer();
  }
  console.error(`  ${files} documents of ${FILE_MIB} MiB in ${format((performance.now() - uploadStarted) / 1000, 1)} s`);
  // Text extraction and thumbnails run after uploads; the export is measured once they are over.
  for (const childId of childIds) {
    for (;;) {
      const list = await json<{ items: { processing: string }[] }>(`${server.url}/api/documents?childId=${childId}&limit=100`, { token });
      if (list.items.every((item) => item.processing !== 'pending')) break;
      await sleep(500);
    }
  }
  return { server, token, childIds };
}

interface ExportState {
  id: number;
  status: string;
  progress: number;
  itemsTotal: number | null;
  sizeBytes: number | null;
}

async function measure(account: Account) {
  const { server, token } = account;
  const sampler = startRssSampler(server.pid, SAMPLE_MS);
  await sleep(1000);
  const exportFrom = sampler.now();
  let state = await json<ExportState>(`${server.url}/api/exports`, { method: 'POST', token });
  const deadline = Date.now() + EXPORT_TIMEOUT_MS;
  while (state.status === 'queued' || state.status === 'running') {
    if (Date.now() > deadline) throw new Error('the export did not finish in 30 minutes');
    await sleep(100);
    state = await json<ExportState>(`${server.url}/api/exports/${state.id}`, { token });
  }
  const exportUntil = sampler.now();
  await sleep(SAMPLE_MS * 4);
  const samples = await sampler.stop();
  if (state.status !== 'ready') throw new Error(`the export ended ${state.status}`);

  const downloadFrom = performance.now();
  const response = await fetch(`${server.url}/api/exports/${state.id}/download`, { headers: { authorization: `Bearer ${token}` } });
  let downloaded = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) downloaded += chunk.length;
  const downloadMs = performance.now() - downloadFrom;
  if (response.status !== 200 || downloaded !== state.sizeBytes)
    throw new Error(`download answered ${response.status} with ${downloaded} bytes`);

  const before = samples.filter(([at]) => at <= exportFrom).map(([, rss]) => rss);
  const during = samples.filter(([at]) => at >= exportFrom && at <= exportUntil + SAMPLE_MS).map(([, rss]) => rss);
  const baselineMiB = before.sort((a, b) => a - b)[Math.floor(before.length / 2)] ?? Number.NaN;
  const peakMiB = Math.max(...during);
  return {
    items: state.itemsTotal,
    zipBytes: state.sizeBytes,
    exportMs: exportUntil - exportFrom,
    downloadMs,
    baselineMiB,
    peakMiB,
    growthMiB: peakMiB - baselineMiB,
    samples: samples.length,
  };
}

/**
 * The floor in the same run: the same amount of data zipped with yazl alone, from plain files on this disk to a file,
 * with no database, no decryption, no HTTP (the documents stored, one JSON of the observations deflated).
 */
async function bareZipMs(dir: string): Promise<number> {
  const files = Math.ceil(DOCUMENT_MIB / FILE_MIB);
  for (let index = 0; index < files; index += 1) {
    await writeFile(path.join(dir, `plain-${index}.pdf`), Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_MIB * MIB - 9)]));
  }
  const rows = Array.from({ length: OBSERVATIONS }, (_, index) => ({
    id: index + 1,
    what: `Observation ${index + 1}: finished the worksheet after a short break`,
    setting: 'home',
    tags: ['homework'],
  }));
  const started = performance.now();
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(path.join(dir, 'bare.zip')));
  zip.addBuffer(Buffer.from(JSON.stringify(rows)), 'data.json', { compress: true });
  for (let index = 0; index < files; index += 1)
    zip.addFile(path.join(dir, `plain-${index}.pdf`), `documents/plain-${index}.pdf`, { compress: false });
  zip.end();
  await written;
  return performance.now() - started;
}

async function main(): Promise<void> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'trelli-bench-export-'));
  if (ENGINE === 'postgres') database = await createBenchDatabase();
  console.error(`… export bench on ${ENGINE}: building the account`);
  const server = await startTarget('trelli', {
    BENCH_DATA_DIR: dataDir,
    BENCH_DATABASE_URL: database?.url ?? '',
    BENCH_AUTH_SECRET: randomBytes(32).toString('base64url'),
    BENCH_VAULT_QUOTA_MB: String(DOCUMENT_MIB * 2 + 100),
    LOG_LEVEL,
  });
  try {
    const account = await buildAccount(server);
    console.error('… exporting');
    const result = await measure(account);
    console.error('… the bare baseline');
    const baselineZipMs = await bareZipMs(dataDir);
    const met = result.growthMiB < GOAL_GROWTH_MIB;
    console.log(`## Export of 2 children, ${format(OBSERVATIONS)} observations, ${format(DOCUMENT_MIB)} MiB of documents (${ENGINE})`);
    console.log('');
    console.log('| items | ZIP MiB | export s | bare yazl s | ratio | download s | RSS before MiB | peak MiB | growth MiB | goal | met |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :-: |');
    console.log(
      `| ${format(result.items ?? 0)} | ${format((result.zipBytes ?? 0) / MIB, 1)} | ${format(result.exportMs / 1000, 1)} | ` +
        `${format(baselineZipMs / 1000, 1)} | ${format(result.exportMs / baselineZipMs, 1)}x | ${format(result.downloadMs / 1000, 1)} | ` +
        `${format(result.baselineMiB)} | ${format(result.peakMiB)} | ${format(result.growthMiB)} | < ${GOAL_GROWTH_MIB} | ${met ? 'yes' : 'no'} |`,
    );
    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `export-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          engine: ENGINE,
          observations: OBSERVATIONS,
          documentMiB: DOCUMENT_MIB,
          fileMiB: FILE_MIB,
          cpus: os.cpus().length,
          goalGrowthMiB: GOAL_GROWTH_MIB,
          baselineZipMs,
          ...result,
        },
        null,
        2,
      ),
    );
    console.error(`results: ${path.relative(process.cwd(), file)}`);
  } finally {
    await server.stop();
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().then(() => process.exit(130));
  });
}

try {
  await main();
  await cleanup();
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
