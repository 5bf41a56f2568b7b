import { Readable } from 'node:stream';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MEDIA_TYPES,
  schoolYearOf,
  type DocumentCategory,
  type DocumentCreate,
  type DocumentFacets,
  type DocumentFilter,
  type DocumentList,
  type DocumentRecord,
  type DocumentUpdate,
  type DocumentVersion,
  type LinkedDocument,
  type SearchMatch,
  type StorageUsage,
} from '#shared/schemas/document.ts';
import type { DeletedWithdrawingExports } from '#shared/schemas/account-data.ts';
import { formatBytes } from '#shared/bytes.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import type { ExportWithdrawal } from '../../core/account-data.ts';
import { requireChildGoals, type ChildScope } from '../../core/child-scope.ts';
import { recordChange } from '../../core/record-change.ts';
import type { Jobs, RunningJob } from '../../core/jobs.ts';
import type { StoredFiles } from '../../core/stored-objects.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { sniffMediaType, SNIFF_BYTES } from './document-sniff.ts';
import type { DocumentProcessor } from './document-processor.ts';
import { processDocumentJob } from './documents.jobs.ts';
import * as documents from './documents.repository.ts';
import { processDocument } from './documents.processing.ts';

export interface VaultLimits {
  maxFileBytes: number;
  quotaBytes: number;
}

/** One file arriving: its name as the client gave it, the description fields, and the bytes as they stream in. */
export interface IncomingFile {
  fileName: string;
  body: Readable;
}

const ALLOWED_TYPES = Object.values(DOCUMENT_MEDIA_TYPES).join(', ');

/** A file name that is safe to show and to offer for download: no path, no control characters, not too long. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[\uD800-\uDFFF]/g, (char, index: number, all: string) => (isPaired(all, index) ? char : ''))
    .trim()
    .replace(/^\.+/, '');
  const chars = [...cleaned];
  const short = chars.length > DOCUMENT_LIMITS.fileName ? chars.slice(chars.length - DOCUMENT_LIMITS.fileName).join('') : cleaned;
  return short.length > 0 ? short : 'document';
}

function isPaired(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code <= 0xdbff) return (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
  return (text.charCodeAt(index - 1) & 0xfc00) === 0xd800;
}

/** The title a file gets when the parent gives none: its name without the extension. */
export function titleFromFileName(fileName: string): string {
  const stem = fileName.replace(/\.[^.]{1,8}$/, '').trim();
  return [...(stem || fileName)].slice(0, DOCUMENT_LIMITS.title).join('');
}

/** Reads the first `size` bytes (fewer when the file is shorter) and leaves the stream paused after them. */
function readHead(stream: Readable, size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = (error?: unknown) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', done);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= size) {
        stream.pause();
        done();
      }
    };
    const onEnd = () => done();
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', done);
  });
}

