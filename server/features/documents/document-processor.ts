import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
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
   * Reads a file in the processor's child process, one file at a time in the order asked. Rejects with
   * DocumentProcessingTimeout when a file's text is not read in time, DocumentProcessorClosed after
   * close(); a file that cannot be read resolves with nulls instead, and a thumbnail over its budget
   * (operators, time, memory) is left out while the text is kept.
   */
  process(mediaType: DocumentMediaType, bytes: Uint8Array): Promise<ProcessedDocument>;
  /** Stops the child process; jobs still waiting are rejected. */
  close(): Promise<void>;
}

export interface DocumentProcessorOptions {
  /** Per file, from when the process starts on it (default 30 s). The process is replaced after a timeout. */
  timeoutMs?: number;
  /** No further page's text is read after this long (default 10 s); what was read is kept. */
  textMs?: number;
  /** The thumbnail's time, from when the text is read (default 10 s): past it the file is kept without one. */
  thumbnailMs?: number;
  /** Drawing operations on page 1 past which a PDF gets no thumbnail (default THUMBNAIL_OPERATORS). */
  thumbnailOperators?: number;
  /** Files read by one process before it is replaced (pdfjs keeps memory between documents; default 50). */
  recycleAfter?: number;
  /** The process is replaced after any file that leaves it holding more than this (default 200 MB of RSS). */
  recycleAboveMb?: number;
  /** The process's JavaScript heap (default 384 MB): past it the process dies, the server does not. */
  maxHeapMb?: number;
  /** The process is stopped after this long with nothing to do (default 30 s), so an idle server holds none of its memory. */
  idleMs?: number;
}

export const THUMBNAIL_SIZE = 320;
/** About 100 megapixels: any phone photo, but not a 60000 x 60000 PNG of a few kilobytes. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/**
 * A page of text or a scan draws tens to a few thousand operators, a dense chart some tens of
 * thousands; a hostile page holds a million in a few kilobytes. Past this, page 1 gets no thumbnail
 * (drawing 50,000 costs about 1.3 s of CPU and 300 MB here).
 */
export const THUMBNAIL_OPERATORS = 50_000;

const DEFAULTS = {
  timeoutMs: 30_000,
  textMs: 10_000,
  thumbnailMs: 10_000,
  recycleAfter: 50,
  recycleAboveMb: 200,
  maxHeapMb: 384,
  idleMs: 30_000,
} as const;

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

/** A running child process: resolves `ready` once its modules are loaded. */
interface LiveChild {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<void>;
  jobsDone: number;
  /** Called with each of the child's answers, or with the reason it stopped answering. */
  onAnswer: ((answer: WorkerMessage | Error) => void) | null;
}

const WORKER_PATH = fileURLToPath(new URL('./document-worker.ts', import.meta.url));
const MB = 1024 * 1024;
/** A nice value: the document process yields the CPU to the server. */
const BACKGROUND_PRIORITY = 10;

