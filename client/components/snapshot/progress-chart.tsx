import { formatDate } from '../../lib/dates.ts';
import { formatAmount } from './document-parts.tsx';

/*
 * A goal's progress as a small line chart for a snapshot or a meeting pack (issue 27): the entries as
 * points joined by a line, the baseline dashed and the target dotted. It reads the same on a 320 px
 * phone and on paper (it scales with its width) and says everything it shows in its label.
 */

interface ProgressPoint {
  /** A calendar day, YYYY-MM-DD. */
  on: string;
  value: number;
}

export interface ProgressChartProps {
  /** Oldest first. */
  points: readonly ProgressPoint[];
  baseline: number | null;
  target: number | null;
  unit: string | null;
  /** What the chart is about (the goal's title), the start of its accessible label. */
  title: string;
}

const WIDTH = 240;
const HEIGHT = 72;
const PAD_X = 6;
const PAD_Y = 8;
/** Non-text contrast of at least 3:1 on white (WCAG 1.4.11): brand-800, ink-muted and brand-700. */
const LINE_COLOUR = '#225650';
const BASELINE_COLOUR = '#4a5957';
const TARGET_COLOUR = '#2e6a62';
const BASELINE_DASH = '6 4';
const TARGET_DASH = '2 3';

function dayTime(isoDay: string): number {
  return Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`);
}

/** A value with its unit: "14 words per minute", "3". */
function withUnit(value: number, unit: string | null): string {
  return unit ? `${formatAmount(value)} ${unit}` : formatAmount(value);
}

/** The chart in words, for its role="img" label. */
function progressChartLabel({ points, baseline, target, unit, title }: ProgressChartProps): string {
  const first = points[0];
  const last = points.at(-1);
  const parts: string[] = [];
  if (!first || !last) parts.push('no progress entries yet');
  else if (points.length === 1) parts.push(`1 progress entry, ${withUnit(first.value, unit)} on ${formatDate(first.on)}`);
  else
    parts.push(
      `${points.length} progress entries from ${formatDate(first.on)} to ${formatDate(last.on)}, ` +
        `from ${withUnit(first.value, unit)} to ${withUnit(last.value, unit)}`,
    );
  if (baseline !== null) parts.push(`baseline ${withUnit(baseline, unit)}`);
  if (target !== null) parts.push(`target ${withUnit(target, unit)}`);
  return `${title}: ${parts.join('; ')}.`;
}

function LegendSwatch({ colour, dash }: { colour: string; dash: string }) {
  return (
    <svg aria-hidden="true" width="24" height="8" className="inline-block align-middle">
      <line x1="0" y1="4" x2="24" y2="4" stroke={colour} strokeWidth="2" strokeDasharray={dash} />
    </svg>
  );
}

export function ProgressChart(props: ProgressChartProps) {
  const { points, baseline, target, unit } = props;
  if (points.length === 0) return <p className="text-sm text-ink-muted">No progress entries yet.</p>;

  const values = [...points.map((point) => point.value), ...[baseline, target].filter((value) => value !== null)];
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const y = (value: number) => PAD_Y + ((max - value) / (max - min)) * (HEIGHT - 2 * PAD_Y);
  const times = points.map((point) => dayTime(point.on));
  const start = Math.min(...times);
  const span = Math.max(...times) - start;
  const x = (time: number) => (span > 0 && Number.isFinite(span) ? PAD_X + ((time - start) / span) * (WIDTH - 2 * PAD_X) : WIDTH / 2);
  const plotted = points.map((point, index) => ({ x: x(times[index] ?? start), y: y(point.value) }));
  const across = (value: number) => ({ x1: PAD_X, x2: WIDTH - PAD_X, y1: y(value), y2: y(value) });

  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={progressChartLabel(props)} className="block h-auto w-full max-w-sm">
        {baseline !== null ? (
          <line {...across(baseline)} stroke={BASELINE_COLOUR} strokeWidth="1.5" strokeDasharray={BASELINE_DASH} />
        ) : null}
        {target !== null ? <line {...across(target)} stroke={TARGET_COLOUR} strokeWidth="2" strokeDasharray={TARGET_DASH} /> : null}
        {plotted.length > 1 ? (
          <polyline
            points={plotted.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')}
            fill="none"
            stroke={LINE_COLOUR}
            strokeWidth="2"
            strokeLinejoin="round"
          />
        ) : null}
        {plotted.map((point, index) => (
          <circle key={index} cx={point.x.toFixed(1)} cy={point.y.toFixed(1)} r="3" fill={LINE_COLOUR} />
        ))}
      </svg>
      {baseline !== null || target !== null ? (
        <figcaption aria-hidden="true" className="mt-1 flex flex-wrap gap-x-4 text-sm text-ink-muted">
          {baseline !== null ? (
            <span>
              <LegendSwatch colour={BASELINE_COLOUR} dash={BASELINE_DASH} /> Baseline {withUnit(baseline, unit)}
            </span>
          ) : null}
          {target !== null ? (
            <span>
              <LegendSwatch colour={TARGET_COLOUR} dash={TARGET_DASH} /> Target {withUnit(target, unit)}
            </span>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
