import { Readable } from 'node:stream';
import type { RunningJob } from '../../core/jobs.ts';
import type { StoredFiles } from '../../core/stored-objects.ts';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../lib/logger.ts';
import { DocumentProcessorClosed, type DocumentProcessor } from './document-processor.ts';
import * as documents from './documents.repository.ts';

async function collect(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export interface ProcessingDeps {
  db: Db;
  files: StoredFiles;
  processor: DocumentProcessor;
  log: Logger;
}

/** The document as it is now, if it still holds `fileObjectId` and waits for it to be read; locked until `trx` ends. */
async function stillPending(trx: Db, id: number, fileObjectId: number) {
  const current = await documents.findForProcessing(trx, id);
  return current?.fileObjectId === fileObjectId && current.processing === 'pending' ? current : undefined;
}

/**
 * Reads the text and makes the thumbnail of one new file: the `documents.process` job (decision
 * 0091), queued in the transaction that wrote the document and run once across instances, one at a
 * time per instance. Safe to run again: a document that is gone, replaced or no longer pending is left
 * alone, and a result that went stale while the file was read (the file replaced or deleted meanwhile)
 * is dropped.
 */
export async function processDocument(deps: ProcessingDeps, id: number, job: Pick<RunningJob, 'id' | 'attempt' | 'lastAttempt'>) {
  const { db, files, processor, log } = deps;
  const document = await documents.findForProcessing(db, id);
  if (!document || document.processing !== 'pending') return;
  const fileObjectId = document.fileObjectId;
  const about = { documentId: id, jobId: job.id, attempt: job.attempt };
  log.info(about, 'document processing started');

  const markFailed = (error: unknown) => {
    log.warn({ ...about, err: error instanceof Error ? error.message : String(error) }, 'document processing failed');
    return db.transaction().execute(async (trx) => {
      const current = await stillPending(trx, id, fileObjectId);
      if (current) await documents.updateDocument(trx, current.childId, id, { processing: 'failed' });
    });
  };

  let bytes: Uint8Array;
  try {
    bytes = await collect(await files.read(fileObjectId));
  } catch (error) {
    // The store may answer again by the retry; the last attempt gives up.
    if (!job.lastAttempt) throw error;
    return markFailed(error);
  }
  let result;
  try {
    result = await processor.process(document.mediaType, bytes);
  } catch (error) {
    // The server is stopping: the job is taken again, by another instance or this one after its restart.
    if (error instanceof DocumentProcessorClosed) throw error;
    // The file itself is the trouble (too slow, too large): reading it again would end the same way.
    return markFailed(error);
  }
  const thumbnail = result.thumbnail ? await files.write(document.ownerId, Readable.from([result.thumbnail])) : null;
  const applied = await db.transaction().execute(async (trx) => {
    // The file may have been replaced or deleted while it was read, or another run finished first.
    const current = await stillPending(trx, id, fileObjectId);
    if (!current) return false;
    if (thumbnail && !(await files.commit(trx, thumbnail.id))) return false;
    await documents.updateDocument(trx, current.childId, id, {
      processing: 'done',
      contentText: result.text,
      pageCount: result.pageCount,
      thumbnailObjectId: thumbnail?.id ?? null,
    });
    return true;
  });
  if (applied) log.info(about, 'document processed');
  else if (thumbnail) await files.discard(thumbnail.id);
}
