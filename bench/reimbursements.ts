// `npm run bench:reimbursements`: issue 26's "Measured", through the real API of a fresh server in its own process, on a
// fresh database on the machine's PostgreSQL server. (a) GET /api/reimbursements/summary for a child with 5,000 expenses
// and 8,000 claims (statuses, status rows and payments), its p95 beside the plain expense list's first page
// (GET /api/expenses) measured interleaved in the same run: the ratio (goal <= 2x). (b) GET /api/reimbursements/export.zip
// of 200 receipts of 1 MiB: its time beside a bare yazl ZIP of the same 200 files from plain files in the same run, and the
// server's RSS (sampled every ~25 ms) before and during it (goal: growth < 100 MiB, streamed).
// Env: BENCH_EXPENSES (5000), BENCH_CLAIMS (8000), BENCH_REQUESTS (300 per endpoint), BENCH_RECEIPTS (200), LOG_LEVEL (warn).
// Writes bench/results/reimbursements-<time>.json. Exits 0 when it measured, 1 when it could not.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { ZipFile } from 'yazl';
import { CLAIM_STATUSES, EXPENSE_CATEGORIES, type ClaimStatus, type ExpenseCategory } from '#shared/schemas/reimbursement.ts';
import { createBenchDatabase, type BenchDatabase } from './lib/database.ts';
import { wholeNumberFromEnv } from './lib/env.ts';
import { json } from './lib/json-request.ts';
import { killAllTargets, startTarget, type TargetProcess } from './lib/process.ts';
import { startRssSampler } from './lib/rss.ts';

const MIB = 1024 * 1024;
const EXPENSES = wholeNumberFromEnv('BENCH_EXPENSES', 5000, 10, 200_000);
const CLAIMS = wholeNumberFromEnv('BENCH_CLAIMS', 8000, 10, 400_000);
const REQUESTS = wholeNumberFromEnv('BENCH_REQUESTS', 300, 20, 100_000);
const RECEIPTS = wholeNumberFromEnv('BENCH_RECEIPTS', 200, 1, 2000);
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
const WARMUP = 30;
const SAMPLE_MS = 25;
const GOAL_RATIO = 2;
const GOAL_GROWTH_MIB = 100;
const BATCH = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const format = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const day = (offset: number) => new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

let dataDir: string | undefined;
let database: BenchDatabase | undefined;

