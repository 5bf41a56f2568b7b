import { entrySourceLine } from '#shared/record-labels.ts';
import type { EntrySource } from '#shared/schemas/entry-source.ts';
import { formatDate, formatShortDate } from '../../../lib/dates.ts';
import { formatValue } from './goal-logic.ts';

export interface ChartEntry {
  recordedOn: string;
  value: number;
  /** Who answered, for an entry from an approved form answer (decision 0109): its point is drawn apart. */
  source?: Pick<EntrySource, 'name' | 'role' | 'answeredAt'> | null;
}

/** "65 on Mar 3, 2026", "4 on Nov 3, 2026 (from Ms Lee (teacher), answered Nov 3)": one point as read out. */
export function describePoint(entry: ChartEntry): string {
  const point = `${formatValue(entry.value)} on ${formatDate(entry.recordedOn)}`;
  return entry.source ? `${point} (${entrySourceLine(entry.source)})` : point;
}

export interface ChartSize {
  width: number;
  height: number;
  padding: { top: number; right: number; bottom: number; left: number };
}

export const DEFAULT_CHART_SIZE: ChartSize = { width: 640, height: 260, padding: { top: 20, right: 24, bottom: 36, left: 52 } };

export interface PlottedPoint extends ChartEntry {
  x: number;
  y: number;
}

export interface ProgressChartGeometry {
  size: ChartSize;
  /** The value range the y axis shows (rounded outwards to whole ticks). */
  domain: { min: number; max: number };
  points: PlottedPoint[];
  /** SVG path data for the line through the points ("" with fewer than two points). */
  path: string;
  yTicks: { value: number; y: number }[];
  xLabels: { x: number; label: string }[];
  baselineY: number | null;
  targetY: number | null;
}

/** 1, 2, 2.5 or 5 times a power of ten, at least `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const scaled = rough / power;
  const nice = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 2.5 ? 2.5 : scaled <= 5 ? 5 : 10;
  return nice * power;
}

function dayTime(isoDay: string): number {
  return Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`);
}

/** Rounds away float noise from tick arithmetic (0.1 + 0.2). */
function tidy(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/**
 * Where everything goes in the progress chart: the y range covers every value and the baseline and
 * target (so the reference lines are always drawn), with about four whole ticks; x is by date, so
 * two entries a week apart sit closer than two a month apart. Entries must be sorted by date.
 */
export function buildProgressChart(
  entries: readonly ChartEntry[],
  reference: { baseline: number | null; target: number | null },
  size: ChartSize = DEFAULT_CHART_SIZE,
): ProgressChartGeometry {
  const { width, height, padding } = size;
  const left = padding.left;
  const right = width - padding.right;
  const top = padding.top;
  const bottom = height - padding.bottom;

  const values = [...entries.map((entry) => entry.value), reference.baseline, reference.target].filter(
    (value): value is number => value !== null && Number.isFinite(value),
  );
  let min = values.length > 0 ? Math.min(...values) : 0;
  let max = values.length > 0 ? Math.max(...values) : 1;
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const step = niceStep((max - min) / 4);
  const domainMin = tidy(Math.floor(min / step) * step);
  const domainMax = tidy(Math.ceil(max / step) * step);
  const yOf = (value: number) => bottom - ((value - domainMin) / (domainMax - domainMin)) * (bottom - top);

  const yTicks: { value: number; y: number }[] = [];
  for (let tick = domainMin; tick <= domainMax + step / 1000; tick += step) {
    const value = tidy(tick);
    yTicks.push({ value, y: yOf(value) });
  }

  const times = entries.map((entry) => dayTime(entry.recordedOn));
  const first = times.length > 0 ? Math.min(...times) : 0;
  const last = times.length > 0 ? Math.max(...times) : 0;
  const xOf = (time: number) => (last === first ? (left + right) / 2 : left + ((time - first) / (last - first)) * (right - left));

  const points = entries.map((entry, index) => ({ ...entry, x: xOf(times[index] ?? first), y: yOf(entry.value) }));
  const path =
    points.length < 2
      ? ''
      : points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ');

  const firstEntry = entries[0];
  const lastEntry = entries.at(-1);
  const xLabels: { x: number; label: string }[] = [];
  if (firstEntry) xLabels.push({ x: xOf(dayTime(firstEntry.recordedOn)), label: formatShortDate(firstEntry.recordedOn) });
  if (lastEntry && firstEntry && dayTime(lastEntry.recordedOn) !== dayTime(firstEntry.recordedOn)) {
    xLabels.push({ x: xOf(dayTime(lastEntry.recordedOn)), label: formatShortDate(lastEntry.recordedOn) });
  }

  return {
    size,
    domain: { min: domainMin, max: domainMax },
    points,
    path,
    yTicks,
    xLabels,
    baselineY: reference.baseline === null ? null : yOf(reference.baseline),
    targetY: reference.target === null ? null : yOf(reference.target),
  };
}

/** Up to this many entries are read out one by one in the chart's label; more are summarised. */
export const CHART_LABEL_MAX_ENTRIES = 8;

/**
 * The chart's accessible name: what it shows and its numbers, e.g. "Reading fluency, words per
 * minute over time: 65 on 3 Mar 2026, 72 on 10 Mar 2026. Baseline 60, target 90."
 */
export function describeProgressChart(
  goal: { title: string; unit: string | null; baseline: number | null; target: number | null },
  entries: readonly ChartEntry[],
): string {
  const unit = goal.unit?.trim() || null;
  const head = unit ? `${goal.title}, ${unit} over time` : `${goal.title} over time`;
  let body: string;
  if (entries.length === 0) body = 'no progress recorded yet';
  else if (entries.length <= CHART_LABEL_MAX_ENTRIES) {
    body = entries.map(describePoint).join(', ');
  } else {
    const values = entries.map((entry) => entry.value);
    const firstEntry = entries[0] as ChartEntry;
    const lastEntry = entries.at(-1) as ChartEntry;
    body =
      `${entries.length} entries from ${formatValue(firstEntry.value)} on ${formatDate(firstEntry.recordedOn)} ` +
      `to ${formatValue(lastEntry.value)} on ${formatDate(lastEntry.recordedOn)}, ` +
      `lowest ${formatValue(Math.min(...values))}, highest ${formatValue(Math.max(...values))}`;
    const answered = entries.filter((entry) => entry.source).length;
    if (answered > 0) body += `, ${answered} answered by a teacher or therapist`;
  }
  const refs = [
    goal.baseline !== null ? `Baseline ${formatValue(goal.baseline)}` : null,
    goal.target !== null ? `target ${formatValue(goal.target)}` : null,
  ].filter((part): part is string => part !== null);
  const tail = refs.length > 0 ? ` ${refs.join(', ').replace(/^t/, 'T')}.` : '';
  return `${head}: ${body}.${tail}`;
}

/** The chart's text size in CSS px: the SVG is drawn at its rendered width, so this is what a reader sees. */
export const CHART_FONT_SIZE = 12;
/** Narrower than this the chart is scaled down rather than laid out again. */
export const MIN_CHART_WIDTH = 260;

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A generous guess at a bold label's width: there are no font metrics without a DOM, so it errs wide. */
function labelWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.62;
}

