/*
 * Printable PDFs made of blocks (decision 0108): headed sections, paragraphs, lists, small tables,
 * progress charts drawn as vectors and a photo, laid out on A4 or US Letter in one or two columns,
 * tagged for screen readers (Sect, H1/H2, P, L > LI > LBody, Table > TR > TH/TD, Figure with Alt).
 * Run in the PDF worker (pdf-worker.ts) through pdf-layout.ts: `.ts` specifiers and erasable syntax
 * only. Text is never made smaller to fit: a section that does not fit its column goes on in the next
 * one, under "<heading> (continued)".
 */

/** A progress chart: the entries as a line, the baseline and target as dashed lines. */
export interface PdfChart {
  type: 'chart';
  /** What is measured, for the chart's description ("Reads 20 words a minute"). */
  label: string;
  /** Oldest first; `on` is a day (YYYY-MM-DD). */
  points: readonly { on: string; value: number }[];
  baseline: number | null;
  target: number | null;
  unit: string | null;
  /** The plot's height in points (the axis labels and legend come on top). */
  plotHeight?: number;
  /** A line under the plot saying which dashed line is which; leave it out when the text around says so. */
  legend?: boolean;
}

export interface PdfImage {
  type: 'image';
  /** JPEG or PNG bytes (a Uint8Array crosses to the worker as a copy). */
  bytes: Uint8Array;
  alt: string;
  /** The box the image is fitted in, in points. */
  width: number;
  height: number;
}

export type PdfBlock =
  | { type: 'heading'; level: 1 | 2; text: string }
  /** Its line breaks kept; `label` sets it in bold (a small label above a list); `keepWithNext`: never the last thing in a column. */
  | { type: 'paragraph'; text: string; label?: boolean; keepWithNext?: boolean }
  | { type: 'list'; items: readonly string[] }
  /** A small table: a header row (TH) then rows of cells (TD); `widths` are shares of the width. */
  | { type: 'table'; header: readonly string[]; rows: readonly (readonly string[])[]; widths?: readonly number[] }
  | PdfChart
  | PdfImage
  /**
   * A section (Sect) under its heading. `keepTogether`: start it in the next column rather than split
   * it, when it fits there whole. `accent`: a rule down its left side (the profile's boxes).
   */
  | { type: 'section'; heading: string; blocks: readonly PdfBlock[]; keepTogether?: boolean; accent?: boolean }
  /** The page's header, across every column at the top of the first page: an optional photo, the title (H1) and lines beside it. */
  | { type: 'header'; title: string; lines: readonly string[]; image?: PdfImage | null };

export const PAPER_SIZES = { letter: [612, 792], a4: [595.28, 841.89] } as const;
export type PdfPaper = keyof typeof PAPER_SIZES;

/** The type sizes of block PDFs, in points: nothing is set below `body` (SNAPSHOT_LIMITS.minFontPt). */
export const BLOCK_STYLE = {
  margin: 36,
  columnGap: 18,
  body: 9,
  heading: 11,
  title: 16,
  lineHeight: 1.2,
  /** Between blocks of a section, and between sections. */
  blockGap: 4,
  sectionGap: 9,
  bulletIndent: 10,
  cellPadding: 3,
  accentWidth: 2,
  accentGap: 6,
  chartPlotHeight: 38,
  ink: '#1a1a1a',
  muted: '#5c5c5c',
  accent: '#2f6f73',
  rule: '#b8b8b8',
  target: '#2e7d32',
} as const;

export interface BlockFonts {
  regular: string;
  bold: string;
}

export interface BlockLayoutOptions {
  columns: 1 | 2;
  fonts: BlockFonts;
}

// oxlint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Text as it is drawn: CR LF and CR as line breaks, tabs as spaces, other control characters gone. */
export function drawable(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '');
}

/** A structure element made when its first content is drawn, so elements join their parent in reading order. */
interface TagNode {
  type: string;
  options?: { alt?: string; scope?: string };
  parent: TagNode | null;
  element?: PDFKit.PDFStructureElement;
}

