// `npm run bench:snapshots`: issue 27's "Measured" for the PDFs. In this process, as the server makes them: renderPdf
// (server/core/pdf.ts, the PDF worker thread) of (a) a one-paragraph letter, the baseline, (b) a full snapshot (every section,
// the photo, two columns) and (c) an IEP meeting pack of 6 goals and 200 observations, each BENCH_PDF_RUNS times one after
// another. For each: the server-side time (content built and laid out) p50/p95, the PDF's bytes and pages, and while it
// renders, the event loop's longest block (perf_hooks monitorEventLoopDelay, and a 1 ms interval's longest gap, which also
// sees a loop that never came round) and the latency of a trivial HTTP server in
// this process answering a probe that runs on a thread of its own (goal: under 50 ms, the server keeps answering). Two
// controls in the same run: the same time with nothing rendering (the machine's own noise, which a loaded machine makes
// large), and the meeting pack laid out on the event loop itself (pdf-layout.ts directly: what the worker spares the server).
// Env: BENCH_PDF_RUNS (40), BENCH_PROBE_MS (5, between probe requests). Writes bench/results/snapshots-<time>.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderPdf, type PdfContent } from '../server/core/pdf.ts';
import { layoutPdf } from '../server/core/pdf-layout.ts';
import { meetingPackPdfContent, snapshotPdfContent } from '../server/features/snapshots/snapshot-pdf.ts';
import { fullSnapshotView, meetingPackSample } from '../tests/helpers/snapshot-samples.ts';
import { wholeNumberFromEnv } from './lib/env.ts';

const RUNS = wholeNumberFromEnv('BENCH_PDF_RUNS', 40, 5, 10_000);
const PROBE_MS = wholeNumberFromEnv('BENCH_PROBE_MS', 5, 1, 1000);
const GOAL_MS = 50;
/** A 96×96 photo would do as well; a 1×1 PNG keeps the bench free of files. Real photos cost their decoding, in the worker. */
const PHOTO = {
  bytes: new Uint8Array(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  ),
  mediaType: 'image/png' as const,
};

const format = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
};

