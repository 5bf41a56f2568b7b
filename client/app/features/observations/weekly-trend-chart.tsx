import type { WeeklyTrend } from '#shared/schemas/observation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatShortDate } from '../../../lib/dates.ts';
import { CHART_BOX, axisTicks, isTrendEmpty, layoutBars, trendSummary } from './trend-chart.ts';
import { useWeeklyTrend } from './use-observations.ts';

/** Wins in the brand's deep teal, concerns in a warm ochre: different in hue and in lightness, both 3:1 on white. */
const COLOURS = { wins: '#2e6a62', concerns: '#b7791f' } as const;

function Legend() {
  return (
    <ul className="flex flex-wrap gap-4 text-sm text-ink" aria-hidden="true">
      <li className="inline-flex items-center gap-2">
        <span className="inline-block size-3 rounded-sm" style={{ background: COLOURS.wins }} />
        Wins
      </li>
      <li className="inline-flex items-center gap-2">
        <span className="inline-block size-3 rounded-sm" style={{ background: COLOURS.concerns }} />
        Concerns
      </li>
    </ul>
  );
}

/** The drawing: grouped bars per week with a value axis; role img with a one-sentence summary. */
export function TrendBars({ weeks }: { weeks: WeeklyTrend }) {
  const box = CHART_BOX;
  const { bars, top, groupWidth, y } = layoutBars(weeks, box);
  const ticks = axisTicks(top);
  const summary = trendSummary(weeks);
  return (
    <div className="grid gap-3">
      <Legend />
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${box.width} ${box.height}`}
        className="h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={box.left}
              x2={box.width - box.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="#1b2726"
              strokeOpacity={tick === 0 ? 0.5 : 0.12}
            />
            <text x={box.left - 8} y={y(tick)} dy="0.35em" textAnchor="end" fontSize="12" fill="#4a5957">
              {tick}
            </text>
          </g>
        ))}
        {bars.map((bar) =>
          bar.value > 0 ? (
            <rect
              key={`${bar.weekStart}-${bar.kind}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx="2"
              fill={COLOURS[bar.kind]}
            />
          ) : null,
        )}
        {weeks.map((week, index) =>
          index % 3 !== 0 || index > weeks.length - 4 ? null : (
            <text
              key={week.weekStart}
              x={box.left + groupWidth * index + groupWidth / 2}
              y={box.height - 10}
              textAnchor="middle"
              fontSize="12"
              fill="#4a5957"
            >
              {formatShortDate(week.weekStart)}
            </text>
          ),
        )}
        {weeks.length > 0 ? (
          <text x={box.width - box.right} y={box.height - 10} textAnchor="end" fontSize="12" fontWeight="600" fill="#1b2726">
            This week
          </text>
        ) : null}
      </svg>
      {/* The wrapper clips: a table is never narrower than its text, even when sr-only. */}
      <div className="sr-only">
        <table>
          <caption>Wins and concerns per week, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Wins</th>
              <th scope="col">Concerns</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatShortDate(week.weekStart)}</th>
                <td>{week.wins}</td>
                <td>{week.concerns}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The observations screen's 12-week chart, with loading, error and "nothing yet" states. */
export function WeeklyTrendChart() {
  const trend = useWeeklyTrend();
  if (trend.isPending) return <Spinner label="Loading the weekly chart" showLabel className="py-8" />;
  if (trend.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-ink">We could not load the weekly chart just now.</p>
        <Button variant="outline" size="sm" onClick={() => void trend.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const weeks = trend.data;
  const thisWeek = weeks.at(-1);
  return (
    <div className="grid gap-3">
      {isTrendEmpty(weeks) ? (
        <p className="text-ink-muted">Once you note a few things, your wins and concerns will show here week by week.</p>
      ) : (
        <>
          <TrendBars weeks={weeks} />
          {thisWeek ? (
            <p className="text-sm text-ink-muted">
              This week so far: {thisWeek.wins} {thisWeek.wins === 1 ? 'win' : 'wins'} and {thisWeek.concerns}{' '}
              {thisWeek.concerns === 1 ? 'concern' : 'concerns'}.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