interface SectionState {
  heading: string;
  keepTogether: boolean;
  accent: boolean;
  height: number;
}

/** The smallest unit laid out: drawn whole at (x, y), `height` points tall. */
interface Piece {
  height: number;
  /** Space above it, left out at the top of a column. */
  gapBefore: number;
  keepWithNext: boolean;
  section: SectionState | null;
  draw: (x: number, y: number) => void;
}

type Doc = PDFKit.PDFDocument;

function tag(type: string, parent: TagNode, options?: TagNode['options']): TagNode {
  return { type, parent, options };
}

function elementOf(doc: Doc, node: TagNode): PDFKit.PDFStructureElement {
  if (node.element) return node.element;
  const parent = elementOf(doc, node.parent as TagNode);
  node.element = doc.struct(node.type, (node.options ?? {}) as PDFKit.Mixins.StructureElementOptions);
  parent.add(node.element);
  return node.element;
}

/** Draws `paint` as marked content of `node` (made and attached on first use). */
function mark(doc: Doc, node: TagNode, paint: () => void): void {
  elementOf(doc, node).add(paint);
}

/** Drawn as an artifact: what a screen reader skips (rules, a repeated heading). */
function artifact(doc: Doc, paint: () => void, type: 'Pagination' | 'Layout' = 'Layout'): void {
  doc.markContent('Artifact', { type });
  paint();
  doc.endMarkedContent();
}

const lineStep = (size: number) => size * BLOCK_STYLE.lineHeight;

/** Widths of words by font and size: the same words come back on every line, and measuring is pdfkit's slowest step. */
const wordWidths = new Map<string, number>();

function widthOf(doc: Doc, font: string, size: number, text: string): number {
  const key = `${font}\u0000${size}\u0000${text}`;
  let width = wordWidths.get(key);
  if (width === undefined) {
    width = doc.font(font).fontSize(size).widthOfString(text);
    if (wordWidths.size > 50_000) wordWidths.clear();
    wordWidths.set(key, width);
  }
  return width;
}

/**
 * `text` wrapped to `width` at `size` in `font`: its line breaks kept, words too long for a line broken
 * where they must. A line's width is its words' and spaces' widths added up.
 */
function wrap(doc: Doc, text: string, font: string, size: number, width: number): string[] {
  const space = widthOf(doc, font, size, ' ');
  const lines: string[] = [];
  for (const hard of drawable(text).split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of hard.split(/ +/).filter(Boolean)) {
      const wordWidth = widthOf(doc, font, size, word);
      if (line && lineWidth + space + wordWidth <= width) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      lineWidth = wordWidth;
      while (lineWidth > width && line.length > 1) {
        // The longest start of the word that fits (at least one character), found by halving.
        doc.font(font).fontSize(size);
        let fits = 1;
        let over = line.length;
        while (over - fits > 1) {
          const middle = Math.floor((fits + over) / 2);
          if (doc.widthOfString(line.slice(0, middle)) <= width) fits = middle;
          else over = middle;
        }
        lines.push(line.slice(0, fits));
        line = line.slice(fits);
        lineWidth = doc.widthOfString(line);
      }
    }
    lines.push(line);
  }
  return lines;
}

function drawLine(doc: Doc, text: string, font: string, size: number, x: number, y: number, color: string = BLOCK_STYLE.ink): void {
  if (text === '') return;
  doc.font(font).fontSize(size).fillColor(color).text(text, x, y, { lineBreak: false });
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Short day for axes and legends: "Mar 4, 2026". */
function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
}

const number = (value: number) => NUMBER.format(value);
const withUnit = (value: number, unit: string | null) => (unit ? `${number(value)} ${unit}` : number(value));