/** The probe: a thread of its own asking `url` every `gap` ms, one request at a time, until told to stop; answers its latencies. */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    const answer = await fetch(workerData.url);
    await answer.text();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, workerData.gap));
  }
  parentPort.postMessage(latencies);
})();
`;

interface Probe {
  stop: () => Promise<number[]>;
}

function startProbe(url: string): Probe {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url, gap: PROBE_MS } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop', []);
      const latencies = await done;
      await worker.terminate();
      return latencies;
    },
  };
}

async function pageCount(bytes: Buffer): Promise<number> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, useSystemFonts: false, disableFontFace: true });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}

interface Case {
  name: string;
  content: () => PdfContent;
  /** How the bytes are made: through renderPdf (the worker) unless said otherwise. */
  make?: (content: PdfContent) => Promise<Buffer>;
}

/** The layout on this thread, as renderPdf did before decision 0075. */
async function onTheEventLoop(content: PdfContent): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of layoutPdf(content) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

interface Measured {
  name: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  bytes: number;
  pages: number;
  longestBlockMs: number;
  /** The share of the time the server's loop was busy (eventLoopUtilization). */
  busyShare: number;
  probeRequests: number;
  probeP95Ms: number;
  probeMaxMs: number;
}

/** The event loop's longest block while on: the larger of perf_hooks' delay histogram and the longest gap between 1 ms ticks. */
function startLoopMonitor(): { stop: () => { longestBlockMs: number; busyShare: number } } {
  const utilization = performance.eventLoopUtilization();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let longestGap = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 1);
  delay.enable();
  return {
    stop: () => {
      delay.disable();
      clearInterval(tick);
      longestGap = Math.max(longestGap, performance.now() - last);
      // How much of the time the loop ran code rather than waited: a long block on a mostly idle loop is the machine's doing (CPU starvation), not ours.
      const busyShare = performance.eventLoopUtilization(utilization).utilization;
      return { longestBlockMs: Math.max(delay.max / 1e6, longestGap), busyShare };
    },
  };
}

async function measure(item: Case, url: string): Promise<Measured> {
  // The worker started and the content's code warm: neither is what is measured.
  const make = item.make ?? renderPdf;
  for (let warm = 0; warm < 3; warm += 1) await make(item.content());
  const probe = startProbe(url);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const loop = startLoopMonitor();
  const times: number[] = [];
  let bytes: Buffer = Buffer.alloc(0);
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    bytes = await make(item.content());
    times.push(performance.now() - started);
    // One PDF per request: the loop comes round between two, as it does in the server.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const { longestBlockMs, busyShare } = loop.stop();
  const latencies = await probe.stop();
  return {
    busyShare,
    name: item.name,
    runs: RUNS,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    bytes: bytes.length,
    pages: await pageCount(bytes),
    longestBlockMs,
    probeRequests: latencies.length,
    probeP95Ms: percentile(latencies, 0.95),
    probeMaxMs: Math.max(...latencies),
  };
}

/** The same probe and loop monitor for `ms` with nothing rendering: the noise of the machine itself. */
async function measureIdle(url: string, ms: number) {
  const probe = startProbe(url);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const loop = startLoopMonitor();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const { longestBlockMs, busyShare } = loop.stop();
  const latencies = await probe.stop();
  return { ms, longestBlockMs, busyShare, probeP95Ms: percentile(latencies, 0.95), probeMaxMs: Math.max(...latencies) };
}

async function main(): Promise<void> {
  const server: Server = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const cases: Case[] = [
      {
        name: 'letter, one paragraph (baseline)',
        content: () => ({ title: 'Letter', paragraphs: ['Dear Ms. Rivera, thank you for meeting with us.'] }),
      },
      { name: 'snapshot, full record, Letter', content: () => snapshotPdfContent(fullSnapshotView(), { paper: 'letter', photo: PHOTO }) },
      {
        name: 'meeting pack, 6 goals, 200 observations',
        content: () => meetingPackPdfContent(meetingPackSample(6, 200), { paper: 'letter' }),
      },
    ];
    const results: Measured[] = [];
    for (const item of cases) {
      console.error(`… ${item.name}: ${RUNS} PDFs`);
      results.push(await measure(item, url));
    }
    const baseline = results[0] as Measured;
    console.error('… controls: nothing rendering, then the meeting pack on the event loop');
    const idle = await measureIdle(url, Math.max(...results.map((result) => result.p50Ms * RUNS)));
    const onLoop = await measure(
      { name: 'meeting pack laid out on the event loop (control)', content: cases[2]!.content, make: onTheEventLoop },
      url,
    );
    console.log(
      `## Snapshot PDFs through renderPdf (worker thread), ${RUNS} runs each; a probe asks a trivial HTTP server every ${PROBE_MS} ms meanwhile ` +
        `(${os.cpus().length} CPUs, load average ${format(os.loadavg()[0] as number, 1)})`,
    );
    console.log('');
    console.log(
      '| PDF | pages | KiB | p50 ms | p95 ms | p95 vs letter | bytes vs letter | loop busy | longest loop block ms | probe p95 ms | probe max ms | goal | met |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :-: |');
    for (const result of [...results, onLoop]) {
      const met = result.probeMaxMs < GOAL_MS && result.longestBlockMs < GOAL_MS;
      console.log(
        `| ${result.name} | ${result.pages} | ${format(result.bytes / 1024, 1)} | ${format(result.p50Ms, 1)} | ${format(result.p95Ms, 1)} | ` +
          `${format(result.p95Ms / baseline.p95Ms, 1)}x | ${format(result.bytes / baseline.bytes, 1)}x | ${format(result.busyShare * 100, 1)}% | ${format(result.longestBlockMs, 1)} | ` +
          `${format(result.probeP95Ms, 1)} | ${format(result.probeMaxMs, 1)} | < ${GOAL_MS} | ${met ? 'yes' : 'no'} |`,
      );
    }
    console.log(
      `| nothing rendering (control, ${format(idle.ms / 1000, 1)} s) | | | | | | | ${format(idle.busyShare * 100, 1)}% | ${format(idle.longestBlockMs, 1)} | ${format(idle.probeP95Ms, 1)} | ${format(idle.probeMaxMs, 1)} | | |`,
    );
    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `snapshots-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify({ runs: RUNS, probeMs: PROBE_MS, cpus: os.cpus().length, loadAverage: os.loadavg(), results, onLoop, idle }, null, 2),
    );
    console.error(`results: ${path.relative(process.cwd(), file)}`);
  } finally {
    server.close();
  }
}

await main();
// The PDF worker does not keep the process alive, but the keep-alive sockets of the probe's server may for a while.
process.exit(0);
