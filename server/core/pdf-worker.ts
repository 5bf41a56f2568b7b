/*
 * The worker thread behind pdf.ts: lays out one PDF at a time with pdfkit, off the server's event
 * loop (decision 0075). Run by Node itself, not bundled: `.ts` specifiers and erasable syntax only.
 */
import { parentPort } from 'node:worker_threads';
import { layoutPdf, type PdfContent } from './pdf-layout.ts';

export interface PdfJob {
  id: number;
  content: PdfContent;
}

export type PdfAnswer =
  | { type: 'ready' }
  | { type: 'done'; id: number; bytes: Uint8Array }
  | { type: 'failed'; id: number; message: string };

async function render(content: PdfContent): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of layoutPdf(content) as AsyncIterable<Buffer>) chunks.push(chunk);
  // A fresh array owning its whole buffer, so it can be moved to the server's thread rather than copied.
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

const port = parentPort;
if (port) {
  port.on('message', async (job: PdfJob) => {
    try {
      const bytes = await render(job.content);
      port.postMessage({ type: 'done', id: job.id, bytes } satisfies PdfAnswer, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ type: 'failed', id: job.id, message: error instanceof Error ? error.message : String(error) } satisfies PdfAnswer);
    }
  });
  port.postMessage({ type: 'ready' } satisfies PdfAnswer);
}
