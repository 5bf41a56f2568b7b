/*
 * The child process behind document-processor.ts: reads one file at a time (PDF text and page count,
 * then a WebP thumbnail), so a big or hostile file never blocks the server's event loop, and the
 * memory it took goes back to the system when the process is replaced (decision 0074). Run by Node
 * itself, not bundled: `.ts` specifiers and erasable syntax only.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import type { DocumentMediaType } from '#shared/schemas/document.ts';
import { decodePlainText, joinPages, searchableText } from './document-text.ts';

export interface WorkerSettings {
  /** Characters of text kept (DOCUMENT_LIMITS.contentText). */
  textLimit: number;
  /** No further page's text is read once this long has gone on reading text (what was read is kept). */
  textMs: number;
  /** Longest side of a thumbnail, in pixels. */
  thumbnailSize: number;
  /** Drawing operations of page 1 past which its thumbnail is given up. */
  thumbnailOperators: number;
  /** Images with more pixels than this are not decoded (decompression bombs). */
  maxInputPixels: number;
}

export interface WorkerJob {
  id: number;
  mediaType: DocumentMediaType;
  bytes: Uint8Array;
}

/**
 * Each job is answered twice: `read` with its text and page count as soon as they are known, then
 * `done` with the thumbnail (null when there is none or it was over budget) and the process's RSS.
 */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'read'; id: number; text: string | null; pageCount: number | null }
  | { type: 'done'; id: number; thumbnail: Uint8Array | null; rssBytes: number };

// The processor passes the settings as the one argument.
const settings = JSON.parse(process.argv[2] ?? '{}') as WorkerSettings;
const pdfjsFolder = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

// Thumbnails are made once per file: sharp's cache would only hold memory.
sharp.cache(false);

const thumbnailOptions = { fit: 'inside', withoutEnlargement: true } as const;