/** The chart in words, for its Figure's Alt text. */
export function describeChart(chart: PdfChart): string {
  const { points, unit } = chart;
  const parts = [`Progress chart for ${chart.label}.`];
  if (points.length === 0) parts.push('No progress entries yet.');
  else {
    const first = points[0] as PdfChart['points'][number];
    const last = points.at(-1) as PdfChart['points'][number];
    parts.push(
      points.length === 1
        ? `One entry: ${withUnit(first.value, unit)} on ${shortDay(first.on)}.`
        : `${points.length} entries from ${shortDay(first.on)} to ${shortDay(last.on)}, going from ${withUnit(first.value, unit)} to ${withUnit(last.value, unit)}.`,
    );
  }
  if (chart.baseline !== null) parts.push(`Baseline ${withUnit(chart.baseline, unit)}.`);
  if (chart.target !== null) parts.push(`Target ${withUnit(chart.target, unit)}.`);
  return parts.join(' ');
}

class Layout {
  readonly doc: Doc;
  readonly fonts: BlockFonts;
  readonly columnWidth: number;
  readonly fullWidth: number;

  constructor(doc: Doc, options: BlockLayoutOptions) {
    this.doc = doc;
    this.fonts = options.fonts;
    this.fullWidth = doc.page.width - 2 * BLOCK_STYLE.margin;
    this.columnWidth = options.columns === 2 ? (this.fullWidth - BLOCK_STYLE.columnGap) / 2 : this.fullWidth;
  }

  /** The pieces of `block` at `width`, tagged under `parent`. */
  pieces(block: PdfBlock, parent: TagNode, width: number, section: SectionState | null): Piece[] {
    const { doc, fonts } = this;
    const piece = (height: number, draw: Piece['draw'], keepWithNext = false): Piece => ({
      height,
      gapBefore: 0,
      keepWithNext,
      section,
      draw,
    });
    switch (block.type) {
      case 'heading': {
        const size = block.level === 1 ? BLOCK_STYLE.title : BLOCK_STYLE.heading;
        const node = tag(block.level === 1 ? 'H1' : 'H2', parent);
        return wrap(doc, block.text, fonts.bold, size, width).map((line) =>
          piece(lineStep(size), (x, y) => mark(doc, node, () => drawLine(doc, line, fonts.bold, size, x, y)), true),
        );
      }
      case 'paragraph': {
        const node = tag('P', parent);
        const font = block.label ? fonts.bold : fonts.regular;
        return wrap(doc, block.text, font, BLOCK_STYLE.body, width).map((line) =>
          piece(
            lineStep(BLOCK_STYLE.body),
            (x, y) => mark(doc, node, () => drawLine(doc, line, font, BLOCK_STYLE.body, x, y)),
            block.label || block.keepWithNext,
          ),
        );
      }
      case 'list': {
        const list = tag('L', parent);
        const indent = BLOCK_STYLE.bulletIndent;
        // A line at a time, each kept with the next of its item: an item longer than a column still goes on in the next one.
        return block.items.flatMap((item) => {
          const li = tag('LI', list);
          const label = tag('Lbl', li);
          const body = tag('LBody', li);
          const lines = wrap(doc, item, fonts.regular, BLOCK_STYLE.body, width - indent);
          return lines.map((line, index) =>
            piece(
              lineStep(BLOCK_STYLE.body),
              (x, y) => {
                if (index === 0) mark(doc, label, () => drawLine(doc, '•', fonts.regular, BLOCK_STYLE.body, x + 1, y));
                mark(doc, body, () => drawLine(doc, line, fonts.regular, BLOCK_STYLE.body, x + indent, y));
              },
              index < lines.length - 1,
            ),
          );
        });
      }
      case 'table':
        return this.tablePieces(block, parent, width, section);
      case 'chart':
        return [
          piece(this.chartHeight(block), (x, y) =>
            this.drawChart(block, tag('Figure', parent, { alt: describeChart(block) }), x, y, width),
          ),
        ];
      case 'image': {
        const node = tag('Figure', parent, { alt: block.alt });
        return [piece(block.height, (x, y) => this.drawImage(block, node, x, y))];
      }
      case 'section': {
        const state: SectionState = {
          heading: block.heading,
          keepTogether: block.keepTogether ?? false,
          accent: block.accent ?? false,
          height: 0,
        };
        const node = tag('Sect', parent);
        const inner = block.accent ? width - BLOCK_STYLE.accentWidth - BLOCK_STYLE.accentGap : width;
        const children = [
          ...this.pieces({ type: 'heading', level: 2, text: block.heading }, node, inner, state),
          ...block.blocks.flatMap((child, index) =>
            this.pieces(child, node, inner, state).map((childPiece, pieceIndex) =>
              pieceIndex === 0 && index > 0 ? { ...childPiece, gapBefore: BLOCK_STYLE.blockGap } : childPiece,
            ),
          ),
        ];
        if (children[0]) children[0] = { ...children[0], gapBefore: BLOCK_STYLE.sectionGap };
        state.height = children.reduce((total, child) => total + child.gapBefore + child.height, 0) - BLOCK_STYLE.sectionGap;
        return children;
      }
      case 'header':
        return [this.headerPiece(block, parent)];
    }
  }

