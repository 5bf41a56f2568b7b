import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { entrySourceLine } from '#shared/record-labels.ts';
import type { Goal, ProgressEntry } from '#shared/schemas/goal.ts';
import { formatDate } from '../../../lib/dates.ts';
import { formatValue } from './goal-logic.ts';
import {
  buildProgressChart,
  CHART_FONT_SIZE,
  chartSizeFor,
  describePoint,
  describeProgressChart,
  placeReferenceLabels,
} from './progress-chart-geometry.ts';

/** The rendered width of an element, kept up to date as it resizes (0 before the first layout). */
function useRenderedWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The legend's words for a point from a form answer (drawn as a hollow diamond, not a dot). */
export const ANSWERED_LEGEND = 'Answered by a teacher or therapist';

/** A diamond centred on (x, y): the marker of a point from a form answer, a shape apart and not only a colour. */
function diamondPath(x: number, y: number, half = 6): string {
  return `M${x.toFixed(1)},${(y - half).toFixed(1)} L${(x + half).toFixed(1)},${y.toFixed(1)} L${x.toFixed(1)},${(y + half).toFixed(1)} L${(x - half).toFixed(1)},${y.toFixed(1)} Z`;
}

/** What the reference lines look like, for the ones the chart draws: the baseline dotted, the target dashed. */
export function captionOfLines(goal: Pick<Goal, 'baseline' | 'target'>): string {
  const lines = [goal.baseline === null ? null : 'dotted line: baseline', goal.target === null ? null : 'dashed line: target'];
  const text = lines.filter((line) => line !== null).join('; ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : '';
}

/**
 * A goal's values over time as a small inline SVG line chart, with the baseline and the target as
 * labelled lines (baseline dotted, target dashed). It is drawn at its rendered width (one SVG unit per CSS px), so its text
 * stays readable on a phone. Screen readers get the chart's name (its numbers) and a table.
 */
export function ProgressChart({ goal, entries }: { goal: Goal; entries: readonly ProgressEntry[] }) {
  const figureRef = useRef<HTMLElement>(null);
  const renderedWidth = useRenderedWidth(figureRef);
  const texts = {
    baseline: goal.baseline === null ? null : `Baseline ${formatValue(goal.baseline)}`,
    target: goal.target === null ? null : `Target ${formatValue(goal.target)}`,
  };
  const size = chartSizeFor(
    renderedWidth,
    [texts.baseline, texts.target].filter((text): text is string => text !== null),
  );
  const geometry = buildProgressChart(entries, { baseline: goal.baseline, target: goal.target }, size);
  const { width, height, padding } = geometry.size;
  const referenceLabels = placeReferenceLabels(geometry, texts);
  const label = describeProgressChart(goal, entries);
  const unit = goal.unit?.trim() || null;
  const answered = entries.some((entry) => entry.source);

  return (
    <figure ref={figureRef} className="relative grid gap-2">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full max-w-full rounded-xl border border-ink/10 bg-white"
        preserveAspectRatio="xMidYMid meet"
      >
        {geometry.yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={padding.left} x2={width - padding.right} y1={tick.y} y2={tick.y} stroke="#1b2726" strokeOpacity={0.08} />
            <text x={padding.left - 8} y={tick.y + 4} textAnchor="end" fontSize={CHART_FONT_SIZE} fill="#4a5957">
              {formatValue(tick.value)}
            </text>
          </g>
        ))}
        {geometry.baselineY !== null && goal.baseline !== null ? (
          <line
            x1={padding.left}
            x2={width - padding.right}
            y1={geometry.baselineY}
            y2={geometry.baselineY}
            stroke="#4a5957"
            strokeWidth={1.5}
            strokeDasharray="2 4"
          />
        ) : null}
        {geometry.targetY !== null && goal.target !== null ? (
          <line
            x1={padding.left}
            x2={width - padding.right}
            y1={geometry.targetY}
            y2={geometry.targetY}
            stroke="#2e6a62"
            strokeWidth={1.5}
            strokeDasharray="8 4"
          />
        ) : null}
        {geometry.path ? (
          <path d={geometry.path} fill="none" stroke="#225650" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
        ) : null}
        {geometry.points.map((point, index) =>
          point.source ? (
            <path
              key={`${point.recordedOn}-${index}`}
              d={diamondPath(point.x, point.y)}
              fill="#fff"
              stroke="#225650"
              strokeWidth={2.5}
              data-source="form"
            >
              <title>{describePoint(point)}</title>
            </path>
          ) : (
            <circle key={`${point.recordedOn}-${index}`} cx={point.x} cy={point.y} r={4.5} fill="#225650" stroke="#fff" strokeWidth={1.5}>
              <title>{describePoint(point)}</title>
            </circle>
          ),
        )}
        {referenceLabels.map((referenceLabel) => (
          <text
            key={referenceLabel.kind}
            x={referenceLabel.x}
            y={referenceLabel.y}
            fontSize={CHART_FONT_SIZE}
            fontWeight={600}
            fill={referenceLabel.kind === 'target' ? '#225650' : '#4a5957'}
          >
            {referenceLabel.text}
          </text>
        ))}
        {geometry.xLabels.map((xLabel, index) => (
          <text
            key={xLabel.label}
            x={xLabel.x}
            y={height - padding.bottom + 22}
            textAnchor={geometry.xLabels.length === 1 ? 'middle' : index === 0 ? 'start' : 'end'}
            fontSize={CHART_FONT_SIZE}
            fill="#4a5957"
          >
            {xLabel.label}
          </text>
        ))}
      </svg>
      <figcaption className="grid gap-1 text-sm text-ink-muted">
        <span>
          {unit ? `Values in ${unit}. ` : ''}
          {captionOfLines(goal)}
        </span>
        {answered ? (
          <span className="flex items-center gap-2">
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0">
              <path d={diamondPath(8, 8)} fill="#fff" stroke="#225650" strokeWidth={2.5} />
            </svg>
            {ANSWERED_LEGEND}
          </span>
        ) : null}
      </figcaption>
      {/* The wrapper clips: a table is never narrower than its text, even when sr-only. */}
      <div className="sr-only">
        <table>
          <caption>{`${goal.title}: progress entries`}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">{unit ? `Value (${unit})` : 'Value'}</th>
              {answered ? <th scope="col">Answered by</th> : null}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDate(entry.recordedOn)}</td>
                <td>{formatValue(entry.value)}</td>
                {answered ? <td>{entry.source ? entrySourceLine(entry.source) : ''}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