/** The head again, then the rest of the stream; fails with a 413 naming `limit` once the bytes pass it. */
function withLimit(head: Buffer, rest: Readable, limit: number, tooLarge: () => AppError): Readable {
  return Readable.from(
    (async function* () {
      let total = head.length;
      if (total > limit) throw tooLarge();
      yield head;
      for await (const chunk of rest as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limit) throw tooLarge();
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/** An excerpt from the database with its marks turned into highlight positions. */
function excerptOf(field: SearchMatch['field'], raw: string, page: number | null): SearchMatch {
  const highlights: SearchMatch['highlights'] = [];
  let excerpt = '';
  let start = -1;
  for (const char of raw) {
    if (char === documents.MATCH_START) start = excerpt.length;
    else if (char === documents.MATCH_END) {
      if (start >= 0) highlights.push({ start, length: excerpt.length - start });
      start = -1;
    } else excerpt += char;
  }
  return { field, excerpt, highlights, page };
}

export function createDocumentsService(deps: {
  db: Db;
  files: StoredFiles;
  processor: DocumentProcessor;
  limits: VaultLimits;
  log: Logger;
  /** Withdraws the exports that hold a deleted document. */
  exports: ExportWithdrawal;
  /** Each new file is read by a `documents.process` job (decision 0091). */
  jobs: Jobs;
  now?: () => Date;
}) {
  const { db, files, limits, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  /** Queues the reading of the document's file in `trx`, which holds the owner's quota lock: the owner's files take turns with others'. */
  const queueProcessing = (trx: Db, id: number, ownerId: string) =>
    jobs.send(processDocumentJob, { documentId: id, ownerId }, { trx, turnOf: ownerId });

  /** The documents as the API gives them: with their goals, who added them, and how many earlier files they keep. */
  async function withGoals(scope: ChildScope, rows: documents.ListedDocumentRow[], trx: Db = db): Promise<DocumentRecord[]> {
    const ids = rows.map((row) => row.id);
    const [goals, versions, authorOf] = await Promise.all([
      documents.goalIdsByDocument(trx, ids),
      documents.versionCounts(trx, ids),
      authorsFor(
        trx,
        scope,
        rows.flatMap((row) => [row.createdBy, row.fileAddedBy]),
      ),
    ]);
    return rows.map((row) => toDocument(row, goals.get(row.id) ?? [], authorOf, versions.get(row.id) ?? 0));
  }

  async function readDocument(trx: Db, scope: ChildScope, id: number): Promise<DocumentRecord> {
    const row = await documents.findDocument(trx, scope.childId, id);
    if (!row) throw AppError.notFound('Document');
    return (await withGoals(scope, [row], trx))[0] as DocumentRecord;
  }

  function described(fields: DocumentCreate | DocumentUpdate): Partial<{ schoolYear: string | null }> {
    // The school year follows the date unless the parent names one.
    if (fields.schoolYear !== undefined) return { schoolYear: fields.schoolYear };
    if (fields.documentDate !== undefined) return { schoolYear: fields.documentDate ? schoolYearOf(fields.documentDate) : null };
    return {};
  }

  /** Sniffs, checks the limits, encrypts and stores the file; returns the stored object (not yet committed). */
  async function store(scope: ChildScope, file: IncomingFile) {
    const head = await readHead(file.body, SNIFF_BYTES);
    const sniffed = await sniffMediaType(head);
    if (!sniffed.ok) {
      if (sniffed.reason === 'empty') throw new AppError('UNPROCESSABLE_CONTENT', 'The file is empty.');
      if (sniffed.reason === 'script') {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `This file holds web page or SVG content, which could run script when opened. Accepted: ${ALLOWED_TYPES}.`,
        );
      }
      const what = sniffed.detected ? `This file is ${sniffed.detected}` : 'This kind of file is not accepted';
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${what}. Accepted: ${ALLOWED_TYPES}.`);
    }
    const used = await files.usedBytes(db, scope.ownerId);
    const room = limits.quotaBytes - used;
    const quotaFull = () =>
      new AppError(
        'PAYLOAD_TOO_LARGE',
        `This file does not fit in your storage space of ${formatBytes(limits.quotaBytes)} (${formatBytes(Math.max(used, 0))} used). Delete documents you no longer need to make room.`,
      );
    if (room <= 0) throw quotaFull();
    const limit = Math.min(limits.maxFileBytes, room);
    const tooLarge = () =>
      limit === limits.maxFileBytes
        ? new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${formatBytes(limits.maxFileBytes)}, the most one file may be.`)
        : quotaFull();
    const written = await files.write(scope.ownerId, withLimit(head, file.body, limit, tooLarge));
    return { ...written, mediaType: sniffed.mediaType, quotaFull };
  }

  /** Commits a written object in `trx` after re-checking the quota under the owner's lock. */
  async function commitWithinQuota(trx: Db, scope: ChildScope, objectId: number, quotaFull: () => AppError, replacing = 0) {
    await files.lockQuota(trx, scope.ownerId);
    // Every object being written counts, this one included; a replaced file's bytes are about to go.
    if ((await files.usedBytes(trx, scope.ownerId)) - replacing > limits.quotaBytes) throw quotaFull();
    if (!(await files.commit(trx, objectId)))
      throw new AppError('CONFLICT', 'The upload took too long and was discarded. Please try again.');
  }

  return {
    limits,

    async list(scope: ChildScope, filter: DocumentFilter): Promise<DocumentList> {
      const { rows, total } = await documents.listDocuments(db, scope.childId, filter);
      const records = await withGoals(scope, rows);
      const excerpts = filter.q
        ? await documents.searchExcerpts(
            db,
            rows.map((row) => row.id),
            filter.q,
          )
        : [];
      const order: SearchMatch['field'][] = ['title', 'tags', 'note', 'text'];
      return {
        total,
        items: records.map((record) => ({
          ...record,
          matches: excerpts
            .filter((excerpt) => excerpt.documentId === record.id)
            .sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field))
            .map((excerpt) => excerptOf(excerpt.field, excerpt.excerpt, excerpt.page)),
        })),
      };
    },

    async facets(scope: ChildScope): Promise<DocumentFacets> {
      return documents.documentFacets(db, scope.childId);
    },

    byId: (scope: ChildScope, id: number) => readDocument(db, scope, id),

    /** The child's documents whose file is still being read: what the vault's live progress watches (decision 0093). */
    async processing(scope: ChildScope): Promise<{ pending: number[] }> {
      return { pending: await documents.pendingDocumentIds(db, scope.childId) };
    },

    async usage(ownerId: string): Promise<StorageUsage> {
      const [usedBytes, documentCount] = await Promise.all([files.usedBytes(db, ownerId), documents.countDocumentsOfOwner(db, ownerId)]);
      return { usedBytes, quotaBytes: limits.quotaBytes, maxFileBytes: limits.maxFileBytes, documentCount };
    },

    /** Adds a document: the file streams through sniffing and encryption into the store, then its row is written. */
    async upload(scope: ChildScope, file: IncomingFile, fields: DocumentCreate): Promise<DocumentRecord> {
      const fileName = cleanFileName(file.fileName);
      const stored = await store(scope, file);
      try {
        const row = await recordChange(db, scope, { action: 'document.added', subjectType: 'document' }, async (trx) => {
          await commitWithinQuota(trx, scope, stored.id, stored.quotaFull);
          if (fields.goalIds) await requireChildGoals(trx, scope, fields.goalIds, (index) => `goalIds.${index}`);
          const inserted = await documents.insertDocument(trx, {
            childId: scope.childId,
            title: fields.title ?? titleFromFileName(fileName),
            category: fields.category ?? 'other',
            documentDate: fields.documentDate ?? null,
            schoolYear: null,
            tags: fields.tags ?? [],
            note: fields.note ?? null,
            ...described(fields),
            fileName,
            mediaType: stored.mediaType,
            sizeBytes: stored.sizeBytes,
            fileObjectId: stored.id,
            createdBy: scope.userId,
            fileAddedAt: now(),
            fileAddedBy: scope.userId,
          });
          if (fields.goalIds?.length) await documents.setDocumentGoals(trx, scope.childId, inserted.id, fields.goalIds);
          // Read once committed, by whichever instance takes the job: the answer does not wait for it.
          await queueProcessing(trx, inserted.id, scope.ownerId);
          return inserted;
        });
        return await readDocument(db, scope, row.id);
      } catch (error) {
        await files.discard(stored.id).catch(() => undefined);
        throw error;
      }
    },

    /** Replaces the file of a document, keeping its description; the old file is kept as an earlier version (decision 0087). */
    async replaceFile(scope: ChildScope, id: number, file: IncomingFile): Promise<DocumentRecord> {
      if (!(await documents.findDocument(db, scope.childId, id))) throw AppError.notFound('Document');
      const fileName = cleanFileName(file.fileName);
      const stored = await store(scope, file);
      try {
        await recordChange(db, scope, { action: 'document.replaced', subjectType: 'document' }, async (trx) => {
          const current = await documents.lockDocument(trx, scope.childId, id);
          if (!current) throw AppError.notFound('Document');
          // The old file stays (as a version), so the new one needs room of its own.
          await commitWithinQuota(trx, scope, stored.id, stored.quotaFull);
          await documents.keepVersion(trx, current, scope.userId, now());
          // The trigger releases the old thumbnail (it is made again); the old file is a version now.
          const updated = await documents.updateDocument(trx, scope.childId, id, {
            fileAddedAt: now(),
            fileAddedBy: scope.userId,
            fileName,
            mediaType: stored.mediaType,
            sizeBytes: stored.sizeBytes,
            fileObjectId: stored.id,
            thumbnailObjectId: null,
            processing: 'pending',
            contentText: null,
            pageCount: null,
            updatedAt: now(),
          });
          await queueProcessing(trx, id, scope.ownerId);
          return updated as documents.ListedDocumentRow;
        });
      } catch (error) {
        await files.discard(stored.id).catch(() => undefined);
        throw error;
      }
      await files.purge();
      return readDocument(db, scope, id);
    },

    async update(scope: ChildScope, id: number, patch: DocumentUpdate): Promise<DocumentRecord> {
      await recordChange(db, scope, { action: 'document.updated', subjectType: 'document' }, async (trx) => {
        const { goalIds, ...fields } = patch;
        if (goalIds) await requireChildGoals(trx, scope, goalIds, (index) => `goalIds.${index}`);
        const updated = await documents.updateDocument(trx, scope.childId, id, { ...fields, ...described(patch), updatedAt: now() });
        if (!updated) throw AppError.notFound('Document');
        if (goalIds) await documents.setDocumentGoals(trx, scope.childId, id, goalIds);
        return updated;
      });
      return readDocument(db, scope, id);
    },

    async delete(scope: ChildScope, id: number): Promise<DeletedWithdrawingExports> {
      const exportsWithdrawn = await recordChange(db, scope, { action: 'document.deleted', subjectType: 'document' }, async (trx) => {
        if (!(await documents.deleteDocument(trx, scope.childId, id))) throw AppError.notFound('Document');
        return { id, withdrawn: await deps.exports.withdrawExports(trx, scope.ownerId) };
      });
      await files.purge();
      return { id, deleted: true, exportsWithdrawn: exportsWithdrawn.withdrawn };
    },

    /** The file (or its bytes start..end, from `range` given its size) with what a download needs to describe it. */
    async openFile(scope: ChildScope, id: number, range?: (size: number) => { start: number; end: number } | undefined) {
      const row = await documents.findDocument(db, scope.childId, id);
      if (!row) throw AppError.notFound('Document');
      const wanted = range?.(row.sizeBytes);
      const file = { fileName: row.fileName, mediaType: row.mediaType, sizeBytes: row.sizeBytes };
      return { file, range: wanted, body: await files.read(row.fileObjectId, wanted) };
    },

    /** The document's earlier files, the most recently replaced first. */
    async versions(scope: ChildScope, id: number): Promise<DocumentVersion[]> {
      if (!(await documents.findDocument(db, scope.childId, id))) throw AppError.notFound('Document');
      const rows = await documents.listVersions(db, scope.childId, id);
      const authorOf = await authorsFor(
        db,
        scope,
        rows.flatMap((row) => [row.addedBy, row.replacedBy]),
      );
      return rows.map((row) => ({
        id: row.id,
        documentId: row.documentId,
        fileName: row.fileName,
        mediaType: row.mediaType,
        sizeBytes: row.sizeBytes,
        pageCount: row.pageCount,
        addedAt: row.addedAt.toISOString(),
        addedBy: authorOf(row.addedBy),
        replacedAt: row.replacedAt.toISOString(),
        replacedBy: authorOf(row.replacedBy),
      }));
    },

    /** An earlier file of the document, whole, with what a download needs to describe it. */
    async openVersion(scope: ChildScope, id: number, versionId: number) {
      const row = await documents.findVersion(db, scope.childId, id, versionId);
      if (!row) throw AppError.notFound('Earlier version');
      const file = { fileName: row.fileName, mediaType: row.mediaType, sizeBytes: row.sizeBytes };
      return { file, body: await files.read(row.fileObjectId) };
    },

    async openThumbnail(scope: ChildScope, id: number): Promise<Readable> {
      const row = await documents.findDocument(db, scope.childId, id);
      if (!row) throw AppError.notFound('Document');
      if (row.thumbnailObjectId === null) throw AppError.notFound('Thumbnail');
      return files.read(row.thumbnailObjectId);
    },

    /** The documents linked to one of the child's goals (for the goals feature, through createServices). */
    async listLinkedToGoal(trx: Db, scope: ChildScope, goalId: number): Promise<LinkedDocument[]> {
      return documents.documentsLinkedToGoal(trx, scope.childId, goalId);
    },

    /**
     * The child's documents among `ids` (others are left out): how the reimbursements feature checks
     * and names an expense's receipts without reading this table.
     */
    async describe(trx: Db, scope: ChildScope, ids: number[]) {
      return documents.describeDocuments(trx, scope.childId, ids);
    },

    /** One of the child's documents' extracted text (undefined when it is not the child's): what a receipt proposes. */
    async textOf(trx: Db, scope: ChildScope, id: number) {
      return documents.documentText(trx, scope.childId, id);
    },

    /** The child's documents of `categories` added in a period (UTC days, both included), newest first (for another feature: the meeting pack). */
    async addedBetween(scope: ChildScope, categories: readonly DocumentCategory[], range: { from: string; to: string }) {
      return documents.documentsAddedBetween(db, scope.childId, categories, range.from, range.to);
    },

    /** Which `patterns` the text of one of the child's read documents of `categories` matches, by index (the plan's services, for the meeting pack). */
    patternsInCategories(scope: ChildScope, categories: readonly DocumentCategory[], patterns: readonly string[]): Promise<number[]> {
      return documents.patternsInDocumentsOf(db, scope.childId, categories, patterns);
    },

    /** Reads the document's new file: the `documents.process` job's handler (documents.jobs.ts). */
    process: (id: number, job: Pick<RunningJob, 'id' | 'attempt' | 'lastAttempt'>) =>
      processDocument({ db, files, processor: deps.processor, log: deps.log }, id, job),

    /**
     * Queues a job for each document still waiting to be read that has none: those an older version
     * kept in its in-process queue when it stopped (decision 0091). Run at start-up; two instances
     * starting at once may both queue one, and the second run finds the document read.
     */
    async queueLeftPending(): Promise<number> {
      const queued = new Set(
        (await jobs.queuedData(processDocumentJob)).map((data) => processDocumentJob.schema.safeParse(data).data?.documentId),
      );
      let sent = 0;
      for (const { id, ownerId } of await documents.pendingDocuments(db, 1000)) {
        if (queued.has(id)) continue;
        await db.transaction().execute(async (trx) => {
          await files.lockQuota(trx, ownerId);
          await queueProcessing(trx, id, ownerId);
        });
        sent += 1;
      }
      return sent;
    },
    /** Resolves when no background job (a file being read among them) is due or running (tests and benches). */
    idle: () => jobs.idle(),
    close: () => deps.processor.close(),
  };
}

export function toDocument(
  row: documents.ListedDocumentRow,
  goalIds: number[],
  authorOf: AuthorOf,
  earlierVersions: number,
): DocumentRecord {
  return {
    id: row.id,
    childId: row.childId,
    title: row.title,
    category: row.category,
    documentDate: row.documentDate,
    schoolYear: row.schoolYear,
    tags: row.tags,
    note: row.note,
    fileName: row.fileName,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    pageCount: row.pageCount,
    processing: row.processing,
    hasThumbnail: row.thumbnailObjectId !== null,
    goalIds,
    addedBy: authorOf(row.createdBy),
    fileAddedAt: row.fileAddedAt.toISOString(),
    fileAddedBy: authorOf(row.fileAddedBy),
    earlierVersions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