  tablePieces(block: Extract<PdfBlock, { type: 'table' }>, parent: TagNode, width: number, section: SectionState | null): Piece[] {
    const { doc, fonts } = this;
    const table = tag('Table', parent);
    const shares = block.widths ?? block.header.map(() => 1);
    const total = shares.reduce((sum, share) => sum + share, 0);
    const widths = shares.map((share) => (width * share) / total);
    const pad = BLOCK_STYLE.cellPadding;
    const row = (cells: readonly string[], header: boolean): Piece => {
      const tr = tag('TR', table);
      const font = header ? fonts.bold : fonts.regular;
      const wrapped = widths.map((cellWidth, index) => wrap(doc, cells[index] ?? '', font, BLOCK_STYLE.body, cellWidth - 2 * pad));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * lineStep(BLOCK_STYLE.body) + pad;
      return {
        height,
        gapBefore: 0,
        keepWithNext: header,
        section,
        draw: (x, y) => {
          let cellX = x;
          wrapped.forEach((lines, index) => {
            const cell = tag(header ? 'TH' : 'TD', tr, header ? { scope: 'Column' } : undefined);
            mark(doc, cell, () =>
              lines.forEach((line, lineIndex) =>
                drawLine(doc, line, font, BLOCK_STYLE.body, cellX + pad, y + pad / 2 + lineIndex * lineStep(BLOCK_STYLE.body)),
              ),
            );
            cellX += widths[index] as number;
          });
          artifact(doc, () => {
            doc
              .lineWidth(header ? 0.8 : 0.4)
              .strokeColor(BLOCK_STYLE.rule)
              .moveTo(x, y + height)
              .lineTo(x + width, y + height)
              .stroke();
          });
        },
      };
    };
    return [row(block.header, true), ...block.rows.map((cells) => row(cells, false))];
  }

  chartHeight(chart: PdfChart): number {
    // The plot, the dates under it and the legend line.
    return (chart.plotHeight ?? BLOCK_STYLE.chartPlotHeight) + (chart.legend === false ? 1 : 2) * lineStep(BLOCK_STYLE.body) + 2;
  }

