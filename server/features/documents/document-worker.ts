/*
 * The worker thread behind document-processor.ts: reads one file at a time (PDF text and page count,
 * a WebP thumbnail), so a big or hostile file never blocks the server's event loop. Run by Node
 * itself, not bundled: `.ts` specifiers and erasable syntax only.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import type { DocumentMediaType } from '#shared/schemas/document.ts';
import { decodePlainText, searchableText } from './document-text.ts';

export interface WorkerSettings {
  /** Characters of text kept (DOCUMENT_LIMITS.contentText). */
  textLimit: number;
  /** Longest side of a thumbnail, in pixels. */
  thumbnailSize: number;
  /** Images with more pixels than this are not decoded (decompression bombs). */
  maxInputPixels: number;
}

export interface WorkerJob {
  id: number;
  mediaType: DocumentMediaType;
  bytes: Uint8Array;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; text: string | null; pageCount: number | null; thumbnail: Uint8Array | null };

interface Extracted {
  text: string | null;
  pageCount: number | null;
  thumbnail: Uint8Array | null;
}

const settings = workerData as WorkerSettings;
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
  // Stop reading pages once there is more text than is kept.
  for (let number = 1; number <= pdf.numPages && length <= settings.textLimit; number++) {
    const page = await pdf.getPage(number);
    try {
      const content = await page.getTextContent();
      const raw = (content.items as TextItemLike[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
      const text = searchableText(raw, settings.textLimit);
      if (text === null) continue;
      pages.push(text);
      length += text.length + 1;
    } finally {
      page.cleanup();
    }
  }
  return searchableText(pages.join('\n'), settings.textLimit);
}

interface CanvasAndContext {
  canvas: unknown;
  context: { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } };
}

interface CanvasFactoryLike {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

/** Page 1 drawn at twice the thumbnail size (sharper after downscaling), then shrunk to WebP. */
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
      await page.render({ canvas: drawing.canvas as HTMLCanvasElementLike, viewport }).promise;
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

async function processPdf(bytes: Uint8Array): Promise<Extracted> {
  const task = openPdf(bytes);
  try {
    const pdf = await task.promise;
    const pageCount = pdf.numPages;
    const text = await pdfText(pdf).catch(() => null);
    const thumbnail = await pdfThumbnail(pdf);
    return { text, pageCount, thumbnail };
  } catch {
    // Encrypted with a password, or not a PDF after all: kept, just not searchable.
    return { text: null, pageCount: null, thumbnail: null };
  } finally {
    await task.destroy();
  }
}

async function processFile(mediaType: DocumentMediaType, bytes: Uint8Array): Promise<Extracted> {
  switch (mediaType) {
    case 'application/pdf':
      return processPdf(bytes);
    case 'image/jpeg':
    case 'image/png':
    case 'image/webp':
      return { text: null, pageCount: null, thumbnail: await imageThumbnail(bytes) };
    case 'text/plain':
      return { text: searchableText(decodePlainText(bytes), settings.textLimit), pageCount: null, thumbnail: null };
    // sharp's prebuilt binaries cannot decode HEIC, and DOCX text is not read yet.
    case 'image/heic':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return { text: null, pageCount: null, thumbnail: null };
  }
}

const port = parentPort;
if (port) {
  port.on('message', async (job: WorkerJob) => {
    const result = await processFile(job.mediaType, job.bytes).catch((): Extracted => ({ text: null, pageCount: null, thumbnail: null }));
    port.postMessage({ type: 'done', id: job.id, ...result } satisfies WorkerMessage);
  });
  port.postMessage({ type: 'ready' } satisfies WorkerMessage);
}
