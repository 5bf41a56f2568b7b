import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import PdfKit from 'pdfkit';

/**
 * Printable PDFs made on request (decision 0066): a title and paragraphs, laid out on US Letter
 * with 1-inch margins, tagged for screen readers (a Document of an H1 and P structures, the language
 * and the title declared), in Liberation Sans embedded as a subset so any Latin, Greek or Cyrillic
 * name prints as typed. The letters of the guide use it; so can anything else printed from a record.
 */

export interface PdfContent {
  /** The document's title: its metadata, the title a viewer shows, and the H1 at the top. */
  title: string;
  /** Each a P, its line breaks kept; a blank one is a blank line, with no structure. */
  paragraphs: readonly string[];
  /** BCP 47; en-US unless the content is in another language. */
  lang?: string;
}

const POINTS_PER_INCH = 72;
const LAYOUT = {
  margin: POINTS_PER_INCH,
  titleSize: 18,
  bodySize: 11,
  lineGap: 2,
} as const;

/** Liberation Sans as pdfjs-dist ships it (SIL Open Font License), embedded as a subset of the glyphs used. */
const FONT_FOLDER = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
const REGULAR = path.join(FONT_FOLDER, 'LiberationSans-Regular.ttf');
const BOLD = path.join(FONT_FOLDER, 'LiberationSans-Bold.ttf');

// oxlint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Text as it is drawn: CR LF and CR as line breaks, tabs as spaces, other control characters gone. */
function drawable(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '');
}

/**
 * The PDF of `content`, as a stream to pipe to a response or a file. Everything is laid out before
 * this returns, so a failure throws here rather than half-way through the bytes.
 */
export function renderPdf(content: PdfContent): Readable {
  const doc = new PdfKit({
    size: 'LETTER',
    margin: LAYOUT.margin,
    pdfVersion: '1.7',
    tagged: true,
    lang: content.lang ?? 'en-US',
    displayTitle: true,
    info: { Title: content.title, Creator: 'Trelli' },
    // The body font from the start: no standard font (unembedded Helvetica) is added.
    font: REGULAR,
  });

  const root = doc.struct('Document');
  doc.addStructure(root);
  const text = (type: 'H1' | 'P', value: string, font: string, size: number) => {
    root.add(
      doc.struct(type, {}, () => {
        doc.font(font).fontSize(size).text(drawable(value), { lineGap: LAYOUT.lineGap });
      }),
    );
  };

  text('H1', content.title, BOLD, LAYOUT.titleSize);
  doc.font(REGULAR).fontSize(LAYOUT.bodySize).moveDown(1);
  for (const paragraph of content.paragraphs) {
    if (paragraph.trim() === '') {
      doc.font(REGULAR).fontSize(LAYOUT.bodySize).moveDown(1);
    } else {
      text('P', paragraph, REGULAR, LAYOUT.bodySize);
    }
  }
  root.end();
  doc.end();
  return doc;
}