/**
 * The drawing's size for a chart shown `renderedWidth` CSS px wide: one SVG unit is one CSS px, so
 * the axis text keeps CHART_FONT_SIZE on a phone instead of shrinking with a fixed 640-wide viewBox.
 * The right margin holds the reference lines' labels (`labels`), outside the data's area.
 */
export function chartSizeFor(renderedWidth: number, labels: readonly string[] = [], fontSize = CHART_FONT_SIZE): ChartSize {
  const measured = renderedWidth > 0 && Number.isFinite(renderedWidth);
  const width = measured ? Math.max(MIN_CHART_WIDTH, Math.round(renderedWidth)) : DEFAULT_CHART_SIZE.width;
  const height = width < 480 ? 220 : DEFAULT_CHART_SIZE.height;
  const widest = Math.max(0, ...labels.map((text) => labelWidth(text, fontSize)));
  const right = widest > 0 ? Math.max(DEFAULT_CHART_SIZE.padding.right, Math.ceil(widest) + 14) : DEFAULT_CHART_SIZE.padding.right;
  return { width, height, padding: { ...DEFAULT_CHART_SIZE.padding, right } };
}

export interface ReferenceLabel {
  kind: 'baseline' | 'target';
  text: string;
  /** Where the text starts, and its baseline. */
  x: number;
  y: number;
  box: Box;
}

/**
 * "Baseline 60" and "Target 90" sit in the right margin, level with their dashed lines: never on
 * the data line or its points. Two lines too close for two rows of text get their labels nudged
 * apart (the target's above), kept within the drawing.
 */
export function placeReferenceLabels(
  geometry: ProgressChartGeometry,
  texts: { baseline: string | null; target: string | null },
  fontSize = CHART_FONT_SIZE,
): ReferenceLabel[] {
  const { width, height, padding } = geometry.size;
  const x = width - padding.right + 10;
  const rowHeight = fontSize + 3;
  const lines = [
    { kind: 'target' as const, y: geometry.targetY, text: texts.target },
    { kind: 'baseline' as const, y: geometry.baselineY, text: texts.baseline },
  ].filter((line): line is { kind: 'target' | 'baseline'; y: number; text: string } => line.y !== null && line.text !== null);
  // Centres of the rows: the target's row first (higher up when the target is higher, as it usually is).
  const centres = lines.map((line) => line.y);
  const [first, second] = centres;
  if (first !== undefined && second !== undefined && Math.abs(first - second) < rowHeight) {
    const middle = (first + second) / 2;
    const upperIsFirst = first < second || (first === second && lines[0]?.kind === 'target');
    centres[0] = middle + (upperIsFirst ? -rowHeight / 2 : rowHeight / 2);
    centres[1] = middle + (upperIsFirst ? rowHeight / 2 : -rowHeight / 2);
  }
  const lowest = rowHeight / 2;
  const highest = height - padding.bottom + rowHeight / 2;
  const shift = Math.max(0, lowest - Math.min(...centres)) - Math.max(0, Math.max(...centres) - highest);
  return lines.map((line, index) => {
    const centre = (centres[index] ?? line.y) + shift;
    const y = centre + fontSize * 0.35;
    const box = { left: x, right: x + labelWidth(line.text, fontSize), top: centre - fontSize / 2, bottom: centre + fontSize / 2 };
    return { kind: line.kind, text: line.text, x, y, box };
  });
}
