import { Worker } from 'node:worker_threads';
import type { PdfAnswer, PdfJob } from './pdf-worker.ts';
import type { PdfContent } from './pdf-layout.ts';

/*
 * Printable PDFs made on request (decisions 0066, 0075, 0076): laid out by pdfkit in a worker thread,
 * so a long letter (20,000 characters without a space took 0.26 s) never holds up other requests.
 * The letters of the guide use it, and the snapshot and the IEP meeting pack (blocks, decision 0108).
 */

export type { PdfBlock, PdfChart, PdfContent } from './pdf-layout.ts';

/** Far above any letter within LETTER_LIMITS; a layout past it is stopped and its worker replaced. */
const TIMEOUT_MS = 20_000;
/** pdfkit holds fonts and little else; the heap limit keeps a runaway layout from taking the server's memory. */
const MAX_HEAP_MB = 256;
const WORKER_URL = new URL('./pdf-worker.ts', import.meta.url);

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface LiveWorker {
  worker: Worker;
  pending: Map<number, Pending>;
}

let live: LiveWorker | null = null;
let nextId = 1;

function startWorker(): LiveWorker {
  const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB } });
  const started: LiveWorker = { worker, pending: new Map() };
  const failAll = (error: Error) => {
    if (live === started) live = null;
    for (const [id, job] of started.pending) {
      clearTimeout(job.timer);
      started.pending.delete(id);
      job.reject(error);
    }
  };
  worker.on('message', (answer: PdfAnswer) => {
    if (answer.type === 'ready') return;
    const job = started.pending.get(answer.id);
    if (!job) return;
    started.pending.delete(answer.id);
    clearTimeout(job.timer);
    if (answer.type === 'done') job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    else job.reject(new Error(`The PDF could not be made: ${answer.message}`));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The PDF worker stopped (exit code ${code})`)));
  // After the listeners (adding one refs the worker again): an idle worker must not keep the process alive; a waiting request's timer does.
  worker.unref();
  return started;
}

/** The PDF of `content`, its bytes once laid out (on the PDF worker thread). */
export function renderPdf(content: PdfContent): Promise<Buffer> {
  live ??= startWorker();
  const current = live;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => {
      current.pending.delete(id);
      reject(new Error(`The PDF took longer than ${TIMEOUT_MS / 1000} s to lay out and was stopped`));
      // Whatever it was doing is abandoned with it; the next PDF starts a fresh worker.
      if (live === current) live = null;
      void current.worker.terminate();
    }, TIMEOUT_MS);
    current.pending.set(id, { resolve, reject, timer });
    // Copied to the worker, never moved: a photo's bytes may share their buffer with other Buffers of this thread.
    const job: PdfJob = {
      id,
      content: {
        title: content.title,
        paragraphs: content.paragraphs ? [...content.paragraphs] : undefined,
        blocks: content.blocks,
        paper: content.paper,
        columns: content.columns,
        lang: content.lang,
      },
    };
    current.worker.postMessage(job, []);
  });
}