async function cleanup(): Promise<void> {
  killAllTargets();
  await database?.drop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

interface Family {
  token: string;
  userId: string;
  childId: number;
}

async function family(server: TargetProcess): Promise<Family> {
  const signedUp = await json<{ token: string; user: { id: string } }>(`${server.url}/api/auth/sign-up`, {
    method: 'POST',
    body: { email: `bench-${randomBytes(6).toString('hex')}@example.com`, password: 'a long enough bench password' },
  });
  const child = await json<{ id: number }>(`${server.url}/api/children`, {
    method: 'POST',
    token: signedUp.token,
    body: { firstName: 'Maya', dateOfBirth: '2016-05-02' },
  });
  return { token: signedUp.token, userId: signedUp.user.id, childId: child.id };
}

/** A final status for claim `index`, spread over every status; approved, partially paid and paid ones with payments. */
function claimState(index: number, amountCents: number) {
  const status = CLAIM_STATUSES[index % CLAIM_STATUSES.length] as ClaimStatus;
  const approvedCents = ['approved', 'partially-paid', 'paid'].includes(status) ? amountCents - (index % 7) * 10 : null;
  const paidCents =
    status === 'paid' ? (approvedCents as number) : status === 'partially-paid' ? Math.floor((approvedCents as number) / 2) : 0;
  return { status, approvedCents, paidCents, submittedOn: status === 'draft' ? null : day(index % 300) };
}

/**
 * The summary's child: four funding sources through the API (so they are what the app makes), then the
 * expenses, claims, status rows and payments inserted in batches straight into the database.
 */
async function seedLargeChild(server: TargetProcess, db: BenchDatabase['db']): Promise<Family> {
  const parent = await family(server);
  const sources: number[] = [];
  for (const body of [
    { kind: 'esa', name: 'State ESA', awardCents: 800_000, deadlineRule: { kind: 'quarterly' } },
    { kind: 'insurance', name: 'Blue Shield', deadlineRule: { kind: 'days-after-service', days: 90 } },
    { kind: 'hsa', name: 'Family HSA' },
    { kind: 'school-district', name: 'District', deadlines: [day(200), day(330)] },
  ]) {
    sources.push(
      (
        await json<{ id: number }>(`${server.url}/api/funding-sources?childId=${parent.childId}`, {
          method: 'POST',
          token: parent.token,
          body,
        })
      ).id,
    );
  }
  const started = performance.now();
  const expenseIds: number[] = [];
  for (let start = 0; start < EXPENSES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, EXPENSES - start) }, (_, offset) => {
      const index = start + offset;
      return {
        childId: parent.childId,
        provider: `Provider ${index % 40}`,
        category: EXPENSE_CATEGORIES[index % EXPENSE_CATEGORIES.length] as ExpenseCategory,
        currency: 'USD',
        serviceDate: day(index % 360),
        amountCents: 5_000 + (index % 50) * 1_000,
        // One in twenty paid directly by the ESA.
        paidDirectlyBy: index % 20 === 0 ? sources[0] : null,
        createdBy: parent.userId,
      };
    });
    for (const row of await db.insertInto('expenses').values(rows).returning('id').execute()) expenseIds.push(row.id);
  }
  const claimable = expenseIds.filter((_, index) => index % 20 !== 0);
  let payments = 0;
  for (let start = 0; start < CLAIMS; start += BATCH) {
    const planned = Array.from({ length: Math.min(BATCH, CLAIMS - start) }, (_, offset) => {
      const index = start + offset;
      // Two claims on most expenses (insurance, then an HSA for the rest), each at most half of the smallest amount.
      const amountCents = 2_000 + (index % 5) * 100;
      return { index, amountCents, ...claimState(index, amountCents) };
    });
    const inserted = await db
      .insertInto('claims')
      .values(
        planned.map((claim) => ({
          childId: parent.childId,
          expenseId: claimable[claim.index % claimable.length] as number,
          fundingSourceId: sources[claim.index % sources.length] as number,
          amountCents: claim.amountCents,
          status: claim.status,
          approvedCents: claim.approvedCents,
          paidCents: claim.paidCents,
          submittedOn: claim.submittedOn,
          createdBy: parent.userId,
        })),
      )
      .returning('id')
      .execute();
    const moves = inserted.flatMap((row, position) => {
      const claim = planned[position]!;
      return [
        {
          claimId: row.id,
          childId: parent.childId,
          fromStatus: null,
          toStatus: 'draft' as const,
          happenedOn: day(0),
          createdBy: parent.userId,
        },
        ...(claim.status === 'draft'
          ? []
          : [
              {
                claimId: row.id,
                childId: parent.childId,
                fromStatus: 'draft' as const,
                toStatus: claim.status,
                happenedOn: day(1),
                createdBy: parent.userId,
              },
            ]),
      ];
    });
    await db.insertInto('claimStatusChanges').values(moves).execute();
    const paid = inserted.flatMap((row, position) => {
      const claim = planned[position]!;
      return claim.paidCents > 0
        ? [{ claimId: row.id, childId: parent.childId, amountCents: claim.paidCents, paidOn: day(2), createdBy: parent.userId }]
        : [];
    });
    payments += paid.length;
    if (paid.length > 0) await db.insertInto('claimPayments').values(paid).execute();
  }
  // Fresh statistics, as autovacuum would have them on a database that grew over months.
  await sql`ANALYZE`.execute(db);
  console.error(
    `  ${format(EXPENSES)} expenses, ${format(CLAIMS)} claims, ${format(payments)} payments in ${format((performance.now() - started) / 1000, 1)} s`,
  );
  return parent;
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

