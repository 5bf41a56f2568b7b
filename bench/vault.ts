// `npm run bench:vault`: the document vault's figures (issue 9, "Measured"), each beside a baseline from the same run.
//   throughput  a 20 MiB file up and down through Trelli (multipart, sniff, encrypt, store / decrypt, stream) against the
//               same bytes through a bare node:http server piping to and from a file (bench/targets/bare-files.ts).
//               Goal: >= 0.5x the bare throughput both ways.
//   memory      five parallel uploads just under the 25 MiB per-file limit to a fresh server; its RSS sampled every
//               ~25 ms. Goal: it grows by less than 100 MB (2^20 bytes, as the vault's limits count) until they answer.
//   search      500 different text PDFs on one child, then searches for words in some or most of them, end-to-end
//               HTTP latency, on PGlite and on PostgreSQL. Goal: p95 < 50 ms on both.
//   hostile     the worst case of issue 24: one-page PDFs of 300,000 and 1.2 million one-point fills (a few KB each)
//               uploaded to a fresh server, and letters of 20,000 characters without a space. CPU seconds (the server
//               and its document process), peak and after RSS of each, while another account's probe asks for its list
//               every 50 ms (its longest answer). Reported, no goal.
// Every Trelli server runs in its own process on a fresh temp DATA_DIR (and a fresh database for PostgreSQL), all
// removed at the end, on failure and on Ctrl-C. Env: BENCH_ONLY (throughput, memory, search, hostile; comma-separated),
// BENCH_ROUNDS (3; the median round is reported), BENCH_SEARCHES (300 per round), BENCH_DOCUMENTS (500),
// LOG_LEVEL (warn), BENCH_ADMIN_DATABASE_URL (see bench/lib/database.ts). Writes bench/results/vault-<time>.json.
// Exits 0 when it measured, whether or not the goals hold (the tables say which); 1 when it could not.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeHostilePdf, makeVariedPdf } from '../tests/helpers/document-pdfs.ts';
import { createBenchDatabase, serverVersion, type BenchDatabase } from './lib/database.ts';
import { killAllTargets, startTarget, type TargetProcess } from './lib/process.ts';
import { wholeNumberFromEnv } from './lib/env.ts';
import { rssMiB, startRssSampler } from './lib/rss.ts';
import { json } from './lib/json-request.ts';

const MIB = 1024 * 1024;
const PARTS = ['throughput', 'memory', 'search', 'hostile'] as const;
type Part = (typeof PARTS)[number];

const ROUNDS = wholeNumberFromEnv('BENCH_ROUNDS', 3, 1, 10);
const SEARCHES = wholeNumberFromEnv('BENCH_SEARCHES', 300, 10, 5000);
const DOCUMENTS = wholeNumberFromEnv('BENCH_DOCUMENTS', 500, 10, 5000);
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim().toLowerCase())
  .filter(Boolean);
const unknownPart = ONLY.find((part) => !PARTS.includes(part as Part));
if (unknownPart) throw new Error(`BENCH_ONLY: "${unknownPart}" is not one of ${PARTS.join(', ')}`);
const runs = (part: Part) => ONLY.length === 0 || ONLY.includes(part);

const THROUGHPUT_BYTES = 20 * MIB;
/** Just under the default per-file limit (25 MiB), the largest file a parent can add. */
const MEMORY_FILE_BYTES = 25 * MIB - 1024;
const PARALLEL_MEMORY_UPLOADS = 5;
/** As the app's upload queue (client/app/features/documents/upload-queue.ts). */
const PARALLEL_UPLOADS = 2;
const SAMPLE_MS = 25;
const PROCESSING_TIMEOUT_MS = 180_000;
const GOALS = { minRatio: 0.5, maxRssGrowthMiB: 100, maxSearchP95Ms: 50 } as const;

const format = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// --- what has to be cleaned up, whatever happens ---------------------------------------------------------------

const tempDirs = new Set<string>();
/** Set on Ctrl-C: requests cut off by stopping the servers are then no error to report. */
let stopping = false;
const databases = new Set<BenchDatabase>();

async function freshDir(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `trelli-bench-vault-${label}-`));
  tempDirs.add(dir);
  return dir;
}

async function cleanup(): Promise<void> {
  killAllTargets();
  await Promise.allSettled([...databases].map((database) => database.drop()));
  databases.clear();
  await Promise.allSettled([...tempDirs].map((dir) => rm(dir, { recursive: true, force: true })));
  tempDirs.clear();
}

