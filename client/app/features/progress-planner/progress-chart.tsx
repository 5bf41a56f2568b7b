import type { Goal, ProgressEntry } from '#shared/schemas/goal.ts';
import { formatDate } from '../../../lib/dates.ts';
import { formatValue } from './goal-logic.ts';
import { buildProgressChart, describeProgressChart } from './progress-chart-geometry.ts';

/**
 * Where a reference line's label sits: just above its line, or just below when the two lines are
 * too close together and this is the lower one; always inside the drawing.
 */
function labelY(lineY: number, otherY: number | null, height: number): number {
  const crowded = otherY !== null && Math.abs(lineY - otherY) < 16 && lineY >= otherY;
  const y = crowded ? lineY + 15 : lineY - 6;
  return Math.min(height - 4, Math.max(12, y));
}

/**
 * A goal's values over time as a small inline SVG line chart, with the baseline and the target as
 * labelled dashed lines. Screen readers get the chart's name (its numbers) and a table.
 */
export function ProgressChart({ goal, entries }: { goal: Goal; entries: readonly ProgressEntry[] }) {
  const geometry = buildProgressChart(entries, { baseline: goal.baseline, target: goal.target });
  const { width, height, padding } = geometry.size;
  const label = describeProgressChart(goal, entries);
  const unit = goal.unit?.trim() || null;

  return (
    <figure className="grid gap-2">
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
            <text x={padding.left - 8} y={tick.y + 4} textAnchor="end" fontSize={12} fill="#4a5957">
              {formatValue(tick.value)}
            </text>
          </g>
        ))}
        {geometry.baselineY !== null && goal.baseline !== null ? (
          <g>
            <line
              x1={padding.left}
              x2={width - padding.right}
              y1={geometry.baselineY}
              y2={geometry.baselineY}
              stroke="#4a5957"
              strokeWidth={1.5}
              strokeDasharray="2 4"
            />
            <text
              x={padding.left + 6}
              y={labelY(geometry.baselineY, geometry.targetY, height)}
              fontSize={12}
              fontWeight={600}
              fill="#4a5957"
            >
              {`Baseline ${formatValue(goal.baseline)}`}
            </text>
          </g>
        ) : null}
        {geometry.targetY !== null && goal.target !== null ? (
          <g>
            <line
              x1={padding.left}
              x2={width - padding.right}
              y1={geometry.targetY}
              y2={geometry.targetY}
              stroke="#2e6a62"
              strokeWidth={1.5}
              strokeDasharray="8 4"
            />
            <text
              x={padding.left + 6}
              y={labelY(geometry.targetY, geometry.baselineY, height)}
              fontSize={12}
              fontWeight={600}
              fill="#225650"
            >
              {`Target ${formatValue(goal.target)}`}
            </text>
          </g>
        ) : null}
        {geometry.path ? (
          <path d={geometry.path} fill="none" stroke="#225650" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
        ) : null}
        {geometry.points.map((point, index) => (
          <circle key={`${point.recordedOn}-${index}`} cx={point.x} cy={point.y} r={4.5} fill="#225650" stroke="#fff" strokeWidth={1.5} />
        ))}
        {geometry.xLabels.map((xLabel, index) => (
          <text
            key={xLabel.label}
            x={xLabel.x}
            y={height - padding.bottom + 22}
            textAnchor={geometry.xLabels.length === 1 ? 'middle' : index === 0 ? 'start' : 'end'}
            fontSize={12}
            fill="#4a5957"
          >
            {xLabel.label}
          </text>
        ))}
      </svg>
      <figcaption className="text-sm text-ink-muted">{unit ? `Values in ${unit}. ` : ''}Dashed lines: baseline and target.</figcaption>
      <table className="sr-only">
        <caption>{`${goal.title}: progress entries`}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">{unit ? `Value (${unit})` : 'Value'}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDate(entry.recordedOn)}</td>
              <td>{formatValue(entry.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
