import { Worker } from 'node:worker_threads';
import { DOCUMENT_LIMITS, type DocumentMediaType } from '#shared/schemas/document.ts';
import type { WorkerJob, WorkerMessage, WorkerSettings } from './document-worker.ts';

export interface ProcessedDocument {
  /** Text for search (PDF and plain text), cleaned and cut at DOCUMENT_LIMITS.contentText; null when none. */
  text: string | null;
  /** Pages of a PDF; null for other types or a PDF that could not be read. */
  pageCount: number | null;
  /** A WebP at most THUMBNAIL_SIZE pixels on its long side (images, first page of a PDF); null when none. */
  thumbnail: Buffer | null;
}

export interface DocumentProcessor {
  /**
   * Reads a file in the worker thread, one file at a time in the order asked. The bytes are moved to
   * the worker, not copied, when the array owns its whole buffer: the caller's array is empty after.
   * Rejects with DocumentProcessingTimeout when a file takes too long, DocumentProcessorClosed after
   * close(); a file that cannot be read resolves with nulls instead.
   */
  process(mediaType: DocumentMediaType, bytes: Uint8Array): Promise<ProcessedDocument>;
  /** Stops the worker; jobs still waiting are rejected. */
  close(): Promise<void>;
}

export interface DocumentProcessorOptions {
  /** Per file, from when the worker starts on it (default 60 s). The worker is replaced after a timeout. */
  timeoutMs?: number;
  /** Files read by one worker before it is replaced (pdfjs keeps memory between documents; default 50). */
  recycleAfter?: number;
  /** The worker's JavaScript heap (default 512 MB): past it the worker dies, the server does not. */
  maxHeapMb?: number;
}

export const THUMBNAIL_SIZE = 320;
/** About 100 megapixels: any phone photo, but not a 60000 x 60000 PNG of a few kilobytes. */
export const MAX_IMAGE_PIXELS = 100_000_000;

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_RECYCLE_AFTER = 50;
const DEFAULT_MAX_HEAP_MB = 512;

export class DocumentProcessingTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`Reading the file took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
    this.name = 'DocumentProcessingTimeout';
  }
}

export class DocumentProcessorClosed extends Error {
  constructor() {
    super('The document processor is closed');
    this.name = 'DocumentProcessorClosed';
  }
}

interface QueuedJob {
  mediaType: DocumentMediaType;
  bytes: Uint8Array;
  resolve: (result: ProcessedDocument) => void;
  reject: (error: Error) => void;
}

/** A running worker: resolves `ready` once its modules are loaded. */
interface LiveWorker {
  worker: Worker;
  ready: Promise<void>;
  jobsDone: number;
  /** Called with the worker's answer, or with the reason it stopped answering. */
  onAnswer: ((answer: WorkerMessage | Error) => void) | null;
}

const WORKER_URL = new URL('./document-worker.ts', import.meta.url);

/** Only an array that owns all of a plain ArrayBuffer can be moved; a slice of Node's pool must be copied. */
function transferable(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    return { bytes, transfer: [buffer] };
  }
  const copy = new Uint8Array(bytes);
  return { bytes: copy, transfer: [copy.buffer] };
}

export function createDocumentProcessor(options: DocumentProcessorOptions = {}): DocumentProcessor {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const recycleAfter = options.recycleAfter ?? DEFAULT_RECYCLE_AFTER;
  const settings: WorkerSettings = {
    textLimit: DOCUMENT_LIMITS.contentText,
    thumbnailSize: THUMBNAIL_SIZE,
    maxInputPixels: MAX_IMAGE_PIXELS,
  };
  const queue: QueuedJob[] = [];
  let live: LiveWorker | null = null;
  let running = false;
  let closed = false;
  let nextId = 1;

  function startWorker(): LiveWorker {
    const worker = new Worker(WORKER_URL, {
      workerData: settings,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB },
    });
    // An idle worker must not keep the process alive; a running job's timer does.
    worker.unref();
    const started: LiveWorker = { worker, ready: Promise.resolve(), jobsDone: 0, onAnswer: null };
    started.ready = new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        reject(error);
        started.onAnswer?.(error);
        if (live === started) live = null;
      };
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve();
        else started.onAnswer?.(message);
      });
      worker.on('error', failed);
      worker.on('exit', (code) => failed(new Error(`The document worker stopped (exit code ${code})`)));
    });
    // Unhandled when nobody waits for it: a failure is reported through the job instead.
    started.ready.catch(() => {});
    return started;
  }

  async function stopWorker(stopping: LiveWorker): Promise<void> {
    if (live === stopping) live = null;
    await stopping.worker.terminate();
  }

  async function runJob(job: QueuedJob): Promise<ProcessedDocument> {
    live ??= startWorker();
    const current = live;
    await current.ready;
    const id = nextId++;
    const { bytes, transfer } = transferable(job.bytes);
    const answer = await new Promise<WorkerMessage | Error>((resolve) => {
      const timer = setTimeout(() => resolve(new DocumentProcessingTimeout(timeoutMs)), timeoutMs);
      current.onAnswer = (message) => {
        clearTimeout(timer);
        resolve(message);
      };
      const message: WorkerJob = { id, mediaType: job.mediaType, bytes };
      try {
        current.worker.postMessage(message, transfer);
      } catch {
        // Memory made by native code (sharp's output, say) cannot be moved: copy it instead.
        current.worker.postMessage(message, []);
      }
    });
    current.onAnswer = null;
    if (answer instanceof Error) {
      await stopWorker(current);
      throw answer;
    }
    if (answer.type !== 'done' || answer.id !== id) {
      await stopWorker(current);
      throw new Error('The document worker answered out of turn');
    }
    current.jobsDone++;
    if (current.jobsDone >= recycleAfter) await stopWorker(current);
    const { text, pageCount, thumbnail } = answer;
    return {
      text,
      pageCount,
      thumbnail: thumbnail ? Buffer.from(thumbnail.buffer, thumbnail.byteOffset, thumbnail.byteLength) : null,
    };
  }

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          job.resolve(await runJob(job));
        } catch (error) {
          // A worker stopped by close() fails its job with close() as the reason.
          if (closed) job.reject(new DocumentProcessorClosed());
          else job.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    process(mediaType, bytes) {
      if (closed) return Promise.reject(new DocumentProcessorClosed());
      return new Promise<ProcessedDocument>((resolve, reject) => {
        queue.push({ mediaType, bytes, resolve, reject });
        void drain();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new DocumentProcessorClosed());
      if (!live) return;
      // The job in progress, if any, is answered now rather than at its timeout.
      live.onAnswer?.(new DocumentProcessorClosed());
      await stopWorker(live);
    },
  };
}