  drawChart(chart: PdfChart, node: TagNode, x: number, y: number, width: number): void {
    const { doc, fonts } = this;
    const size = BLOCK_STYLE.body;
    const plotHeight = chart.plotHeight ?? BLOCK_STYLE.chartPlotHeight;
    const values = [...chart.points.map((point) => point.value), chart.baseline, chart.target].filter(
      (value): value is number => value !== null,
    );
    let low = values.length ? Math.min(...values) : 0;
    let high = values.length ? Math.max(...values) : 1;
    if (high === low) {
      high += 1;
      low -= 1;
    }
    doc.font(fonts.regular).fontSize(size);
    const axisWidth = Math.max(doc.widthOfString(number(high)), doc.widthOfString(number(low))) + 4;
    const left = x + axisWidth;
    const right = x + width - 4;
    const top = y + size / 2;
    const bottom = top + plotHeight - size;
    const times = chart.points.map((point) => Date.parse(`${point.on}T00:00:00Z`));
    const first = Math.min(...times);
    const last = Math.max(...times);
    const xOf = (time: number) => (last === first ? (left + right) / 2 : left + ((time - first) / (last - first)) * (right - left));
    const yOf = (value: number) => bottom - ((value - low) / (high - low)) * (bottom - top);
    mark(doc, node, () => {
      doc.save();
      // Axes.
      doc.lineWidth(0.6).strokeColor(BLOCK_STYLE.muted).moveTo(left, top).lineTo(left, bottom).lineTo(right, bottom).stroke();
      drawLine(doc, number(high), fonts.regular, size, x, top - size / 2, BLOCK_STYLE.muted);
      drawLine(doc, number(low), fonts.regular, size, x, bottom - size / 1.2, BLOCK_STYLE.muted);
      // Baseline and target, dashed.
      const dashed = (value: number | null, color: string) => {
        if (value === null) return;
        doc.lineWidth(0.8).strokeColor(color).dash(3, { space: 2 }).moveTo(left, yOf(value)).lineTo(right, yOf(value)).stroke().undash();
      };
      dashed(chart.baseline, BLOCK_STYLE.muted);
      dashed(chart.target, BLOCK_STYLE.target);
      // The entries.
      if (chart.points.length > 0) {
        doc.lineWidth(1.2).strokeColor(BLOCK_STYLE.accent).fillColor(BLOCK_STYLE.accent);
        chart.points.forEach((point, index) => {
          const px = xOf(times[index] as number);
          const py = yOf(point.value);
          if (index === 0) doc.moveTo(px, py);
          else doc.lineTo(px, py);
        });
        if (chart.points.length > 1) doc.stroke();
        chart.points.forEach((point, index) => doc.circle(xOf(times[index] as number), yOf(point.value), 1.6).fill(BLOCK_STYLE.accent));
      }
      doc.restore();
      // Dates under the plot, then the legend.
      const dateY = bottom + 2;
      if (chart.points.length > 0) {
        const firstDay = shortDay((chart.points[0] as PdfChart['points'][number]).on);
        drawLine(doc, firstDay, fonts.regular, size, left, dateY, BLOCK_STYLE.muted);
        if (chart.points.length > 1) {
          const lastDay = shortDay((chart.points.at(-1) as PdfChart['points'][number]).on);
          doc.font(fonts.regular).fontSize(size);
          drawLine(doc, lastDay, fonts.regular, size, right - doc.widthOfString(lastDay), dateY, BLOCK_STYLE.muted);
        }
      } else drawLine(doc, 'No progress entries yet', fonts.regular, size, left + 4, top, BLOCK_STYLE.muted);
      const legend = [
        chart.unit ? `Line: ${chart.unit}` : 'Line: progress',
        chart.baseline !== null ? `grey dashes: baseline ${number(chart.baseline)}` : null,
        chart.target !== null ? `green dashes: target ${number(chart.target)}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
      if (chart.legend === false) return;
      const legendLines = wrap(doc, legend, fonts.regular, size, width);
      drawLine(
        doc,
        legendLines.length > 1 ? `${legendLines[0]}…` : (legendLines[0] ?? ''),
        fonts.regular,
        size,
        x,
        dateY + lineStep(size),
        BLOCK_STYLE.muted,
      );
    });
  }

  drawImage(image: PdfImage, node: TagNode, x: number, y: number): void {
    const { doc } = this;
    let opened: PDFKit.Mixins.ImageSrc;
    try {
      // Opened first (pdfkit has openImage, its types do not), so bytes that are not an image fail before any drawing.
      opened = (doc as Doc & { openImage: (src: Buffer) => PDFKit.Mixins.ImageSrc }).openImage(
        Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
      );
    } catch {
      // Bytes that are not a JPEG or PNG after all: the page goes on without the photo.
      return;
    }
    mark(doc, node, () => {
      doc.image(opened, x, y, { fit: [image.width, image.height] });
    });
  }

  headerPiece(block: Extract<PdfBlock, { type: 'header' }>, parent: TagNode): Piece {
    const { doc, fonts } = this;
    const image = block.image ?? null;
    const textX = image ? image.width + 12 : 0;
    const textWidth = this.fullWidth - textX;
    const title = wrap(doc, block.title, fonts.bold, BLOCK_STYLE.title, textWidth);
    const lines = block.lines.map((line) => wrap(doc, line, fonts.regular, BLOCK_STYLE.heading, textWidth));
    const textHeight =
      title.length * lineStep(BLOCK_STYLE.title) +
      lines.reduce((total, wrapped) => total + wrapped.length * lineStep(BLOCK_STYLE.heading), 0);
    const h1 = tag('H1', parent);
    return {
      height: Math.max(textHeight, image?.height ?? 0),
      gapBefore: 0,
      keepWithNext: true,
      section: null,
      draw: (x, y) => {
        if (image) this.drawImage(image, tag('Figure', parent, { alt: image.alt }), x, y);
        let lineY = y;
        mark(doc, h1, () =>
          title.forEach((line) => {
            drawLine(doc, line, fonts.bold, BLOCK_STYLE.title, x + textX, lineY);
            lineY += lineStep(BLOCK_STYLE.title);
          }),
        );
        for (const wrapped of lines) {
          mark(doc, tag('P', parent), () =>
            wrapped.forEach((line) => {
              drawLine(doc, line, fonts.regular, BLOCK_STYLE.heading, x + textX, lineY, BLOCK_STYLE.muted);
              lineY += lineStep(BLOCK_STYLE.heading);
            }),
          );
        }
      },
    };
  }
}

/** Where each piece goes: its page, column and top; `continued` when a section's heading is repeated above it. */
interface Placement {
  page: number;
  column: number;
  y: number;
  continued: boolean;
}

/**
 * Places `pieces` down the columns of pages whose flowing part starts at `firstTop` on the first page
 * and `top` on the others. `keepTogether`: whether sections asking to be kept whole move to the next
 * column when they do not fit (a heading always stays with what follows it).
 */
function plan(
  pieces: readonly Piece[],
  frame: { firstTop: number; top: number; bottom: number; columns: number },
  keepTogether: boolean,
): Placement[] {
  const placed = new Map<SectionState, number>();
  const placements: Placement[] = [];
  let page = 0;
  let column = 0;
  let top = frame.firstTop;
  let y = top;
  const nextColumn = () => {
    if (column + 1 < frame.columns) column += 1;
    else {
      page += 1;
      column = 0;
      top = frame.top;
    }
    y = top;
  };
  /** The piece at `index` and those it keeps with: what must fit in a column together. */
  const chainHeight = (index: number): number => {
    const piece = pieces[index] as Piece;
    let height = piece.height;
    for (let at = index; (pieces[at] as Piece).keepWithNext && pieces[at + 1]?.section === piece.section; at += 1)
      height += (pieces[at + 1] as Piece).gapBefore + (pieces[at + 1] as Piece).height;
    return height;
  };
  pieces.forEach((piece, index) => {
    const section = piece.section;
    const sectionPlaced = section ? (placed.get(section) ?? 0) : 0;
    if (y !== top) {
      const left = frame.bottom - y - piece.gapBefore;
      const wholeSectionMoves =
        keepTogether && section?.keepTogether && sectionPlaced === 0 && section.height > left && section.height <= frame.bottom - frame.top;
      // Within a chain (the rest of a list item, what follows a heading) only the piece itself must fit.
      const previous = pieces[index - 1];
      const midChain = previous?.keepWithNext === true && previous.section === section;
      const needed = midChain ? piece.height : Math.min(chainHeight(index), frame.bottom - top);
      if (wholeSectionMoves || needed > left) nextColumn();
    }
    const continued = y === top && section !== null && sectionPlaced > 0;
    if (continued) y += lineStep(BLOCK_STYLE.heading) + BLOCK_STYLE.blockGap;
    else if (y !== top) y += piece.gapBefore;
    placements.push({ page, column, y, continued });
    y += piece.height;
    if (section) placed.set(section, sectionPlaced + 1);
  });
  return placements;
}

const pageCount = (placements: readonly Placement[]) => (placements.at(-1)?.page ?? 0) + 1;

/**
 * Lays `blocks` out on `doc` (made with its paper, tagged, fonts registered) under the Document element
 * `root`: a header first across the page, then the rest flowing down each column and onto new pages.
 * Sections are kept whole when asked, unless that would take one more page than splitting them.
 */
export function drawBlocks(doc: Doc, root: PDFKit.PDFStructureElement, blocks: readonly PdfBlock[], options: BlockLayoutOptions): void {
  const layout = new Layout(doc, options);
  const rootNode: TagNode = { type: 'Document', parent: null, element: root };
  const { margin } = BLOCK_STYLE;
  const frame = { firstTop: margin as number, top: margin as number, bottom: doc.page.height - margin, columns: options.columns };

  const [first, ...rest] = blocks;
  const flowing = first?.type === 'header' ? rest : blocks;
  if (first?.type === 'header') {
    const header = layout.headerPiece(first, rootNode);
    header.draw(margin, margin);
    frame.firstTop = margin + header.height + BLOCK_STYLE.sectionGap;
    const ruleY = frame.firstTop - BLOCK_STYLE.sectionGap / 2;
    artifact(doc, () => {
      doc
        .lineWidth(0.8)
        .strokeColor(BLOCK_STYLE.rule)
        .moveTo(margin, ruleY)
        .lineTo(margin + layout.fullWidth, ruleY)
        .stroke();
    });
  }

  const pieces = flowing.flatMap((block, index) => {
    const made = layout.pieces(block, rootNode, layout.columnWidth, null);
    if (index === 0 && made[0]) made[0] = { ...made[0], gapBefore: 0 };
    return made;
  });
  const kept = plan(pieces, frame, true);
  const placements = pageCount(kept) > pageCount(plan(pieces, frame, false)) ? plan(pieces, frame, false) : kept;

  let page = 0;
  pieces.forEach((piece, index) => {
    const at = placements[index] as Placement;
    while (page < at.page) {
      doc.addPage();
      page += 1;
    }
    let x = margin + at.column * (layout.columnWidth + BLOCK_STYLE.columnGap);
    const section = piece.section;
    if (at.continued && section) {
      // The rest of a section that did not fit: its heading again, as a running artifact.
      const heading = `${section.heading} (continued)`;
      const headingY = at.y - lineStep(BLOCK_STYLE.heading) - BLOCK_STYLE.blockGap;
      artifact(doc, () => drawLine(doc, heading, layout.fonts.bold, BLOCK_STYLE.heading, x, headingY), 'Pagination');
    }
    if (section?.accent) {
      const next = pieces[index + 1];
      const nextAt = placements[index + 1];
      // Down to the next piece when it follows in the same section and column.
      const reach = next?.section === section && nextAt?.page === at.page && nextAt.column === at.column ? nextAt.y - at.y : piece.height;
      artifact(doc, () => {
        doc.rect(x, at.y, BLOCK_STYLE.accentWidth, reach).fill(BLOCK_STYLE.accent);
      });
      x += BLOCK_STYLE.accentWidth + BLOCK_STYLE.accentGap;
    }
    piece.draw(x, at.y);
  });
}