export function createDocumentProcessor(options: DocumentProcessorOptions = {}): DocumentProcessor {
  const { timeoutMs, thumbnailMs, recycleAfter, recycleAboveMb, maxHeapMb, idleMs } = { ...DEFAULTS, ...options };
  const settings: WorkerSettings = {
    textLimit: DOCUMENT_LIMITS.contentText,
    textMs: options.textMs ?? DEFAULTS.textMs,
    thumbnailSize: THUMBNAIL_SIZE,
    thumbnailOperators: options.thumbnailOperators ?? THUMBNAIL_OPERATORS,
    maxInputPixels: MAX_IMAGE_PIXELS,
  };
  const queue: QueuedJob[] = [];
  let live: LiveChild | null = null;
  let running = false;
  let closed = false;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;

  function startChild(): LiveChild {
    // A process, not a thread: the memory a hostile file took goes back to the system when it ends.
    const child = fork(WORKER_PATH, [JSON.stringify(settings)], {
      execArgv: [`--max-old-space-size=${maxHeapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // Background work: on a small machine, the server's requests come before the reading of files.
    try {
      if (child.pid) setPriority(child.pid, BACKGROUND_PRIORITY);
    } catch {
      // Not allowed here (some containers): it runs at the server's priority.
    }
    // An idle child must not keep the server alive; a running job's timer does.
    child.unref();
    child.channel?.unref();
    const started: LiveChild = { child, ready: Promise.resolve(), exited: Promise.resolve(), jobsDone: 0, onAnswer: null };
    started.exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    started.ready = new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        reject(error);
        started.onAnswer?.(error);
        if (live === started) live = null;
      };
      child.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') resolve();
        else started.onAnswer?.(message);
      });
      child.on('error', failed);
      child.on('exit', (code, signal) => failed(new Error(`The document process stopped (${signal ?? `exit code ${code}`})`)));
    });
    // Unhandled when nobody waits for it: a failure is reported through the job instead.
    started.ready.catch(() => {});
    return started;
  }

  async function stopChild(stopping: LiveChild): Promise<void> {
    if (live === stopping) live = null;
    stopping.child.kill('SIGKILL');
    await stopping.exited;
  }

  async function runJob(job: QueuedJob): Promise<ProcessedDocument> {
    live ??= startChild();
    const current = live;
    await current.ready;
    const id = nextId++;
    let read: Omit<ProcessedDocument, 'thumbnail'> | null = null;
    let rssBytes = 0;
    // Settles once: with the whole result, the text alone (the thumbnail cut off), or why it failed.
    const outcome = await new Promise<{ result: ProcessedDocument; whole: boolean } | Error>((resolve) => {
      let thumbnailTimer: NodeJS.Timeout | undefined;
      const finish = (value: { result: ProcessedDocument; whole: boolean } | Error) => {
        clearTimeout(timer);
        clearTimeout(thumbnailTimer);
        current.onAnswer = null;
        resolve(value);
      };
      const cutOff = (reason: Error) => finish(read ? { result: { ...read, thumbnail: null }, whole: false } : reason);
      const timer = setTimeout(() => cutOff(new DocumentProcessingTimeout(timeoutMs)), timeoutMs);
      current.onAnswer = (answer) => {
        if (answer instanceof DocumentProcessorClosed) return finish(answer);
        if (answer instanceof Error) return cutOff(answer);
        if (answer.type === 'ready' || answer.id !== id) return finish(new Error('The document process answered out of turn'));
        if (answer.type === 'read') {
          read = { text: answer.text, pageCount: answer.pageCount };
          thumbnailTimer = setTimeout(() => cutOff(new DocumentProcessingTimeout(thumbnailMs)), thumbnailMs);
          return;
        }
        rssBytes = answer.rssBytes;
        const thumbnail = answer.thumbnail
          ? Buffer.from(answer.thumbnail.buffer, answer.thumbnail.byteOffset, answer.thumbnail.byteLength)
          : null;
        finish(read ? { result: { ...read, thumbnail }, whole: true } : new Error('The document process answered out of turn'));
      };
      const message: WorkerJob = { id, mediaType: job.mediaType, bytes: job.bytes };
      current.child.send(message, (error) => {
        if (error) current.onAnswer?.(error);
      });
    });
    if (outcome instanceof Error || !outcome.whole) {
      await stopChild(current);
      if (outcome instanceof Error) throw outcome;
      return outcome.result;
    }
    current.jobsDone++;
    if (current.jobsDone >= recycleAfter || rssBytes > recycleAboveMb * MB) await stopChild(current);
    return outcome.result;
  }

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    if (idleTimer) clearTimeout(idleTimer);
    try {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          job.resolve(await runJob(job));
        } catch (error) {
          // A process stopped by close() fails its job with close() as the reason.
          if (closed) job.reject(new DocumentProcessorClosed());
          else job.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    } finally {
      running = false;
    }
    idleTimer = setTimeout(() => {
      if (!running && live) void stopChild(live);
    }, idleMs);
    idleTimer.unref();
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
      if (idleTimer) clearTimeout(idleTimer);
      for (const job of queue.splice(0)) job.reject(new DocumentProcessorClosed());
      if (!live) return;
      // The job in progress, if any, is answered now rather than at its timeout.
      live.onAnswer?.(new DocumentProcessorClosed());
      await stopChild(live);
    },
  };
}
