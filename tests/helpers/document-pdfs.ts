import { deflateSync } from 'node:zlib';

/*
 * Real PDFs written by hand: Helvetica text in uncompressed content streams, one object per line of
 * the cross-reference table. pdfjs (and any viewer) reads them; making one takes well under a
 * millisecond, so the search bench can make hundreds of different ones.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const FONT_SIZE = 11;
const LEADING = 15;
const TITLE_SIZE = 18;
/** Helvetica at 11 pt averages about 5.5 pt a character: 85 fit between the margins. */
const LINE_CHARACTERS = 85;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN - TITLE_SIZE * 2) / LEADING);

/** Words wrapped into lines of at most `width` characters (a longer word gets its own line). */
export function wrapWords(text: string, width = LINE_CHARACTERS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF string literal in WinAnsi bytes: Latin-1 characters kept, anything else becomes '?'. */
function pdfString(text: string): string {
  const latin1 = [...text].map((char) => ((char.codePointAt(0) as number) <= 0xff ? char : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

function pageContent(title: string | null, lines: readonly string[]): string {
  const parts = ['BT'];
  let y = PAGE_HEIGHT - MARGIN;
  if (title !== null) {
    parts.push(`/F2 ${TITLE_SIZE} Tf`, `1 0 0 1 ${MARGIN} ${y} Tm`, `${pdfString(title)} Tj`);
    y -= TITLE_SIZE * 2;
  }
  parts.push(`/F1 ${FONT_SIZE} Tf`, `${LEADING} TL`, `1 0 0 1 ${MARGIN} ${y} Tm`);
  for (const line of lines) parts.push(`${pdfString(line)} Tj`, 'T*');
  parts.push('ET');
  return parts.join('\n');
}

export interface TextPdfOptions {
  /** Blank lines between paragraphs (default 1). */
  paragraphGap?: number;
  /** Start each paragraph on a new page (handy to know which page a word is on). */
  paragraphPerPage?: boolean;
}

/**
 * A PDF of `title` (on the first page) and `paragraphs`, wrapped and flowed over as many US Letter
 * pages as it takes.
 */
export function makeTextPdf(title: string, paragraphs: readonly string[], options: TextPdfOptions = {}): Buffer {
  const gap = options.paragraphGap ?? 1;
  const pages: string[][] = [[]];
  paragraphs.forEach((paragraph, index) => {
    if (options.paragraphPerPage && index > 0) pages.push([]);
    else if (index > 0) for (let blank = 0; blank < gap; blank++) (pages.at(-1) as string[]).push('');
    for (const line of wrapWords(paragraph)) {
      if ((pages.at(-1) as string[]).length >= LINES_PER_PAGE) pages.push([]);
      (pages.at(-1) as string[]).push(line);
    }
  });

  // Objects 1-4: catalog, page tree, two fonts; then a page and its content stream per page.
  const pageIds = pages.map((_, index) => 5 + index * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pages.length} /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((lines, index) => {
    const content = pageContent(index === 0 ? title : null, lines);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${(pageIds[index] as number) + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const WORDS = (
  'reading fluency decoding phonics comprehension writing spelling handwriting math reasoning calculation attention ' +
  'focus transitions sensory regulation speech articulation language vocabulary social skills peers recess homework ' +
  'accommodations extended time preferential seating breaks audiobooks graphic organizers checklists progress ' +
  'benchmark assessment evaluation baseline goal objective services minutes weekly classroom resource room teacher ' +
  'therapist counselor psychologist meeting parent signature consent review annual triennial eligibility'
).split(' ');

/** A small deterministic generator, so the same seed always makes the same document. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/**
 * The `index`-th of a family of different school-document PDFs (for benches and search tests): varied
 * sentences from a school vocabulary plus `extraWords` placed in the last paragraph.
 */
export function makeVariedPdf(index: number, options: { paragraphs?: number; extraWords?: readonly string[] } = {}): Buffer {
  const random = randomFrom(index + 1);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)] as string;
  const paragraphs = Array.from({ length: options.paragraphs ?? 6 }, () => {
    const sentences = Array.from({ length: 4 + Math.floor(random() * 4) }, () => {
      const words = Array.from({ length: 6 + Math.floor(random() * 10) }, pick);
      const sentence = words.join(' ');
      return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
    });
    return sentences.join(' ');
  });
  if (options.extraWords?.length) paragraphs.push(`Also noted: ${options.extraWords.join(' ')}.`);
  return makeTextPdf(`Progress report ${index + 1}`, paragraphs);
}

/**
 * A one-page PDF of a line of `text` and then `fills` one-point squares, its content stream
 * compressed: a few kilobytes that pdfjs unpacks into `fills` drawing operations (the hostile file of
 * issue 24: 18 KB, 20-48 s of CPU and over 1 GB to draw its thumbnail).
 */
export function makeHostilePdf(fills: number, text: string): Buffer {
  const squares = '0 0 1 1 re f\n'.repeat(fills);
  const content = deflateSync(
    Buffer.from(`BT /F1 ${FONT_SIZE} Tf 1 0 0 1 ${MARGIN} ${PAGE_HEIGHT - MARGIN} Tm ${pdfString(text)} Tj ET\n${squares}`, 'latin1'),
    {
      level: 9,
    },
  );
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    if (object === null) {
      add(Buffer.from(`${index + 1} 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`));
      add(content);
      add(Buffer.from('\nendstream\nendobj\n'));
    } else add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`));
  });
  const xrefAt = length;
  add(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
        offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
