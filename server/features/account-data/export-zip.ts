import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { EXPORT_SCHEMA_VERSION } from '#shared/schemas/account-data.ts';
import { countRecords, readRecords, type AccountContext, type AccountDataPart, type ExportFile } from '../../core/account-data.ts';
import type { Db } from '../../db/database.ts';
import { safeSegment, uniqueNames } from '../../core/file-names.ts';
import { zipStream } from '../../core/zip-stream.ts';

/** Reports items written; resolves false when the export should stop (its row is gone). */
export type ProgressReport = (done: number, total: number) => Promise<boolean>;

export class ExportCancelled extends Error {
  constructor() {
    super('the export was cancelled (its row is gone)');
  }
}

const PROGRESS_EVERY_MS = 250;

function readme(exportedAt: Date): string {
  return [
    'Everything you keep in Trelli, exported on ' + exportedAt.toISOString().slice(0, 10) + '.',
    '',
    'data.json     every record of your account and of each child, as JSON (schemaVersion says which layout).',
    '*.csv         the same records, one file per kind, for spreadsheets. Cells that begin with = + - @ carry a',
    "              leading ' so a spreadsheet shows them as text instead of running them as formulas.",
    'documents/    the files of your document vault, decrypted, one folder per child, named <date> <title>.',
    '',
    'Ids in one file match ids in the others: a goal\u2019s `id` is the `goalId` of its progress entries.',
    '',
  ].join('\r\n');
}

/** A cell as text: dates as ISO 8601, lists joined with "; ", objects as JSON. csv-stringify escapes formulas. */
const CSV_CAST = {
  date: (value: Date) => value.toISOString(),
  boolean: (value: boolean) => (value ? 'true' : 'false'),
  object: (value: object) =>
    Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('; ') : JSON.stringify(value),
};

/**
 * Builds the export's ZIP as a stream (yazl): data.json, one CSV per kind of record, the documents.
 * Rows are read a page at a time and files streamed from the store, so memory does not grow with the
 * account's size. PDFs, images and DOCX are stored as they are; text is deflated.
 */
export async function exportZip(input: {
  db: Db;
  parts: readonly AccountDataPart[];
  account: AccountContext;
  accountRow: Record<string, unknown>;
  exportedAt: Date;
  progress: ProgressReport;
}): Promise<Readable> {
  const { db, parts, account, exportedAt } = input;
  const kinds = parts.flatMap((part) => part.kinds);
  const counts = await Promise.all(kinds.map((kind) => countRecords(db, kind, account)));
  const files: ExportFile[] = [];
  for (const part of parts) {
    if (part.files) for await (const file of part.files(db, account)) files.push(file);
  }
  const total = counts.reduce((sum, count) => sum + count, 0) + files.length;

  let done = 0;
  let reportedAt = 0;
  async function advance(count: number, force = false): Promise<void> {
    done += count;
    const now = Date.now();
    if (!force && now - reportedAt < PROGRESS_EVERY_MS) return;
    reportedAt = now;
    if (!(await input.progress(done, total))) throw new ExportCancelled();
  }
  await advance(0, true);

  // Entries that fail stop the ZIP; entries still open when it stops are closed (core/zip-stream.ts).
  const { zip, output, fail, entry } = zipStream();
  const options = { mtime: exportedAt };
  zip.addBuffer(Buffer.from(readme(exportedAt), 'utf8'), 'README.txt', { ...options, compress: true });

  zip.addReadStreamLazy('data.json', { ...options, compress: true }, (callback) =>
    callback(
      null,
      entry(
        Readable.from(
          (async function* () {
            const head = { schemaVersion: EXPORT_SCHEMA_VERSION, exportedAt: exportedAt.toISOString(), account: input.accountRow };
            yield `${JSON.stringify(head, null, 2).replace(/\n\}$/, '')},\n  "records": {`;
            for (const [index, kind] of kinds.entries()) {
              yield `${index === 0 ? '' : ','}\n    ${JSON.stringify(kind.name)}: [`;
              let first = true;
              for await (const row of readRecords(db, kind, account)) {
                yield `${first ? '' : ','}\n      ${JSON.stringify(row)}`;
                first = false;
                await advance(1);
              }
              yield first ? ']' : '\n    ]';
            }
            yield '\n  }\n}\n';
          })(),
          { objectMode: false },
        ),
      ),
    ),
  );

  for (const kind of kinds) {
    zip.addReadStreamLazy(`${kind.name}.csv`, { ...options, compress: true }, (callback) => {
      const csv = entry(stringify({ header: true, bom: true, escape_formulas: true, cast: CSV_CAST }));
      entry(Readable.from(readRecords(db, kind, account))).pipe(csv);
      callback(null, csv);
    });
  }

  const folders = uniqueNames();
  const folderOf = new Map(account.children.map((child) => [child.id, folders(safeSegment(child.firstName, 'Child'))]));
  const namesIn = new Map<number, ReturnType<typeof uniqueNames>>();
  for (const file of files) {
    const folder = folderOf.get(file.childId) ?? 'Other';
    const names = namesIn.get(file.childId) ?? uniqueNames();
    namesIn.set(file.childId, names);
    const name = names(safeSegment(file.name, 'document'));
    zip.addReadStreamLazy(
      `documents/${folder}/${name}`,
      { mtime: file.modifiedAt, compress: file.compress, size: file.sizeBytes },
      (callback) => {
        // catch, not then's second argument: a throw inside the first handler fails the ZIP too.
        file
          .open()
          .then((body) => {
            entry(body);
            callback(
              null,
              entry(
                Readable.from(
                  (async function* () {
                    for await (const chunk of body as AsyncIterable<Buffer>) yield chunk;
                    await advance(1);
                  })(),
                  { objectMode: false },
                ),
              ),
            );
          })
          .catch(fail);
      },
    );
  }

  zip.end();
  const finished = Readable.from(
    (async function* () {
      for await (const chunk of output as AsyncIterable<Buffer>) yield chunk;
      await advance(0, true);
    })(),
    { objectMode: false },
  );
  return finished;
}
