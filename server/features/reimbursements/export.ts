import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { moneyInputValue } from '#shared/money.ts';
import { extensionFor, safeSegment, uniqueNames } from '../../core/file-names.ts';
import { zipStream } from '../../core/zip-stream.ts';
import type { ExportClaimRow } from './export.repository.ts';

/** A vault document as the export names it. */
export interface ExportDocument {
  id: number;
  title: string;
  fileName: string;
  mediaType: string;
}

/** One file of the receipts ZIP: a document of an expense with claims in the export. */
export interface ReceiptFile {
  /** The name in the ZIP (and in the CSV's Receipts column). */
  name: string;
  documentId: number;
  expenseId: number;
  claimIds: number[];
  row: ExportClaimRow;
  document: ExportDocument;
}

/** Files a deflate shrinks; PDFs and photos are stored as they are. */
const COMPRESSIBLE = new Set(['text/plain']);

/** `<date>_<provider>_<amount>.<ext>`, one safe path segment whatever the provider holds (`../../x`, `A/B "C"`). */
function receiptName(row: ExportClaimRow, document: ExportDocument): string {
  // The provider is cut first, so the 100-character limit never eats the date or the amount.
  const provider = safeSegment([...row.provider].slice(0, 60).join(''), 'provider');
  const amount = moneyInputValue(row.expenseCents, row.currency);
  return safeSegment(
    `${row.serviceDate}_${provider}_${amount}.${extensionFor(document.fileName, document.mediaType)}`,
    `${row.serviceDate}_receipt.${extensionFor(document.fileName, document.mediaType)}`,
  );
}

/**
 * Every expense document of the exported claims, once per expense, in the claims' order, each with a
 * unique name (a second one of the same name gets ` (2)`). The CSV and the ZIP both use these names.
 */
export function receiptFiles(rows: readonly ExportClaimRow[], documents: readonly ExportDocument[]): ReceiptFile[] {
  const byId = new Map(documents.map((document) => [document.id, document]));
  const claimsOf = new Map<number, number[]>();
  for (const row of rows) claimsOf.set(row.expenseId, [...(claimsOf.get(row.expenseId) ?? []), row.claimId]);
  const names = uniqueNames();
  names('index.csv');
  const seen = new Set<number>();
  const files: ReceiptFile[] = [];
  for (const row of rows) {
    if (seen.has(row.expenseId)) continue;
    seen.add(row.expenseId);
    for (const documentId of row.documentIds) {
      const document = byId.get(documentId);
      if (!document) continue;
      files.push({
        name: names(receiptName(row, document)),
        documentId,
        expenseId: row.expenseId,
        claimIds: claimsOf.get(row.expenseId) ?? [],
        row,
        document,
      });
    }
  }
  return files;
}

const money = (cents: number | null, currency: string) => (cents === null ? '' : moneyInputValue(cents, currency));

/** csv-stringify's formula escaping: a cell starting with = + - @ tab or CR gets a leading `'`. */
const CSV_OPTIONS = { header: true, bom: true, escape_formulas: true, record_delimiter: 'windows' } as const;

const CLAIM_COLUMNS = [
  'Claim',
  'Expense',
  'Funding source',
  'Service date',
  'Service end date',
  'Provider',
  'Category',
  'Currency',
  'Expense amount',
  'Asked',
  'Status',
  'Approved',
  'Paid',
  'Submitted on',
  'Reference',
  'Receipts',
];

/** The claims CSV: one row per claim, money as plain decimals of its currency. */
export function claimsCsv(rows: readonly ExportClaimRow[], files: readonly ReceiptFile[]): string {
  const receiptsOf = new Map<number, string[]>();
  for (const file of files) receiptsOf.set(file.expenseId, [...(receiptsOf.get(file.expenseId) ?? []), file.name]);
  return stringify(
    rows.map((row) => ({
      Claim: row.claimId,
      Expense: row.expenseId,
      'Funding source': row.fundingSourceName,
      'Service date': row.serviceDate,
      'Service end date': row.serviceEndDate ?? '',
      Provider: row.provider,
      Category: row.category,
      Currency: row.currency,
      'Expense amount': money(row.expenseCents, row.currency),
      Asked: money(row.amountCents, row.currency),
      Status: row.status,
      Approved: money(row.approvedCents, row.currency),
      Paid: money(row.paidCents, row.currency),
      'Submitted on': row.submittedOn ?? '',
      Reference: row.reference ?? '',
      Receipts: (receiptsOf.get(row.expenseId) ?? []).join('; '),
    })),
    // Named columns: an export with no claims still has its header.
    { ...CSV_OPTIONS, columns: CLAIM_COLUMNS },
  );
}

/** The ZIP's index.csv: each file with the claims it supports. */
export function indexCsv(files: readonly ReceiptFile[]): string {
  return stringify(
    files.map((file) => ({
      File: file.name,
      Claims: file.claimIds.join('; '),
      Expense: file.expenseId,
      'Service date': file.row.serviceDate,
      Provider: file.row.provider,
      Currency: file.row.currency,
      'Expense amount': money(file.row.expenseCents, file.row.currency),
      Document: file.document.title,
      'Vault file name': file.document.fileName,
    })),
    {
      ...CSV_OPTIONS,
      columns: ['File', 'Claims', 'Expense', 'Service date', 'Provider', 'Currency', 'Expense amount', 'Document', 'Vault file name'],
    },
  );
}

export interface ZipOutcome {
  /** Files whose reading began. */
  opened: number;
  files: number;
  /** Why it stopped early: the reader went away, or a file failed. */
  error?: Error;
  /** It stopped because the reader went away (nothing failed before): ordinary, not a fault. */
  readerLeft?: true;
}

/**
 * The receipts ZIP as a stream (yazl): index.csv, then each file read from the vault only when yazl
 * reaches it, so one file is open at a time and memory does not grow with the files. A failure destroys
 * the output (the response then ends short), and when the output closes early (the client went away)
 * the file being read is destroyed (core/zip-stream.ts) and no further one is opened. `done` is called
 * once, either way.
 */
export function receiptsZip(input: {
  files: readonly ReceiptFile[];
  index: string;
  mtime: Date;
  open: (documentId: number) => Promise<Readable>;
  done: (outcome: ZipOutcome) => void;
}): Readable {
  const outcome: ZipOutcome = { opened: 0, files: input.files.length };
  const { zip, output, fail, entry } = zipStream((error) => {
    outcome.error ??= error;
  });
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    input.done(outcome);
  };
  output.once('close', () => {
    if (!output.readableEnded && !outcome.error) {
      outcome.error = new Error('the ZIP was not read to its end');
      outcome.readerLeft = true;
    }
    finish();
  });
  output.once('end', finish);

  zip.addBuffer(Buffer.from(input.index, 'utf8'), 'index.csv', { mtime: input.mtime, compress: true });
  for (const file of input.files) {
    zip.addReadStreamLazy(file.name, { mtime: input.mtime, compress: COMPRESSIBLE.has(file.document.mediaType) }, (callback) => {
      if (output.destroyed) return;
      outcome.opened += 1;
      // catch, not then's second argument: a throw inside the first handler fails the ZIP too.
      input
        .open(file.documentId)
        .then((body) => callback(null, entry(body)))
        .catch(fail);
    });
  }
  zip.end();
  return output;
}
