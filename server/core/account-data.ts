import type { Readable } from 'node:stream';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { countRows, deleteOwnedRows, readRowsPage, type RowsOf } from './account-data.repository.ts';
import { authorName } from './authors.ts';
import { authorAccounts } from './authors.repository.ts';

/**
 * "Export everything" and "delete everything" (issue 10, decision 0053): each feature describes its
 * own records once, as a part, and server/account-data-parts.ts lists the parts. The export writes
 * every kind of record of every part; the deletion removes what no cascade from the account's row
 * reaches. A feature joins both by adding its part to that list: one line.
 */

/**
 * Given by the export to a feature that deletes a child or a document: withdraws the owner's exports
 * that hold it, in the deleting transaction (decision 0069). Resolves with how many were withdrawn.
 */
export interface ExportWithdrawal {
  withdrawExports(trx: Db, ownerId: string): Promise<number>;
}

/** The account being exported or deleted: the parent and the children whose `owner_id` is theirs. */
export interface AccountContext {
  ownerId: string;
  /** The sign-in email when Trelli keeps it (built-in accounts); null with Clerk. */
  email: string | null;
  children: readonly { id: number; firstName: string }[];
}

/** One kind of record: a table, read whole for the account, written to data.json and to `<name>.csv`. */
export interface RecordKind {
  /** Its name in data.json and its CSV file, e.g. `observations`, `progressEntries`. */
  name: string;
  table: keyof Database;
  /** The rows of the account's children (default `childId`; the children themselves use `id`)... */
  childColumn?: string;
  /** ...or the rows whose column names the account. Such rows are also deleted with the account, cascade or not. */
  ownerColumn?: string;
  /** A stable order: the primary key's columns. */
  orderBy: readonly string[];
  /** Columns left out: ids of stored objects, search indexes, copies of text the files hold. */
  omit?: readonly string[];
  /**
   * Columns naming who added the row (an account id), each written as the person's name under the
   * given field instead (decision 0086): the id alone tells a reader nothing. Read with the row.
   */
  authors?: Readonly<Record<string, string>>;
}

/** Puts the names of the people `kind.authors` names in place of their ids, for one page of rows. */
async function nameAuthors(db: Db, kind: RecordKind, page: Record<string, unknown>[]): Promise<void> {
  const columns = Object.entries(kind.authors ?? {});
  if (columns.length === 0) return;
  const idsByChild = new Map<number, Set<string>>();
  for (const row of page) {
    for (const [column] of columns) {
      const id = row[column];
      if (typeof id !== 'string') continue;
      const childId = Number(row.childId);
      idsByChild.set(childId, (idsByChild.get(childId) ?? new Set()).add(id));
    }
  }
  const names = new Map<string, string>();
  for (const [childId, ids] of idsByChild) {
    for (const account of await authorAccounts(db, childId, [...ids])) names.set(`${childId}:${account.id}`, authorName(account));
  }
  for (const row of page) {
    for (const [column, field] of columns) {
      const id = row[column];
      delete row[column];
      row[field] = typeof id === 'string' ? (names.get(`${Number(row.childId)}:${id}`) ?? null) : null;
    }
  }
}

/** A file the export carries, named for a person reading the ZIP. */
export interface ExportFile {
  /** The child's first name: files go under `documents/<first name>/`. */
  childId: number;
  /** The file's name before it is made safe and unique: `<date> <title>.<ext>`. */
  name: string;
  sizeBytes: number;
  /** False for formats already compressed (PDF, images, DOCX): stored as they are. */
  compress: boolean;
  modifiedAt: Date;
  /** The plaintext, streamed (decrypted segment by segment). */
  open(): Promise<Readable>;
}

export interface AccountDataPart {
  /** The feature, for logs. */
  feature: string;
  kinds: readonly RecordKind[];
  /** How many files `files` yields (for progress). */
  countFiles?(db: Db, account: AccountContext): Promise<number>;
  files?(db: Db, account: AccountContext): AsyncIterable<ExportFile>;
  /** Deletes, in the deleting transaction, what neither the account's row nor its children cascade to. */
  deleteAccount?(trx: Db, account: AccountContext): Promise<void>;
}

const PAGE_ROWS = 500;

function rowsOf(kind: RecordKind, account: AccountContext): RowsOf {
  if (kind.ownerColumn) return { table: kind.table, ownerColumn: kind.ownerColumn, ownerId: account.ownerId };
  return { table: kind.table, childColumn: kind.childColumn ?? 'childId', childIds: account.children.map((child) => child.id) };
}

/** How many rows of `kind` the account has. */
export function countRecords(db: Db, kind: RecordKind, account: AccountContext): Promise<number> {
  return countRows(db, rowsOf(kind, account));
}

/** The account's rows of `kind`, a page at a time (memory holds one page), without the omitted columns. */
export async function* readRecords(db: Db, kind: RecordKind, account: AccountContext): AsyncGenerator<Record<string, unknown>> {
  const rows = rowsOf(kind, account);
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const page = await readRowsPage(db, rows, kind.orderBy, offset, PAGE_ROWS);
    await nameAuthors(db, kind, page);
    for (const row of page) {
      for (const column of kind.omit ?? []) delete row[column];
      yield row;
    }
    if (page.length < PAGE_ROWS) return;
  }
}

/** Every part's deletion: owner-column rows, then the part's own hook. Runs in the deleting transaction. */
export async function deleteAccountRecords(trx: Db, parts: readonly AccountDataPart[], account: AccountContext): Promise<void> {
  for (const part of parts) {
    for (const kind of part.kinds) {
      if (kind.ownerColumn) await deleteOwnedRows(trx, kind.table, kind.ownerColumn, account.ownerId);
    }
    await part.deleteAccount?.(trx, account);
  }
}