/** One request, timed to the last byte of its answer. */
async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/** The summary and the list's first page, one after the other, so both see the same machine. */
async function measureSummary(server: TargetProcess, child: Family) {
  const summaryUrl = `${server.url}/api/reimbursements/summary?childId=${child.childId}`;
  const listUrl = `${server.url}/api/expenses?childId=${child.childId}`;
  for (let index = 0; index < WARMUP; index += 1) {
    await timed(summaryUrl, child.token);
    await timed(listUrl, child.token);
  }
  const summary: number[] = [];
  const list: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    summary.push(await timed(summaryUrl, child.token));
    list.push(await timed(listUrl, child.token));
  }
  return { summaryP50Ms: median(summary), summaryP95Ms: p95(summary), listP50Ms: median(list), listP95Ms: p95(list) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A PDF by its first bytes (the vault's sniffer), the rest random: as incompressible as a scan. */
const receiptBytes = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MIB - 9)]);

async function seedReceipts(server: TargetProcess): Promise<Family & { sourceId: number }> {
  const parent = await family(server);
  const source = await json<{ id: number }>(`${server.url}/api/funding-sources?childId=${parent.childId}`, {
    method: 'POST',
    token: parent.token,
    body: { kind: 'esa', name: 'State ESA' },
  });
  const started = performance.now();
  for (let index = 0; index < RECEIPTS; index += 1) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(receiptBytes())], { type: 'application/pdf' }), `receipt-${index + 1}.pdf`);
    const uploaded = await fetch(`${server.url}/api/documents?childId=${parent.childId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${parent.token}` },
    });
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${(await uploaded.text()).slice(0, 300)}`);
    const documentId = ((await uploaded.json()) as { id: number }).id;
    const expense = await json<{ id: number }>(`${server.url}/api/expenses?childId=${parent.childId}`, {
      method: 'POST',
      token: parent.token,
      body: {
        provider: `Tutor ${index % 12}`,
        category: 'tutoring',
        serviceDate: day(index % 300),
        amountCents: 7_500,
        documentIds: [documentId],
      },
    });
    await json(`${server.url}/api/expenses/${expense.id}/claims?childId=${parent.childId}`, {
      method: 'POST',
      token: parent.token,
      body: { fundingSourceId: source.id, amountCents: 7_500 },
    });
  }
  console.error(`  ${RECEIPTS} receipts of 1 MiB with their expenses and claims in ${format((performance.now() - started) / 1000, 1)} s`);
  // The vault reads each upload after it lands; the ZIP is measured once that is over.
  for (;;) {
    let pending = 0;
    for (let offset = 0; offset < RECEIPTS; offset += 100) {
      const page = await json<{ items: { processing: string }[] }>(
        `${server.url}/api/documents?childId=${parent.childId}&limit=100&offset=${offset}`,
        {
          token: parent.token,
        },
      );
      pending += page.items.filter((item) => item.processing === 'pending').length;
    }
    if (pending === 0) break;
    await sleep(500);
  }
  return { ...parent, sourceId: source.id };
}

async function measureZip(server: TargetProcess, child: Family & { sourceId: number }) {
  const sampler = startRssSampler(server.pid, SAMPLE_MS);
  await sleep(1000);
  const from = sampler.now();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/reimbursements/export.zip?childId=${child.childId}&fundingSourceId=${child.sourceId}`, {
    headers: { authorization: `Bearer ${child.token}` },
  });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const zipMs = performance.now() - started;
  const until = sampler.now();
  await sleep(SAMPLE_MS * 4);
  const samples = await sampler.stop();
  if (response.status !== 200 || bytes < RECEIPTS * MIB) throw new Error(`the ZIP answered ${response.status} with ${bytes} bytes`);
  const before = samples.filter(([at]) => at <= from).map(([, rss]) => rss);
  const during = samples.filter(([at]) => at >= from && at <= until + SAMPLE_MS).map(([, rss]) => rss);
  const baselineMiB = median(before);
  const peakMiB = Math.max(...during);
  return { zipMs, zipBytes: bytes, baselineMiB, peakMiB, growthMiB: peakMiB - baselineMiB };
}