async function imageThumbnail(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    return await sharp(bytes, { limitInputPixels: settings.maxInputPixels, failOn: 'error' })
      .rotate() // applies EXIF orientation: a phone photo comes out upright
      .resize(settings.thumbnailSize, settings.thumbnailSize, thumbnailOptions)
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * pdfjs set up for a server: local font and decoder files, no fetching, no font loading. (pdfjs 6 no
 * longer compiles PDF functions with eval, so there is no isEvalSupported to turn off.)
 */
function openPdf(bytes: Uint8Array) {
  return getDocument({
    data: bytes,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    standardFontDataUrl: `${path.join(pdfjsFolder, 'standard_fonts')}/`,
    cMapUrl: `${path.join(pdfjsFolder, 'cmaps')}/`,
    cMapPacked: true,
    wasmUrl: `${path.join(pdfjsFolder, 'wasm')}/`,
    verbosity: 0,
  });
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

async function pdfText(pdf: PDFDocumentProxy): Promise<string | null> {
  const pages: string[] = [];
  let length = 0;
  const until = performance.now() + settings.textMs;
  // Stop reading pages once there is more text than is kept, or the time for text is up.
  for (let number = 1; number <= pdf.numPages && length <= settings.textLimit && performance.now() < until; number++) {
    const page = await pdf.getPage(number);
    try {
      const content = await page.getTextContent();
      const raw = (content.items as TextItemLike[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
      // A page without text stays in the count, so a word's page can be told (document-text.ts joinPages).
      const text = searchableText(raw, settings.textLimit) ?? '';
      pages.push(text);
      length += text.length + 1;
    } finally {
      page.cleanup();
    }
  }
  return joinPages(pages, settings.textLimit);
}

interface CanvasAndContext {
  canvas: unknown;
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
}

interface CanvasFactoryLike {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

/** Thrown from the render's operator filter to give up a page with too much on it. */
class OverBudget extends Error {}

/**
 * Page 1 drawn at twice the thumbnail size (sharper after downscaling), then shrunk to WebP. The
 * render is cancelled as soon as the page's operators parsed so far pass the budget: a page of a
 * million tiny fills (a few kilobytes compressed) costs about the budget's worth of parsing.
 */
async function pdfThumbnail(pdf: PDFDocumentProxy): Promise<Uint8Array | null> {
  const page = await pdf.getPage(1);
  try {
    const natural = page.getViewport({ scale: 1 });
    const scale = (settings.thumbnailSize * 2) / Math.max(natural.width, natural.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const factory = pdf.canvasFactory as CanvasFactoryLike;
    const drawing = factory.create(width, height);
    try {
      let overBudget = false;
      const task = page.render({
        canvas: drawing.canvas as HTMLCanvasElementLike,
        viewport,
        // Called before each operator is drawn, with the list parsed so far (parsing runs ahead of drawing).
        operationsFilter: (_index, operatorList) => {
          if (operatorList.fnArray.length <= settings.thumbnailOperators) return true;
          if (!overBudget) {
            overBudget = true;
            // Cancelling also stops the parsing still under way for the rest of the page.
            queueMicrotask(() => task.cancel());
          }
          return false;
        },
      });
      await task.promise;
      if (overBudget) throw new OverBudget();
      const pixels = drawing.context.getImageData(0, 0, width, height).data;
      return await sharp(pixels, { raw: { width, height, channels: 4 } })
        .resize(settings.thumbnailSize, settings.thumbnailSize, thumbnailOptions)
        .flatten({ background: '#ffffff' })
        .webp({ quality: 75 })
        .toBuffer();
    } finally {
      factory.destroy(drawing);
    }
  } catch {
    return null;
  } finally {
    page.cleanup();
  }
}

/** What render() takes for a canvas: the server has no DOM, pdfjs's Node factory makes @napi-rs/canvas ones. */
type HTMLCanvasElementLike = Parameters<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']>[0]['canvas'];

type Reply = (message: WorkerMessage) => void;

/** Text and page count first (sent at once), then the thumbnail: a thumbnail that fails or is cut off loses only itself. */
async function processPdf(id: number, bytes: Uint8Array, reply: Reply): Promise<Uint8Array | null> {
  const task = openPdf(bytes);
  try {
    let pdf: PDFDocumentProxy;
    try {
      pdf = await task.promise;
    } catch {
      // Encrypted with a password, or not a PDF after all: kept, just not searchable.
      reply({ type: 'read', id, text: null, pageCount: null });
      return null;
    }
    const text = await pdfText(pdf).catch(() => null);
    reply({ type: 'read', id, text, pageCount: pdf.numPages });
    return await pdfThumbnail(pdf);
  } finally {
    await task.destroy();
  }
}

/** Answers `read`, then returns the thumbnail. */
async function processFile(id: number, mediaType: DocumentMediaType, bytes: Uint8Array, reply: Reply): Promise<Uint8Array | null> {
  switch (mediaType) {
    case 'application/pdf':
      return processPdf(id, bytes, reply);
    case 'image/jpeg':
    case 'image/png':
    case 'image/webp':
      reply({ type: 'read', id, text: null, pageCount: null });
      return imageThumbnail(bytes);
    case 'text/plain':
      reply({ type: 'read', id, text: searchableText(decodePlainText(bytes), settings.textLimit), pageCount: null });
      return null;
    // sharp's prebuilt binaries cannot decode HEIC, and DOCX text is not read yet.
    case 'image/heic':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      reply({ type: 'read', id, text: null, pageCount: null });
      return null;
  }
}

const send = process.send?.bind(process);
if (send) {
  const reply: Reply = (message) => {
    send(message);
  };
  process.on('message', async (job: WorkerJob) => {
    let read = false;
    const once: Reply = (message) => {
      if (message.type === 'read') read = true;
      reply(message);
    };
    // A Buffer arrives as a Buffer, which pdfjs refuses: the same bytes as a plain Uint8Array.
    const bytes = new Uint8Array(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    const thumbnail = await processFile(job.id, job.mediaType, bytes, once).catch(() => null);
    if (!read) reply({ type: 'read', id: job.id, text: null, pageCount: null });
    reply({ type: 'done', id: job.id, thumbnail, rssBytes: process.memoryUsage.rss() });
  });
  // The server going away takes this process with it.
  process.on('disconnect', () => process.exit(0));
  reply({ type: 'ready' });
}
