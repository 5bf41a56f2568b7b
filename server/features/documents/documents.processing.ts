import { Readable } from 'node:stream';
import type { StoredFiles } from '../../core/stored-objects.ts';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../lib/logger.ts';
import type { DocumentProcessor } from './document-processor.ts';
import * as documents from './documents.repository.ts';

async function collect(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads the text and makes the thumbnail of each new file, one file at a time (decision 0040): the
 * upload answers as soon as the file is stored, and parallel uploads never hold several whole files
 * in memory. The queue lives in this process; the `processing = 'pending'` rows are the durable
 * record, picked up again at start-up.
 */
export function createProcessingQueue(deps: { db: Db; files: StoredFiles; processor: DocumentProcessor; log: Logger }) {
  const { db, files, processor, log } = deps;
  const queued = new Set<number>();
  let running: Promise<void> | null = null;
  let closed = false;

  async function processOne(id: number): Promise<void> {
    const document = await documents.findForProcessing(db, id);
    if (!document || document.processing !== 'pending') return;
    const fileObjectId = document.fileObjectId;
    let result;
    try {
      const bytes = await collect(await files.read(fileObjectId));
      result = await processor.process(document.mediaType, bytes);
    } catch (error) {
      log.warn({ documentId: id, err: error instanceof Error ? error.message : String(error) }, 'document processing failed');
      await db.transaction().execute(async (trx) => {
        const current = await documents.findForProcessing(trx, id);
        if (current?.fileObjectId === fileObjectId) await documents.updateDocument(trx, current.childId, id, { processing: 'failed' });
      });
      return;
    }
    const thumbnail = result.thumbnail ? await files.write(document.ownerId, bufferStream(result.thumbnail)) : null;
    const applied = await db.transaction().execute(async (trx) => {
      // The file may have been replaced or deleted while it was read: then this result is stale.
      const current = await documents.findForProcessing(trx, id);
      if (!current || current.fileObjectId !== fileObjectId) return false;
      if (thumbnail && !(await files.commit(trx, thumbnail.id))) return false;
      await documents.updateDocument(trx, current.childId, id, {
        processing: 'done',
        contentText: result.text,
        pageCount: result.pageCount,
        thumbnailObjectId: thumbnail?.id ?? null,
      });
      return true;
    });
    if (!applied && thumbnail) await files.discard(thumbnail.id);
  }

  async function work(): Promise<void> {
    for (;;) {
      const next = queued.values().next();
      if (closed || next.done) return;
      queued.delete(next.value);
      try {
        await processOne(next.value);
      } catch (error) {
        log.warn({ documentId: next.value, err: error instanceof Error ? error.message : String(error) }, 'document processing stopped');
      }
    }
  }

  function drain(): void {
    if (running) return;
    // Cleared after it is stored: a run that finds nothing to do ends before this line would run otherwise.
    running = work().finally(() => {
      running = null;
      if (queued.size > 0 && !closed) drain();
    });
  }

  return {
    enqueue(id: number): void {
      queued.add(id);
      drain();
    },
    async resume(): Promise<void> {
      for (const id of await documents.pendingDocumentIds(db, 1000)) queued.add(id);
      drain();
    },
    async idle(): Promise<void> {
      for (let current = running; current; current = running) await current;
    },
    async close(): Promise<void> {
      closed = true;
      await running;
      await processor.close();
    },
  };
}

function bufferStream(bytes: Buffer): Readable {
  return Readable.from([bytes]);
}