/** The floor: the same number of 1 MiB files zipped by yazl alone from plain files on this disk, stored, to a file. */
async function bareZipMs(dir: string): Promise<number> {
  for (let index = 0; index < RECEIPTS; index += 1) await writeFile(path.join(dir, `plain-${index}.pdf`), receiptBytes());
  const started = performance.now();
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(path.join(dir, 'bare.zip')));
  for (let index = 0; index < RECEIPTS; index += 1)
    zip.addFile(path.join(dir, `plain-${index}.pdf`), `plain-${index}.pdf`, { compress: false });
  zip.end();
  await written;
  return performance.now() - started;
}

async function main(): Promise<void> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'trelli-bench-reimbursements-'));
  database = await createBenchDatabase();
  console.error('… reimbursements bench on postgres: seeding');
  const server = await startTarget('trelli', {
    BENCH_DATA_DIR: dataDir,
    BENCH_DATABASE_URL: database.url,
    BENCH_AUTH_SECRET: randomBytes(32).toString('base64url'),
    BENCH_VAULT_QUOTA_MB: String(RECEIPTS * 2 + 100),
    LOG_LEVEL,
  });
  try {
    const large = await seedLargeChild(server, database.db);
    console.error(`… summary and expense list, ${REQUESTS} requests each, interleaved`);
    const summary = await measureSummary(server, large);
    console.error(`… ${RECEIPTS} receipts`);
    const receipts = await seedReceipts(server);
    console.error('… the ZIP');
    const zip = await measureZip(server, receipts);
    console.error('… the bare baseline');
    const baselineZipMs = await bareZipMs(dataDir);
    const ratio = summary.summaryP95Ms / summary.listP95Ms;
    console.log(
      `## Reimbursements: summary of ${format(EXPENSES)} expenses and ${format(CLAIMS)} claims; ZIP of ${RECEIPTS} receipts of 1 MiB (postgres)`,
    );
    console.log('');
    console.log('| summary p50 ms | summary p95 ms | expense list p50 ms | expense list p95 ms | ratio (p95) | goal | met |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | :-: |');
    console.log(
      `| ${format(summary.summaryP50Ms, 1)} | ${format(summary.summaryP95Ms, 1)} | ${format(summary.listP50Ms, 1)} | ${format(summary.listP95Ms, 1)} | ` +
        `${format(ratio, 2)}x | <= ${GOAL_RATIO}x | ${ratio <= GOAL_RATIO ? 'yes' : 'no'} |`,
    );
    console.log('');
    console.log('| ZIP MiB | ZIP s | bare yazl s | ratio | RSS before MiB | peak MiB | growth MiB | goal | met |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :-: |');
    console.log(
      `| ${format(zip.zipBytes / MIB, 1)} | ${format(zip.zipMs / 1000, 2)} | ${format(baselineZipMs / 1000, 2)} | ${format(zip.zipMs / baselineZipMs, 1)}x | ` +
        `${format(zip.baselineMiB)} | ${format(zip.peakMiB)} | ${format(zip.growthMiB)} | < ${GOAL_GROWTH_MIB} | ${zip.growthMiB < GOAL_GROWTH_MIB ? 'yes' : 'no'} |`,
    );
    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `reimbursements-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          engine: 'postgres',
          expenses: EXPENSES,
          claims: CLAIMS,
          requests: REQUESTS,
          receipts: RECEIPTS,
          cpus: os.cpus().length,
          ...summary,
          ratio,
          ...zip,
          baselineZipMs,
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
