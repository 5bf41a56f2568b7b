import { createRequire } from 'node:module';
import path from 'node:path';
import PdfKit from 'pdfkit';
import { LETTER_LAYOUT } from '#shared/letter-layout.ts';
import { BLOCK_STYLE, PAPER_SIZES, drawBlocks, drawable, type PdfBlock, type PdfPaper } from './pdf-blocks.ts';

/*
 * The layout of a printable PDF (decisions 0066 and 0076), run in the PDF worker (pdf-worker.ts):
 * paragraphs set as the app's letter preview sets them, on US Letter with 1-inch margins, tagged for
 * screen readers (a Document of Ps, the language and the title declared; the title is the
 * document's, shown by viewers, not a heading drawn on the page), in Liberation Sans embedded as a
 * subset so any Latin, Greek or Cyrillic name prints as typed. Content given as blocks instead (the
 * snapshot, the meeting pack: decision 0108) is laid out by pdf-blocks.ts on A4 or US Letter.
 */

export type { PdfBlock, PdfChart, PdfPaper } from './pdf-blocks.ts';

export interface PdfContent {
  /** The document's title: its metadata and the title a viewer shows. */
  title: string;
  /** Each a P, its line breaks kept, a blank line between them; a blank one adds a blank line (a letter). */
  paragraphs?: readonly string[];
  /** Instead of paragraphs: headed sections, lists, tables, charts, a photo (decision 0108). */
  blocks?: readonly PdfBlock[];
  /** For blocks: the paper (US Letter unless A4) and how many columns the sections flow in. */
  paper?: PdfPaper;
  columns?: 1 | 2;
  /** BCP 47; en-US unless the content is in another language. */
  lang?: string;
}

const POINTS_PER_INCH = 72;
const MARGIN = POINTS_PER_INCH;

/** Liberation Sans as pdfjs-dist ships it (SIL Open Font License), embedded as a subset of the glyphs used. */
const FONT_FOLDER = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
const REGULAR = path.join(FONT_FOLDER, 'LiberationSans-Regular.ttf');
const BOLD = path.join(FONT_FOLDER, 'LiberationSans-Bold.ttf');

/** A tagged PDF 1.7 of `size` and `margin`, with the content's language and title, set in Liberation Sans. */
function newDocument(content: PdfContent, size: string | number[], margin: number): PDFKit.PDFDocument {
  return new PdfKit({
    size,
    margin,
    pdfVersion: '1.7',
    tagged: true,
    lang: content.lang ?? 'en-US',
    displayTitle: true,
    info: { Title: content.title, Creator: 'Trelli' },
    // The body font from the start: no standard font (unembedded Helvetica) is added.
    font: REGULAR,
  });
}

/** The PDF of `content` as a stream; everything is laid out before this returns. */
export function layoutPdf(content: PdfContent): PDFKit.PDFDocument {
  if (content.blocks) return layoutBlocks(content, content.blocks);
  const doc = newDocument(content, 'LETTER', MARGIN);
  doc.font(REGULAR).fontSize(LETTER_LAYOUT.fontSizePt);
  // pdfkit puts the font's own line height plus this gap between baselines.
  doc.lineGap(LETTER_LAYOUT.fontSizePt * LETTER_LAYOUT.lineHeight - doc.currentLineHeight(true));

  const root = doc.struct('Document');
  doc.addStructure(root);
  (content.paragraphs ?? []).forEach((paragraph, index) => {
    if (index > 0) doc.moveDown(LETTER_LAYOUT.paragraphGapLines);
    if (paragraph.trim() === '') return;
    root.add(
      doc.struct('P', {}, () => {
        doc.text(drawable(paragraph));
      }),
    );
  });
  root.end();
  doc.end();
  return doc;
}

/** Blocks on A4 or US Letter, half-inch margins, in one or two columns (pdf-blocks.ts). */
function layoutBlocks(content: PdfContent, blocks: readonly PdfBlock[]): PDFKit.PDFDocument {
  const doc = newDocument(content, [...PAPER_SIZES[content.paper ?? 'letter']], BLOCK_STYLE.margin);
  const root = doc.struct('Document');
  doc.addStructure(root);
  drawBlocks(doc, root, blocks, { columns: content.columns ?? 1, fonts: { regular: REGULAR, bold: BOLD } });
  root.end();
  doc.end();
  return doc;
}
