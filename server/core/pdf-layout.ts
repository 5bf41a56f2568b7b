import { createRequire } from 'node:module';
import path from 'node:path';
import PdfKit from 'pdfkit';
import { LETTER_LAYOUT } from '#shared/letter-layout.ts';

/*
 * The layout of a printable PDF (decisions 0066 and 0076), run in the PDF worker (pdf-worker.ts):
 * paragraphs set as the app's letter preview sets them, on US Letter with 1-inch margins, tagged for
 * screen readers (a Document of Ps, the language and the title declared; the title is the
 * document's, shown by viewers, not a heading drawn on the page), in Liberation Sans embedded as a
 * subset so any Latin, Greek or Cyrillic name prints as typed.
 */

export interface PdfContent {
  /** The document's title: its metadata and the title a viewer shows. */
  title: string;
  /** Each a P, its line breaks kept, a blank line between them; a blank one adds a blank line. */
  paragraphs: readonly string[];
  /** BCP 47; en-US unless the content is in another language. */
  lang?: string;
}

const POINTS_PER_INCH = 72;
const MARGIN = POINTS_PER_INCH;

/** Liberation Sans as pdfjs-dist ships it (SIL Open Font License), embedded as a subset of the glyphs used. */
const FONT_FOLDER = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
const REGULAR = path.join(FONT_FOLDER, 'LiberationSans-Regular.ttf');

// oxlint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Text as it is drawn: CR LF and CR as line breaks, tabs as spaces, other control characters gone. */
function drawable(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '');
}

/** The PDF of `content` as a stream; everything is laid out before this returns. */
export function layoutPdf(content: PdfContent): PDFKit.PDFDocument {
  const doc = new PdfKit({
    size: 'LETTER',
    margin: MARGIN,
    pdfVersion: '1.7',
    tagged: true,
    lang: content.lang ?? 'en-US',
    displayTitle: true,
    info: { Title: content.title, Creator: 'Trelli' },
    // The body font from the start: no standard font (unembedded Helvetica) is added.
    font: REGULAR,
  });
  doc.font(REGULAR).fontSize(LETTER_LAYOUT.fontSizePt);
  // pdfkit puts the font's own line height plus this gap between baselines.
  doc.lineGap(LETTER_LAYOUT.fontSizePt * LETTER_LAYOUT.lineHeight - doc.currentLineHeight(true));

  const root = doc.struct('Document');
  doc.addStructure(root);
  content.paragraphs.forEach((paragraph, index) => {
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
