import type { WeeklyTrend } from '#shared/schemas/observation.ts';
import { formatShortDate } from '../../../lib/dates.ts';

/** The top of the value axis: at least 4, else the max rounded up to a 1, 2 or 5 step (times 10^n) in four steps. */
export function niceMax(max: number): number {
  if (!(max > 4)) return 4;
  const step = niceStep(max / 4);
  return Math.ceil(max / step) * step;
}

/** A round step (1, 2 or 5 times a power of ten, at least 1) no smaller than `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** The value-axis ticks from 0 to niceMax(max), whole numbers only. */
export function axisTicks(max: number): number[] {
  const top = niceMax(max);
  const step = niceStep(top / 4);
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return ticks;
}

export interface ChartBox {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Close to the size it is shown at, so its 12 px labels stay readable. */
export const CHART_BOX: ChartBox = { width: 420, height: 210, top: 10, right: 4, bottom: 28, left: 28 };

export interface Bar {
  kind: 'wins' | 'concerns';
  weekStart: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Grouped bars, wins left of concerns, one group per week; heights scaled to niceMax of the data. */
export function layoutBars(
  weeks: WeeklyTrend,
  box: ChartBox = CHART_BOX,
): { bars: Bar[]; top: number; groupWidth: number; y: (value: number) => number } {
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const top = niceMax(Math.max(0, ...weeks.flatMap((week) => [week.wins, week.concerns])));
  const groupWidth = weeks.length > 0 ? plotWidth / weeks.length : plotWidth;
  const barWidth = groupWidth * 0.34;
  const gap = groupWidth * 0.04;
  const y = (value: number) => box.top + plotHeight - (value / top) * plotHeight;
  const bars = weeks.flatMap((week, index) => {
    const centre = box.left + groupWidth * index + groupWidth / 2;
    return (['wins', 'concerns'] as const).map((kind) => {
      const value = week[kind];
      const x = kind === 'wins' ? centre - gap / 2 - barWidth : centre + gap / 2;
      return { kind, weekStart: week.weekStart, value, x, y: y(value), width: barWidth, height: y(0) - y(value) };
    });
  });
  return { bars, top, groupWidth, y };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The chart in one sentence, for its aria-label. */
export function trendSummary(weeks: WeeklyTrend): string {
  if (weeks.length === 0) return 'No weeks to show yet.';
  const wins = weeks.reduce((sum, week) => sum + week.wins, 0);
  const concerns = weeks.reduce((sum, week) => sum + week.concerns, 0);
  const last = weeks.at(-1);
  const first = weeks[0];
  const range = first && last ? `weeks of ${formatShortDate(first.weekStart)} to ${formatShortDate(last.weekStart)}` : '';
  const thisWeek = last ? ` This week: ${plural(last.wins, 'win', 'wins')} and ${plural(last.concerns, 'concern', 'concerns')}.` : '';
  return `Wins and concerns per week over the last ${weeks.length} weeks (${range}): ${plural(wins, 'win', 'wins')} and ${plural(concerns, 'concern', 'concerns')} in total.${thisWeek}`;
}

/** True when no week has anything in it. */
export function isTrendEmpty(weeks: WeeklyTrend): boolean {
  return weeks.every((week) => week.wins === 0 && week.concerns === 0);
}
