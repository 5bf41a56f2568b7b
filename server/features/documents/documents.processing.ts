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
 * in memory. Owners take turns (decision 0074): one file of each owner with files waiting, then the
 * next round, so a hundred files from one account hold up another's first by one file at most. The
 * queue lives in this process; the `processing = 'pending'` rows are the durable record, picked up
 * again at start-up.
 */
export function createProcessingQueue(deps: { db: Db; files: StoredFiles; processor: DocumentProcessor; log: Logger }) {
  const { db, files, processor, log } = deps;
  /** Each owner's waiting documents in order; owners in the order of their turns. */
  const waiting = new Map<string, Set<number>>();
  let running: Promise<void> | null = null;
  let closed = false;

  function add(id: number, ownerId: string): void {
    const mine = waiting.get(ownerId) ?? new Set<number>();
    mine.add(id);
    waiting.set(ownerId, mine);
  }

  /** The next owner's first document; that owner goes to the back of the line. */
  function takeNext(): number | undefined {
    const next = waiting.entries().next();
    if (next.done) return undefined;
    const [ownerId, mine] = next.value;
    const id = mine.values().next().value as number;
    mine.delete(id);
    waiting.delete(ownerId);
    if (mine.size > 0) waiting.set(ownerId, mine);
    return id;
  }

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
      const id = closed ? undefined : takeNext();
      if (id === undefined) return;
      try {
        await processOne(id);
      } catch (error) {
        log.warn({ documentId: id, err: error instanceof Error ? error.message : String(error) }, 'document processing stopped');
      }
    }
  }

  function drain(): void {
    if (running) return;
    // Cleared after it is stored: a run that finds nothing to do ends before this line would run otherwise.
    running = work().finally(() => {
      running = null;
      if (waiting.size > 0 && !closed) drain();
    });
  }

  return {
    /** Queues a document of `ownerId` (the owner of its child, whose turn it waits for). */
    enqueue(id: number, ownerId: string): void {
      add(id, ownerId);
      drain();
    },
    async resume(): Promise<void> {
      for (const { id, ownerId } of await documents.pendingDocuments(db, 1000)) add(id, ownerId);
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