// --- HTTP ------------------------------------------------------------------------------------------------------

interface Timed {
  status: number;
  bytes: number;
  ms: number;
  text: string;
}

/** One request with a prepared body; the time runs from sending it until the response's last byte. */
function send(
  url: string,
  options: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: Buffer; keepText?: boolean },
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { ...options.headers };
    if (options.body) headers['content-length'] = String(options.body.length);
    const req = request(url, { method: options.method, headers, agent: false }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (options.keepText !== false) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A multipart/form-data body as a browser sends it: description fields first, then the file. */
function multipart(fileName: string, mediaType: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----trelli-bench-${randomBytes(12).toString('hex')}`;
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mediaType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// --- Trelli ----------------------------------------------------------------------------------------------------

interface Family {
  server: TargetProcess;
  token: string;
  childId: number;
}

interface UploadedDocument {
  id: number;
  mediaType: string;
  sizeBytes: number;
  processing: string;
}

async function startTrelli(label: string, database?: BenchDatabase): Promise<Family> {
  const server = await startTarget('trelli', {
    BENCH_DATA_DIR: await freshDir(label),
    BENCH_DATABASE_URL: database?.url ?? '',
    BENCH_AUTH_SECRET: randomBytes(32).toString('base64url'),
    BENCH_VAULT_QUOTA_MB: String(100 * 1024),
    LOG_LEVEL,
  });
  const account = await json<{ token: string }>(`${server.url}/api/auth/sign-up`, {
    method: 'POST',
    body: { email: `bench-${randomBytes(6).toString('hex')}@example.com`, password: 'a long enough bench password' },
  });
  const child = await json<{ id: number }>(`${server.url}/api/children`, {
    method: 'POST',
    token: account.token,
    body: { firstName: 'Bench', dateOfBirth: '2016-05-02' },
  });
  return { server, token: account.token, childId: child.id };
}

async function uploadToTrelli(family: Family, body: ReturnType<typeof multipart>): Promise<{ timed: Timed; document: UploadedDocument }> {
  const timed = await send(`${family.server.url}/api/documents?childId=${family.childId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${family.token}`, 'content-type': body.contentType },
    body: body.body,
  });
  if (timed.status !== 201) throw new Error(`Trelli upload answered ${timed.status}: ${timed.text.slice(0, 300)}`);
  return { timed, document: JSON.parse(timed.text) as UploadedDocument };
}

/** Polls a document until its text and thumbnail work is over ('done' or 'failed'); returns that state. */
async function processed(family: Family, id: number): Promise<string> {
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  for (;;) {
    const document = await json<UploadedDocument>(`${family.server.url}/api/documents/${id}?childId=${family.childId}`, {
      token: family.token,
    });
    if (document.processing !== 'pending') return document.processing;
    if (Date.now() > deadline) throw new Error(`document ${id} still pending after ${PROCESSING_TIMEOUT_MS / 1000} s`);
    await sleep(20);
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// --- 1. throughput ---------------------------------------------------------------------------------------------

interface ThroughputRound {
  round: number;
  trelliUploadMiBs: number;
  bareUploadMiBs: number;
  trelliDownloadMiBs: number;
  bareDownloadMiBs: number;
  processingMs: number;
  processing: string;
}

const mibPerSecond = (bytes: number, ms: number) => bytes / MIB / (ms / 1000);

async function throughput() {
  // A PDF by its first bytes (what the vault sniffs), random after: nothing compresses, nothing is cached by content.
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(THROUGHPUT_BYTES - 9)]);
  const upload = multipart('bench-20mib.pdf', 'application/pdf', file);
  const family = await startTrelli('throughput');
  const bare = await startTarget('bare-files', { BENCH_DATA_DIR: await freshDir('bare') });
  try {
    const bareUpload = () => send(`${bare.url}/files`, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: file });
    const trelliDownload = (id: number) =>
      send(`${family.server.url}/api/documents/${id}/content?childId=${family.childId}`, {
        method: 'GET',
        headers: { authorization: `Bearer ${family.token}` },
        keepText: false,
      });
    const bareDownload = (id: string) => send(`${bare.url}/files/${id}`, { method: 'GET', keepText: false });

    // Checked first (and a warm-up): both keep and return the same bytes, and Trelli took the file as a PDF.
    const checked = await uploadToTrelli(family, upload);
    if (checked.document.mediaType !== 'application/pdf' || checked.document.sizeBytes !== file.length)
      throw new Error(`Trelli kept the file as ${checked.document.mediaType}, ${checked.document.sizeBytes} B`);
    await processed(family, checked.document.id);
    const stored = await fetch(`${family.server.url}/api/documents/${checked.document.id}/content?childId=${family.childId}`, {
      headers: { authorization: `Bearer ${family.token}` },
    });
    if (sha256(Buffer.from(await stored.arrayBuffer())) !== sha256(file)) throw new Error('Trelli returned different bytes');
    const bareChecked = await bareUpload();
    const bareId = (JSON.parse(bareChecked.text) as { id: string }).id;
    const bareStored = await fetch(`${bare.url}/files/${bareId}`);
    if (sha256(Buffer.from(await bareStored.arrayBuffer())) !== sha256(file)) throw new Error('the bare server returned different bytes');

    const rounds: ThroughputRound[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.error(`… throughput round ${round}/${ROUNDS}`);
      const up = await uploadToTrelli(family, upload);
      const answeredAt = performance.now();
      const state = await processed(family, up.document.id);
      const processingMs = performance.now() - answeredAt;
      const bareUp = await bareUpload();
      if (bareUp.status !== 201) throw new Error(`bare upload answered ${bareUp.status}`);
      const down = await trelliDownload(up.document.id);
      const bareDown = await bareDownload((JSON.parse(bareUp.text) as { id: string }).id);
      if (down.status !== 200 || down.bytes !== file.length) throw new Error(`Trelli download: ${down.status}, ${down.bytes} B`);
      if (bareDown.status !== 200 || bareDown.bytes !== file.length)
        throw new Error(`bare download: ${bareDown.status}, ${bareDown.bytes} B`);
      const result: ThroughputRound = {
        round,
        trelliUploadMiBs: mibPerSecond(file.length, up.timed.ms),
        bareUploadMiBs: mibPerSecond(file.length, bareUp.ms),
        trelliDownloadMiBs: mibPerSecond(file.length, down.ms),
        bareDownloadMiBs: mibPerSecond(file.length, bareDown.ms),
        processingMs,
        processing: state,
      };
      console.error(
        `  up ${format(result.trelliUploadMiBs)} vs ${format(result.bareUploadMiBs)} MiB/s, down ${format(result.trelliDownloadMiBs)} vs ${format(result.bareDownloadMiBs)} MiB/s, processing ${format(processingMs)} ms (${state})`,
      );
      rounds.push(result);
    }
    const pick = (key: keyof Omit<ThroughputRound, 'round' | 'processing'>) => median(rounds.map((round) => round[key]));
    const summary = {
      fileBytes: file.length,
      fileKind: '%PDF-1.7 header + random bytes (sniffed as application/pdf)',
      trelliUploadMiBs: pick('trelliUploadMiBs'),
      bareUploadMiBs: pick('bareUploadMiBs'),
      trelliDownloadMiBs: pick('trelliDownloadMiBs'),
      bareDownloadMiBs: pick('bareDownloadMiBs'),
      processingMs: pick('processingMs'),
      processingStates: [...new Set(rounds.map((round) => round.processing))],
    };
    return {
      ...summary,
      uploadRatio: summary.trelliUploadMiBs / summary.bareUploadMiBs,
      downloadRatio: summary.trelliDownloadMiBs / summary.bareDownloadMiBs,
      rounds,
    };
  } finally {
    await Promise.all([family.server.stop(), bare.stop()]);
  }
}

// --- 2. memory -------------------------------------------------------------------------------------------------

interface MemoryRound {
  round: number;
  baselineMiB: number;
  peakUploadsMiB: number;
  peakProcessedMiB: number;
  uploadsMs: number;
  processedMs: number;
  samples: number;
  /** The longest gap between two samples: a busy bench process samples less often. */
  largestGapMs: number;
}

async function memory() {
  const files = Array.from({ length: PARALLEL_MEMORY_UPLOADS }, (_, index) =>
    multipart(
      `bench-25mb-${index + 1}.pdf`,
      'application/pdf',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MEMORY_FILE_BYTES - 9)]),
    ),
  );
  const rounds: MemoryRound[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.error(`… memory round ${round}/${ROUNDS} (fresh server)`);
    const family = await startTrelli('memory');
    try {
      const sampler = startRssSampler(family.server.pid, SAMPLE_MS);
      await sleep(500);
      const uploadsFrom = sampler.now();
      const uploads = await Promise.all(files.map((file) => uploadToTrelli(family, file)));
      const uploadsUntil = sampler.now();
      await Promise.all(uploads.map((upload) => processed(family, upload.document.id)));
      const processedUntil = sampler.now();
      await sleep(SAMPLE_MS * 2);
      const samples = await sampler.stop();
      const before = samples.filter(([at]) => at <= uploadsFrom).map(([, rss]) => rss);
      const during = samples.filter(([at]) => at <= uploadsUntil).map(([, rss]) => rss);
      const untilProcessed = samples.filter(([at]) => at <= processedUntil + SAMPLE_MS).map(([, rss]) => rss);
      const gaps = samples.slice(1).map(([at], index) => at - samples[index]![0]);
      const result: MemoryRound = {
        round,
        baselineMiB: median(before),
        peakUploadsMiB: Math.max(...during),
        peakProcessedMiB: Math.max(...untilProcessed),
        uploadsMs: uploadsUntil - uploadsFrom,
        processedMs: processedUntil - uploadsFrom,
        samples: samples.length,
        largestGapMs: Math.max(...gaps),
      };
      console.error(
        `  RSS ${format(result.baselineMiB)} MiB before, peak ${format(result.peakUploadsMiB)} MiB until answered (${format(result.uploadsMs)} ms), ` +
          `${format(result.peakProcessedMiB)} MiB until processed (${format(result.processedMs)} ms); ${result.samples} samples, largest gap ${format(result.largestGapMs)} ms`,
      );
      rounds.push(result);
    } finally {
      await family.server.stop();
    }
  }
  const growth = (round: MemoryRound) => round.peakUploadsMiB - round.baselineMiB;
  const medianRound = [...rounds].sort((a, b) => growth(a) - growth(b))[Math.floor((rounds.length - 1) / 2)]!;
  return {
    fileBytes: MEMORY_FILE_BYTES,
    parallelUploads: PARALLEL_MEMORY_UPLOADS,
    baselineMiB: medianRound.baselineMiB,
    peakUploadsMiB: medianRound.peakUploadsMiB,
    growthUploadsMiB: growth(medianRound),
    peakProcessedMiB: medianRound.peakProcessedMiB,
    growthProcessedMiB: medianRound.peakProcessedMiB - medianRound.baselineMiB,
    worstGrowthUploadsMiB: Math.max(...rounds.map(growth)),
    rounds,
  };
}

// --- 3. search -------------------------------------------------------------------------------------------------

/** Words put into some documents only (two per document, each in about 20 of 500). */
const RARE_WORDS = (
  'dyslexia dysgraphia dyscalculia occupational audiology neurology orthography morphology semantics syntax ' +
  'pragmatics stuttering apraxia hypotonia proprioception vestibular executive memory processing auditory ' +
  'motor anxiety behavior intervention tier screening retention promotion vocational advocacy ' +
  'mediation complaint compliance hearing medication allergy asthma epilepsy diabetes insulin ' +
  'nutrition sleep tutoring scholarship summer chess robotics orchestra swimming gymnastics'
).split(' ');
/** Words of the generator's own vocabulary: in nearly every document, so a search returns a full page. */
const COMMON_WORDS = 'reading writing math attention speech language teacher meeting progress assessment homework services'.split(' ');

const prefixOf = (word: string) => word.slice(0, Math.max(3, Math.ceil(word.length * 0.6)));

/** The searches of a round: two of three for rare words, one for a common one; every other one a prefix. */
function searchTerms(count: number): Array<{ q: string; kind: 'rare' | 'common' }> {
  return Array.from({ length: count }, (_, index) => {
    const common = index % 3 === 2;
    const list = common ? COMMON_WORDS : RARE_WORDS;
    const word = list[Math.floor(index / 2) % list.length]!;
    return { q: index % 2 === 1 ? prefixOf(word) : word, kind: common ? 'common' : 'rare' };
  });
}

interface SearchRound {
  round: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  commonP95Ms: number;
  rareP95Ms: number;
  meanResults: number;
}

async function searchOn(engine: 'PGlite' | 'PostgreSQL') {
  let database: BenchDatabase | undefined;
  if (engine === 'PostgreSQL') {
    database = await createBenchDatabase();
    databases.add(database);
    await database.db.destroy(); // the server opens its own pool
  }
  const family = await startTrelli(engine.toLowerCase(), database);
  try {
    console.error(`… search on ${engine}: uploading ${DOCUMENTS} PDFs, ${PARALLEL_UPLOADS} at a time`);
    const bodies = Array.from({ length: DOCUMENTS }, (_, index) =>
      multipart(
        `progress-report-${index + 1}.pdf`,
        'application/pdf',
        makeVariedPdf(index, { extraWords: [RARE_WORDS[index % RARE_WORDS.length]!, RARE_WORDS[(index * 7 + 3) % RARE_WORDS.length]!] }),
      ),
    );
    const started = performance.now();
    const ids: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL_UPLOADS }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          ids.push((await uploadToTrelli(family, body)).document.id);
        }
      }),
    );
    const uploadedMs = performance.now() - started;
    const states = new Map<string, number>();
    for (const id of ids) {
      const state = await processed(family, id);
      states.set(state, (states.get(state) ?? 0) + 1);
    }
    const processedMs = performance.now() - started;
    console.error(
      `  uploaded in ${format(uploadedMs / 1000, 1)} s, processed by ${format(processedMs / 1000, 1)} s: ${[...states].map(([state, n]) => `${n} ${state}`).join(', ')}`,
    );

    const search = async (q: string) => {
      const timed = await send(`${family.server.url}/api/documents?childId=${family.childId}&q=${encodeURIComponent(q)}`, {
        method: 'GET',
        headers: { authorization: `Bearer ${family.token}` },
      });
      if (timed.status !== 200) throw new Error(`search "${q}" answered ${timed.status}: ${timed.text.slice(0, 300)}`);
      return { ms: timed.ms, total: (JSON.parse(timed.text) as { total: number }).total };
    };
    // Checked first: a rare word is found in some documents, not all; a common one in most.
    const rare = await search(RARE_WORDS[0]!);
    const common = await search(COMMON_WORDS[0]!);
    if (rare.total === 0 || rare.total >= DOCUMENTS / 4) throw new Error(`"${RARE_WORDS[0]}" found ${rare.total} documents`);
    if (common.total < DOCUMENTS / 2) throw new Error(`"${COMMON_WORDS[0]}" found only ${common.total} documents`);
    for (const { q } of searchTerms(30)) await search(q); // warm-up

    const terms = searchTerms(SEARCHES);
    const rounds: SearchRound[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const timings: Array<{ ms: number; total: number; kind: string }> = [];
      for (const term of terms) timings.push({ ...(await search(term.q)), kind: term.kind });
      const all = timings.map((timing) => timing.ms);
      const result: SearchRound = {
        round,
        p50Ms: percentile(all, 50),
        p95Ms: percentile(all, 95),
        p99Ms: percentile(all, 99),
        maxMs: Math.max(...all),
        commonP95Ms: percentile(
          timings.filter((timing) => timing.kind === 'common').map((timing) => timing.ms),
          95,
        ),
        rareP95Ms: percentile(
          timings.filter((timing) => timing.kind === 'rare').map((timing) => timing.ms),
          95,
        ),
        meanResults: timings.reduce((sum, timing) => sum + timing.total, 0) / timings.length,
      };
      console.error(
        `  round ${round}/${ROUNDS}: p50 ${format(result.p50Ms, 1)} ms, p95 ${format(result.p95Ms, 1)} ms, p99 ${format(result.p99Ms, 1)} ms (rare p95 ${format(result.rareP95Ms, 1)}, common p95 ${format(result.commonP95Ms, 1)})`,
      );
      rounds.push(result);
    }
    const medianRound = [...rounds].sort((a, b) => a.p95Ms - b.p95Ms)[Math.floor((rounds.length - 1) / 2)]!;
    return { engine, documents: DOCUMENTS, uploadedMs, processedMs, processing: Object.fromEntries(states), ...medianRound, rounds };
  } finally {
    await family.server.stop();
    if (database) {
      await database.drop();
      databases.delete(database);
    }
  }
}

// --- 4. hostile files ------------------------------------------------------------------------------------------

const HOSTILE_FILLS = [300_000, 1_200_000] as const;
const CLOCK_TICKS = 100;

/** CPU seconds of a process (Linux /proc): its own, and its reaped children's (the document processes it replaced). */
async function cpuSeconds(pid: number): Promise<{ own: number; children: number }> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const tick = (index: number) => Number(fields[index - 3]) / CLOCK_TICKS;
    return { own: tick(14) + tick(15), children: tick(16) + tick(17) };
  } catch {
    return { own: 0, children: 0 };
  }
}

async function childPids(pid: number): Promise<number[]> {
  try {
    return (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The server's and its live child processes' CPU seconds together. */
async function treeCpuSeconds(pid: number): Promise<number> {
  const server = await cpuSeconds(pid);
  let total = server.own + server.children;
  for (const child of await childPids(pid)) total += (await cpuSeconds(child)).own;
  return total;
}

async function childrenRssMiB(pid: number): Promise<number> {
  let total = 0;
  for (const child of await childPids(pid)) total += (await rssMiB(child)) ?? 0;
  return total;
}

/** Samples the server's RSS and its children's, and asks another account's list every 50 ms, until stopped. */
function watch(pid: number, probe: () => Promise<Timed>) {
  const state = { running: true, peakServer: 0, peakChildren: 0, probeMaxMs: 0, probes: 0 };
  const sampling = (async () => {
    while (state.running) {
      state.peakServer = Math.max(state.peakServer, (await rssMiB(pid)) ?? 0);
      state.peakChildren = Math.max(state.peakChildren, await childrenRssMiB(pid));
      await sleep(SAMPLE_MS);
    }
  })();
  const probing = (async () => {
    while (state.running) {
      const timed = await probe();
      if (timed.status !== 200) throw new Error(`the probe answered ${timed.status}`);
      state.probeMaxMs = Math.max(state.probeMaxMs, timed.ms);
      state.probes += 1;
      await sleep(50);
    }
  })();
  return {
    async stop() {
      state.running = false;
      await Promise.all([sampling, probing]);
      return state;
    },
  };
}

interface HostileCase {
  what: string;
  fileBytes: number;
  outcome: string;
  wallS: number;
  cpuS: number;
  peakServerMiB: number;
  peakProcessorMiB: number;
  serverBeforeMiB: number;
  serverAfterMiB: number;
  processorAfterMiB: number;
  probeMaxMs: number;
  probes: number;
}

async function hostile() {
  const family = await startTrelli('hostile');
  const pid = family.server.pid;
  const neighbour = await json<{ token: string }>(`${family.server.url}/api/auth/sign-up`, {
    method: 'POST',
    body: { email: `bench-${randomBytes(6).toString('hex')}@example.com`, password: 'a long enough bench password' },
  });
  const probe = () => send(`${family.server.url}/api/children`, { method: 'GET', headers: { authorization: `Bearer ${neighbour.token}` } });
  const cases: HostileCase[] = [];
  try {
    // Warm-up: a plain PDF read (the document process starts) and a letter made (the PDF worker starts).
    const warm = await uploadToTrelli(family, multipart('warm-up.pdf', 'application/pdf', makeVariedPdf(1)));
    await processed(family, warm.document.id);
    const letter = (text: string) =>
      send(`${family.server.url}/api/letters`, {
        method: 'POST',
        headers: { authorization: `Bearer ${family.token}`, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ title: 'Notes', paragraphs: Array.from({ length: 5 }, () => text) })),
      });
    await letter('warm up');
    await sleep(1000);

    const measure = async (what: string, fileBytes: number, run: () => Promise<string>) => {
      console.error(`… hostile: ${what}`);
      const serverBeforeMiB = (await rssMiB(pid)) ?? 0;
      const cpuBefore = await treeCpuSeconds(pid);
      const watching = watch(pid, probe);
      const started = performance.now();
      const outcome = await run();
      const wallS = (performance.now() - started) / 1000;
      const watched = await watching.stop();
      await sleep(2000);
      const result: HostileCase = {
        what,
        fileBytes,
        outcome,
        wallS,
        cpuS: (await treeCpuSeconds(pid)) - cpuBefore,
        peakServerMiB: watched.peakServer,
        peakProcessorMiB: watched.peakChildren,
        serverBeforeMiB,
        serverAfterMiB: (await rssMiB(pid)) ?? 0,
        processorAfterMiB: await childrenRssMiB(pid),
        probeMaxMs: watched.probeMaxMs,
        probes: watched.probes,
      };
      cases.push(result);
      return result;
    };

    for (const fills of HOSTILE_FILLS) {
      // A word of its own, so the search finds this file's text and not an earlier one's.
      const word = `therapy${fills}`;
      const pdf = makeHostilePdf(fills, `Speech ${word} schedule`);
      await measure(`PDF of ${format(fills)} fills`, pdf.length, async () => {
        const up = await uploadToTrelli(family, multipart(`hostile-${fills}.pdf`, 'application/pdf', pdf));
        const state = await processed(family, up.document.id);
        const document = await json<UploadedDocument & { pageCount: number | null; hasThumbnail: boolean }>(
          `${family.server.url}/api/documents/${up.document.id}?childId=${family.childId}`,
          { token: family.token },
        );
        const found = await json<{ total: number }>(`${family.server.url}/api/documents?childId=${family.childId}&q=${word}`, {
          token: family.token,
        });
        return `${state}, ${document.pageCount ?? 0} page, ${document.hasThumbnail ? 'thumbnail' : 'no thumbnail'}, text ${found.total > 0 ? 'found' : 'NOT found'}`;
      });
    }
    const unbroken = 'x'.repeat(4000);
    await measure('3 letters of 20,000 characters, no space', 3 * 5 * unbroken.length, async () => {
      const answers = await Promise.all([letter(unbroken), letter(unbroken), letter(unbroken)]);
      return answers.map((answer) => answer.status).join(', ');
    });
    return { cases };
  } finally {
    await family.server.stop();
  }
}

// --- report ----------------------------------------------------------------------------------------------------

const met = (ok: boolean) => (ok ? 'yes' : 'NO');

async function main(): Promise<number> {
  const cores = os.availableParallelism();
  const startedAt = new Date();
  const postgres = runs('search') ? await serverVersion() : null;
  console.log(`# Trelli vault benchmark (${startedAt.toISOString()})`);
  console.log('');
  console.log(
    `Node ${process.version} · ${cores} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}) · ${postgres ? `PostgreSQL ${postgres} on 127.0.0.1 · ` : ''}` +
      `${ROUNDS} rounds per figure (median shown) · loopback · LOG_LEVEL=${LOG_LEVEL} · each Trelli server in its own process on a fresh temp DATA_DIR`,
  );
  const loadBefore = os.loadavg();
  if ((loadBefore[0] ?? 0) > 0.5)
    console.log(`Note: the machine was already busy (1-min load average ${format(loadBefore[0] ?? 0, 2)}); other work skews the numbers.`);
  console.log('');

  const onSignal = (signal: NodeJS.Signals) => {
    stopping = true;
    console.error(`\n${signal}: stopping servers, removing temp dirs and bench databases`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const report: Record<string, unknown> = {
      startedAt: startedAt.toISOString(),
      node: process.version,
      cores,
      cpu: os.cpus()[0]?.model ?? null,
      loadAverageBefore: loadBefore,
      postgres,
      settings: { rounds: ROUNDS, searches: SEARCHES, documents: DOCUMENTS, logLevel: LOG_LEVEL },
      goals: GOALS,
    };
    const goals: Array<[string, boolean]> = [];

    if (runs('throughput')) {
      const result = await throughput();
      report.throughput = result;
      goals.push(['throughput >= 0.5x bare, both ways', result.uploadRatio >= GOALS.minRatio && result.downloadRatio >= GOALS.minRatio]);
      console.log(`## Throughput: one ${format(result.fileBytes / MIB)} MiB file (${result.fileKind})`);
      console.log('');
      console.log('| direction | Trelli MiB/s | bare node:http + file MiB/s | x bare | goal | met |');
      console.log('| --- | ---: | ---: | ---: | --- | --- |');
      console.log(
        `| upload | ${format(result.trelliUploadMiBs)} | ${format(result.bareUploadMiBs)} | ${format(result.uploadRatio, 2)} | >= ${GOALS.minRatio}x | ${met(result.uploadRatio >= GOALS.minRatio)} |`,
      );
      console.log(
        `| download | ${format(result.trelliDownloadMiBs)} | ${format(result.bareDownloadMiBs)} | ${format(result.downloadRatio, 2)} | >= ${GOALS.minRatio}x | ${met(result.downloadRatio >= GOALS.minRatio)} |`,
      );
      console.log('');
      console.log(
        `Processing after each upload (text and thumbnail, in the background): ${format(result.processingMs)} ms median, ended ${result.processingStates.join('/')}. ` +
          'Each round waits for it, so it does not overlap the next measurement.',
      );
      console.log('');
    }

    if (runs('memory')) {
      const result = await memory();
      report.memory = result;
      goals.push([`memory growth < ${GOALS.maxRssGrowthMiB} MB during uploads`, result.growthUploadsMiB < GOALS.maxRssGrowthMiB]);
      console.log(
        `## Memory: ${result.parallelUploads} parallel uploads of ${format(result.fileBytes)} B to a fresh server (RSS every ~${SAMPLE_MS} ms)`,
      );
      console.log('');
      console.log('| until | RSS before MiB | peak MiB | growth MiB | goal | met |');
      console.log('| --- | ---: | ---: | ---: | --- | --- |');
      console.log(
        `| all uploads answered | ${format(result.baselineMiB)} | ${format(result.peakUploadsMiB)} | ${format(result.growthUploadsMiB)} | < ${GOALS.maxRssGrowthMiB} | ${met(result.growthUploadsMiB < GOALS.maxRssGrowthMiB)} |`,
      );
      console.log(
        `| all processed | ${format(result.baselineMiB)} | ${format(result.peakProcessedMiB)} | ${format(result.growthProcessedMiB)} | - | - |`,
      );
      console.log('');
      console.log(
        `Worst round's growth until answered: ${format(result.worstGrowthUploadsMiB)} MiB. The server was fresh (signed up, one child, no upload before), ` +
          'so the growth includes loading the upload path for the first time.',
      );
      console.log('');
    }

    if (runs('search')) {
      const results = [];
      for (const engine of ['PGlite', 'PostgreSQL'] as const) results.push(await searchOn(engine));
      report.search = results;
      goals.push([
        `search p95 < ${GOALS.maxSearchP95Ms} ms on both engines`,
        results.every((result) => result.p95Ms < GOALS.maxSearchP95Ms),
      ]);
      console.log(
        `## Search: ${format(DOCUMENTS)} text PDFs on one child; ${format(SEARCHES)} searches per round, one at a time, end-to-end HTTP (REST, default page of 100)`,
      );
      console.log('');
      console.log(
        `| engine | p50 ms | p95 ms | p99 ms | max ms | p95 rare words | p95 common words | mean hits | ${format(DOCUMENTS)} uploaded s | all processed s | goal | met |`,
      );
      console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
      for (const result of results) {
        console.log(
          `| ${result.engine} | ${format(result.p50Ms, 1)} | ${format(result.p95Ms, 1)} | ${format(result.p99Ms, 1)} | ${format(result.maxMs, 1)} | ${format(result.rareP95Ms, 1)} | ${format(result.commonP95Ms, 1)} | ${format(result.meanResults)} | ${format(result.uploadedMs / 1000, 1)} | ${format(result.processedMs / 1000, 1)} | p95 < ${GOALS.maxSearchP95Ms} ms | ${met(result.p95Ms < GOALS.maxSearchP95Ms)} |`,
        );
      }
      console.log('');
      console.log(
        'Searches: two of three for words put into about 20 documents each, one of three for words of the generator\u2019s vocabulary (in nearly every document: a full page of 100 results with excerpts); every other search is a prefix ("dysle").',
      );
      console.log('');
    }

    if (runs('hostile')) {
      const result = await hostile();
      report.hostile = result;
      console.log('## Hostile files (issue 24): one fresh server, another account asking for its list every 50 ms meanwhile');
      console.log('');
      console.log(
        '| what | bytes | outcome | wall s | CPU s (server + processor) | server RSS before / peak / after MiB | processor peak / after MiB | probe longest ms |',
      );
      console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
      for (const item of result.cases) {
        console.log(
          `| ${item.what} | ${format(item.fileBytes)} | ${item.outcome} | ${format(item.wallS, 1)} | ${format(item.cpuS, 1)} | ${format(item.serverBeforeMiB)} / ${format(item.peakServerMiB)} / ${format(item.serverAfterMiB)} | ${format(item.peakProcessorMiB)} / ${format(item.processorAfterMiB)} | ${format(item.probeMaxMs)} |`,
        );
      }
      console.log('');
      console.log(
        'After: 2 s after the work ended. The document process is replaced after a file that leaves it over 200 MB, and stops after 30 s idle.',
      );
      console.log('');
    }

    for (const [label, ok] of goals) console.log(`Goal (${label}): ${ok ? 'MET' : 'NOT MET'}`);
    console.log(
      `Limits: the servers, PostgreSQL and this client share the same ${cores} cores over loopback, so absolute figures move from run to run; ratios from the same run are steadier.`,
    );
    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(resultsDir, { recursive: true });
    const file = `${resultsDir}vault-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Results: ${file}`);
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (stopping) return;
    console.error(error);
    process.exit(1);
  },
);
