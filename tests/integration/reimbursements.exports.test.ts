/**
 * Reimbursement exports (issue 26, decision 0105): the claims CSV (formula-safe, money as plain
 * decimals beside a currency) and the receipts ZIP (index.csv and files agree, names safe whatever the
 * provider), over real HTTP on each engine; then, on a real server process, a ZIP whose reader goes
 * away half-way and one whose files cannot be read: the reading stops and the server goes on.
 */
import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareChildren } from '../helpers/caregivers.ts';
import { expectApiError, isoDay } from '../helpers/integration-kit.ts';
import { filesUnder, startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, signUpParentWithChild, startTestServer, uploadDocument, type TestServer } from '../helpers/test-server.ts';
import { readZip } from '../helpers/zip-reader.ts';

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

/** The year the fixtures' service dates are in: exports given it pass whatever year the test runs in. */
const FIXTURE_YEAR = { from: '2026-01-01', to: '2026-12-31' };

/** RFC 4180 as csv-stringify writes it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index] as string;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  const [header = [], ...records] = rows;
  return records.map((record) => Object.fromEntries(header.map((name, column) => [name, record[column] ?? ''])));
}

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

async function download(
  server: { url: string },
  family: { token: string; childId: number },
  file: string,
  query: Record<string, string | number>,
) {
  const params = new URLSearchParams({
    childId: String(family.childId),
    ...Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  const response = await fetch(`${server.url}/api/reimbursements/${file}?${params}`, {
    headers: { authorization: `Bearer ${family.token}` },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe.each(ENGINES)('reimbursement exports on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server?.close());

  async function expense(call: Family['call'], fields: Record<string, unknown>) {
    const response = await call('POST', '/expenses', { category: 'therapy', serviceDate: '2026-03-02', amountCents: 15000, ...fields });
    expect(response.status).toBe(201);
    return response.body.id as number;
  }
  async function claim(call: Family['call'], expenseId: number, fundingSourceId: number, amountCents: number) {
    const response = await call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId, amountCents });
    expect(response.status).toBe(201);
    return response.body.id as number;
  }

  /** An ESA with claims whose providers and references try formulas, paths and quotes, each expense with receipts (a PDF twice). */
  async function esaWithClaims() {
    const family = await signUpParentWithChild(server);
    const esa = await family.call('POST', '/funding-sources', { kind: 'esa', name: 'Arizona ESA', currency: 'USD' });
    const hsa = await family.call('POST', '/funding-sources', { kind: 'hsa', name: 'Family HSA' });
    expect([esa.status, hsa.status]).toEqual([201, 201]);
    const esaId = esa.body.id as number;
    const pdf = await uploadDocument(server, family, 'Invoice March.pdf', fixture('iep-sample.pdf'));
    const png = await uploadDocument(server, family, 'photo of receipt.png', fixture('picture.png'));
    const second = await uploadDocument(server, family, 'second.txt', fixture('notes.txt'));
    const third = await uploadDocument(server, family, 'third.jpg', fixture('photo-rotated.jpg'));
    const formula = await expense(family.call, { provider: '=HYPERLINK("http://evil.example","x")', documentIds: [pdf, png] });
    const traversal = await expense(family.call, {
      provider: '../../x',
      serviceDate: '2026-04-10',
      amountCents: 4999,
      documentIds: [second],
    });
    const quoted = await expense(family.call, { provider: 'A/B "C"', serviceDate: '2026-04-11', amountCents: 100, documentIds: [third] });
    // The same date, provider and amount as `quoted`: its receipt's name gets " (2)".
    const twin = await expense(family.call, { provider: 'A/B "C"', serviceDate: '2026-04-11', amountCents: 100, documentIds: [third] });
    const outside = await expense(family.call, { provider: 'Last year', serviceDate: '2025-12-31', documentIds: [pdf] });
    const claims = {
      formula: await claim(family.call, formula, esaId, 9000),
      traversal: await claim(family.call, traversal, esaId, 4999),
      quoted: await claim(family.call, quoted, esaId, 100),
      twin: await claim(family.call, twin, esaId, 100),
      outside: await claim(family.call, outside, esaId, 100),
      // To the HSA: not in the ESA's export.
      hsa: await claim(family.call, formula, hsa.body.id as number, 6000),
    };
    const submitted = await family.call('POST', `/claims/${claims.formula}/status`, {
      status: 'submitted',
      reference: '-12+3',
      on: '2026-03-05',
    });
    const approved = await family.call('POST', `/claims/${claims.formula}/status`, {
      status: 'approved',
      approvedCents: 8000,
      reference: '@REF',
    });
    const paid = await family.call('POST', `/claims/${claims.formula}/payments`, { amountCents: 2550, paidOn: '2026-03-20' });
    expect([submitted.status, approved.status, paid.status]).toEqual([200, 200, 201]);
    return { family, esaId, claims, expenses: { formula, traversal, quoted, twin }, documents: { pdf, png, second, third } };
  }

  it('CSV: one row per claim of the source in the period, money as decimals with its currency, every formula-like cell escaped', async () => {
    const { family, esaId, claims, expenses } = await esaWithClaims();
    const answer = await download(server, family, 'export.csv', { fundingSourceId: esaId, from: '2026-01-01', to: '2026-12-31' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="reimbursements_Arizona ESA_2026-01-01_2026-12-31.csv"');
    const rows = parseCsv(answer.bytes.toString('utf8'));
    expect(rows.map((row) => Number(row.Claim))).toEqual([claims.formula, claims.traversal, claims.quoted, claims.twin]);
    expect(rows[0]).toEqual({
      Claim: String(claims.formula),
      Expense: String(expenses.formula),
      'Funding source': 'Arizona ESA',
      'Service date': '2026-03-02',
      'Service end date': '',
      Provider: `'=HYPERLINK("http://evil.example","x")`,
      Category: 'therapy',
      Currency: 'USD',
      'Expense amount': '150.00',
      Asked: '90.00',
      Status: 'partially-paid',
      Approved: '80.00',
      Paid: '25.50',
      'Submitted on': '2026-03-05',
      Reference: `'@REF`,
      Receipts: '2026-03-02_=HYPERLINK( http evil.example , x )_150.00.pdf; 2026-03-02_=HYPERLINK( http evil.example , x )_150.00.png',
    });
    expect(rows.slice(1).map((row) => [row.Provider, row['Expense amount'], row.Asked, row.Status, row.Approved, row.Paid])).toEqual([
      ['../../x', '49.99', '49.99', 'draft', '', '0.00'],
      ['A/B "C"', '1.00', '1.00', 'draft', '', '0.00'],
      ['A/B "C"', '1.00', '1.00', 'draft', '', '0.00'],
    ]);
    // A period with no claims: the header alone.
    const empty = await download(server, family, 'export.csv', { fundingSourceId: esaId, from: '2020-01-01', to: '2020-12-31' });
    expect(empty.bytes.toString('utf8').split('\r\n')[0]).toBe(
      '\uFEFFClaim,Expense,Funding source,Service date,Service end date,Provider,Category,Currency,Expense amount,Asked,Status,Approved,Paid,Submitted on,Reference,Receipts',
    );
    // Without a source: every source's claims, the HSA's too.
    const all = parseCsv((await download(server, family, 'export.csv', FIXTURE_YEAR)).bytes.toString('utf8'));
    expect(all.map((row) => Number(row.Claim)).sort((a, b) => a - b)).toEqual(
      [claims.formula, claims.traversal, claims.quoted, claims.twin, claims.hsa].sort((a, b) => a - b),
    );
  });

  it('without a period, both exports cover this calendar year', async () => {
    const family = await signUpParentWithChild(server);
    const source = await family.call('POST', '/funding-sources', { kind: 'grant', name: 'Grant', currency: 'USD' });
    const sourceId = source.body.id as number;
    // Dates built from today (a service date may not be in the future): this year's first day is in, last year's last is not.
    const year = Number(isoDay().slice(0, 4));
    const inYear = await claim(family.call, await expense(family.call, { provider: 'In', serviceDate: `${year}-01-01` }), sourceId, 100);
    await claim(family.call, await expense(family.call, { provider: 'Out', serviceDate: `${year - 1}-12-31` }), sourceId, 100);
    const csv = await download(server, family, 'export.csv', { fundingSourceId: sourceId });
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename=reimbursements_Grant_${year}-01-01_${year}-12-31.csv`);
    expect(parseCsv(csv.bytes.toString('utf8')).map((row) => Number(row.Claim))).toEqual([inYear]);
    const zip = await download(server, family, 'export.zip', { fundingSourceId: sourceId });
    expect(zip.headers.get('content-disposition')).toBe(`attachment; filename=reimbursements_Grant_${year}-01-01_${year}-12-31.zip`);
  });

  it('CSV cells beginning with = + - @, a tab or a carriage return start with a quote mark', async () => {
    const family = await signUpParentWithChild(server);
    const source = await family.call('POST', '/funding-sources', { kind: 'grant', name: '+Grant', currency: 'EUR' });
    const providers = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTabbed', '\rReturned', 'Plain, with "quotes"'];
    for (const provider of providers) {
      const id = await expense(family.call, { provider: provider.trim(), currency: 'EUR', amountCents: 1234 });
      // The API trims what a parent types: a leading tab or carriage return can only be in an older row.
      await server.db.updateTable('expenses').set({ provider }).where('id', '=', id).execute();
      await claim(family.call, id, source.body.id as number, 1000);
    }
    const answer = await download(server, family, 'export.csv', {
      fundingSourceId: source.body.id as number,
      from: '2026-01-01',
      to: '2026-12-31',
    });
    const rows = parseCsv(answer.bytes.toString('utf8'));
    expect(rows.map((row) => [row.Provider, row['Funding source'], row.Currency, row['Expense amount'], row.Asked])).toEqual([
      ["'=1+1", "'+Grant", 'EUR', '12.34', '10.00'],
      ["'+SUM(A1)", "'+Grant", 'EUR', '12.34', '10.00'],
      ["'-2+3", "'+Grant", 'EUR', '12.34', '10.00'],
      ["'@cmd", "'+Grant", 'EUR', '12.34', '10.00'],
      ["'\tTabbed", "'+Grant", 'EUR', '12.34', '10.00'],
      ["'\rReturned", "'+Grant", 'EUR', '12.34', '10.00'],
      ['Plain, with "quotes"', "'+Grant", 'EUR', '12.34', '10.00'],
    ]);
  });

  it('ZIP: index.csv and the files agree, each file is the vault\u2019s bytes, names are single safe segments, duplicates get (2)', async () => {
    const { family, esaId, claims, expenses, documents } = await esaWithClaims();
    const answer = await download(server, family, 'export.zip', { fundingSourceId: esaId, from: '2026-01-01', to: '2026-12-31' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="reimbursements_Arizona ESA_2026-01-01_2026-12-31.zip"');
    const entries = readZip(answer.bytes);
    const names = entries.map((entry) => entry.name);
    expect(names).toEqual([
      'index.csv',
      '2026-03-02_=HYPERLINK( http evil.example , x )_150.00.pdf',
      '2026-03-02_=HYPERLINK( http evil.example , x )_150.00.png',
      '2026-04-10_x_49.99.txt',
      '2026-04-11_A B C_1.00.jpg',
      '2026-04-11_A B C_1.00 (2).jpg',
    ]);
    for (const name of names) expect(name).toMatch(/^[^/\\.][^/\\:*?"<>|]*$/);
    const index = parseCsv(entries[0]!.read().toString('utf8'));
    expect(index.map((row) => [row.File, row.Claims, row.Expense, row['Vault file name']])).toEqual([
      [names[1], String(claims.formula), String(expenses.formula), 'Invoice March.pdf'],
      [names[2], String(claims.formula), String(expenses.formula), 'photo of receipt.png'],
      [names[3], String(claims.traversal), String(expenses.traversal), 'second.txt'],
      [names[4], String(claims.quoted), String(expenses.quoted), 'third.jpg'],
      [names[5], String(claims.twin), String(expenses.twin), 'third.jpg'],
    ]);
    const bytesOf = async (id: number) => {
      const response = await fetch(`${server.url}/api/documents/${id}/content?childId=${family.childId}`, {
        headers: { authorization: `Bearer ${family.token}` },
      });
      return Buffer.from(await response.arrayBuffer());
    };
    expect(entries.slice(1).map((entry) => entry.read())).toEqual([
      await bytesOf(documents.pdf),
      await bytesOf(documents.png),
      await bytesOf(documents.second),
      await bytesOf(documents.third),
      await bytesOf(documents.third),
    ]);
    // The CSV names the same files.
    const csv = parseCsv(
      (await download(server, family, 'export.csv', { fundingSourceId: esaId, ...FIXTURE_YEAR })).bytes.toString('utf8'),
    );
    expect(csv.map((row) => row.Receipts)).toEqual([`${names[1]}; ${names[2]}`, names[3], names[4], names[5]]);
  });

  it('another child\u2019s funding source is a 404 for both exports; a viewer may export', async () => {
    const { family, esaId } = await esaWithClaims();
    const neighbour = await signUpParentWithChild(server);
    for (const file of ['export.csv', 'export.zip']) {
      const answer = await api(server, 'GET', `/api/reimbursements/${file}?childId=${neighbour.childId}&fundingSourceId=${esaId}`, {
        token: neighbour.token,
      });
      expect(expectApiError(answer, 404, 'NOT_FOUND').message).toBe('Funding source not found');
    }
    const viewer = await signUpParent(server);
    await shareChildren(server.services, family.userId, viewer.userId, 'viewer', [family.childId], viewer.email);
    const asViewer = { token: viewer.token, childId: family.childId };
    const csv = await download(server, asViewer, 'export.csv', { fundingSourceId: esaId, ...FIXTURE_YEAR });
    const zip = await download(server, asViewer, 'export.zip', { fundingSourceId: esaId, ...FIXTURE_YEAR });
    expect([csv.status, zip.status]).toEqual([200, 200]);
    expect(parseCsv(csv.bytes.toString('utf8'))).toHaveLength(4);
    expect(readZip(zip.bytes)).toHaveLength(6);
  });
});

const MB = 1024 * 1024;
const PHOTOS = 12;

/** A photo the vault stores as it is (JPEG's first bytes, nothing to compress). */
function photo(): Uint8Array<ArrayBuffer> {
  const bytes = randomFillSync(new Uint8Array(2 * MB));
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
}

describe('a receipts ZIP that cannot finish (a real server process)', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess();
  }, 60_000);
  afterAll(() => server?.stop());

  async function familyWithReceipts() {
    const family = await signUpParentWithChild(server);
    const source = await family.call('POST', '/funding-sources', { kind: 'esa', name: 'ESA' });
    for (let index = 0; index < PHOTOS; index += 1) {
      const documentId = await uploadDocument(server, family, `receipt-${index}.jpg`, photo());
      const expenseId = (
        await family.call('POST', '/expenses', {
          provider: `Tutor ${index}`,
          serviceDate: '2026-02-01',
          amountCents: 5000,
          documentIds: [documentId],
        })
      ).body.id as number;
      expect(
        (await family.call('POST', `/expenses/${expenseId}/claims`, { fundingSourceId: source.body.id, amountCents: 5000 })).status,
      ).toBe(201);
    }
    // The vault is done reading the photos before the ZIP is asked for.
    await expect
      .poll(
        async () =>
          ((await family.call('GET', '/documents')).body as { items: { processing: string }[] }).items.every(
            (item) => item.processing !== 'pending',
          ),
        {
          timeout: 120_000,
          interval: 100,
        },
      )
      .toBe(true);
    return { family, sourceId: source.body.id as number };
  }

  const zipUrl = (family: Family, sourceId: number) =>
    `${server.url}/api/reimbursements/export.zip?childId=${family.childId}&fundingSourceId=${sourceId}&from=2026-01-01&to=2026-12-31`;

  it('a reader that goes away after the first megabyte: the server stops reading the receipts and goes on answering', async () => {
    const { family, sourceId } = await familyWithReceipts();
    const response = await fetch(zipUrl(family, sourceId), { headers: { authorization: `Bearer ${family.token}` } });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = 0;
    while (received < MB) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value.byteLength;
    }
    await reader.cancel();
    const stopped = await server.waitForLog('receipts ZIP stopped before its end', { childId: family.childId });
    expect(stopped.files).toBe(PHOTOS);
    expect(stopped.opened).toBeLessThan(PHOTOS);
    // A reader that left is logged at info (pino's 30), not as a fault.
    expect(stopped.level).toBe(30);
    expect(server.running()).toBe(true);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // The same ZIP read to its end holds every receipt.
    const whole = await fetch(zipUrl(family, sourceId), { headers: { authorization: `Bearer ${family.token}` } });
    expect(readZip(Buffer.from(await whole.arrayBuffer())).map((entry) => entry.size)).toEqual([
      expect.any(Number),
      ...Array(PHOTOS).fill(2 * MB),
    ]);
  }, 240_000);

  it('receipts the vault cannot read: the download ends short instead of a whole-looking ZIP, and the server goes on', async () => {
    const { family, sourceId } = await familyWithReceipts();
    // Every stored file gone from under the vault (a disk lost, a restore half done).
    const objects = path.join(server.dataDir, 'objects');
    const stored = await filesUnder(objects);
    expect(stored.length).toBeGreaterThanOrEqual(PHOTOS);
    for (const file of stored) await rm(path.join(objects, file));
    const response = await fetch(zipUrl(family, sourceId), { headers: { authorization: `Bearer ${family.token}` } });
    expect(response.status).toBe(200);
    const outcome = await response.arrayBuffer().then(
      (bytes) => `read whole, ${bytes.byteLength} bytes`,
      () => 'ended short',
    );
    expect(outcome).toBe('ended short');
    const stopped = await server.waitForLog('receipts ZIP stopped before its end', { childId: family.childId });
    expect(stopped.opened).toBe(1);
    // A file the vault could not read is a fault worth a look: warn (pino's 40).
    expect(stopped.level).toBe(40);
    expect(server.running()).toBe(true);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  }, 240_000);
});
