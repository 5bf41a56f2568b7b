import { describe, expect, it } from 'vitest';
import { NEXT_MILESTONES, statsWindow } from '../../../server/features/dashboard/dashboard.service.ts';
import { weekStart } from '../../../server/core/dates.ts';
import { fillWeeks, TREND_WEEKS } from '../../../server/features/observations/observations.service.ts';

describe('weekStart (Monday of the UTC week)', () => {
  it.each([
    ['2026-03-02T00:00:00Z', '2026-03-02'], // Monday, first instant
    ['2026-03-04T12:00:00Z', '2026-03-02'], // Wednesday
    ['2026-03-08T23:59:59.999Z', '2026-03-02'], // Sunday, last instant
    ['2026-03-09T00:00:00Z', '2026-03-09'], // the next Monday
    ['2026-01-01T09:00:00Z', '2025-12-29'], // Thursday: the week began last year
    ['2024-03-01T09:00:00Z', '2024-02-26'], // Friday after a leap day
  ])('%s is in the week of %s', (instant, monday) => {
    expect(weekStart(new Date(instant))).toBe(monday);
  });

  it('uses the UTC day, not the offset the time was written with', () => {
    // 01:00 on Monday in UTC+5 is still Sunday in UTC.
    expect(weekStart(new Date('2026-03-09T01:00:00+05:00'))).toBe('2026-03-02');
    // 20:00 on Sunday in UTC-5 is already Monday in UTC.
    expect(weekStart(new Date('2026-03-08T20:00:00-05:00'))).toBe('2026-03-09');
  });
});

describe('statsWindow', () => {
  it('on a Sunday counts this week from the Monday before and last week from the Monday before that', () => {
    expect(statsWindow(new Date('2026-03-08T18:30:00Z'))).toEqual({
      weekStart: '2026-03-02',
      lastWeekStart: '2026-02-23',
      monthStart: '2026-03-01',
      today: '2026-03-08',
      milestoneCount: NEXT_MILESTONES,
    });
  });

  it('on a Monday starts this week today', () => {
    expect(statsWindow(new Date('2026-03-09T00:00:00Z'))).toEqual({
      weekStart: '2026-03-09',
      lastWeekStart: '2026-03-02',
      monthStart: '2026-03-01',
      today: '2026-03-09',
      milestoneCount: 3,
    });
  });

  it('on the first of a month starts the month today while the week began last month', () => {
    expect(statsWindow(new Date('2026-04-01T08:00:00Z'))).toEqual({
      weekStart: '2026-03-30',
      lastWeekStart: '2026-03-23',
      monthStart: '2026-04-01',
      today: '2026-04-01',
      milestoneCount: 3,
    });
  });

  it('across the year boundary keeps the weeks in December and the month in January', () => {
    expect(statsWindow(new Date('2026-01-01T00:00:00Z'))).toEqual({
      weekStart: '2025-12-29',
      lastWeekStart: '2025-12-22',
      monthStart: '2026-01-01',
      today: '2026-01-01',
      milestoneCount: 3,
    });
  });

  it('reaches back over a leap day for last week', () => {
    expect(statsWindow(new Date('2024-03-04T10:00:00Z'))).toMatchObject({
      weekStart: '2024-03-04',
      lastWeekStart: '2024-02-26',
      monthStart: '2024-03-01',
    });
  });
});

describe('fillWeeks', () => {
  const today = new Date('2026-03-11T15:00:00Z'); // a Wednesday; its week starts 2026-03-09

  it('gives 12 weeks, oldest first, ending with this week, all zero when nothing was logged', () => {
    const weeks = fillWeeks([], today);
    expect(TREND_WEEKS).toBe(12);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: '2025-12-22', wins: 0, concerns: 0 });
    expect(weeks[11]).toEqual({ weekStart: '2026-03-09', wins: 0, concerns: 0 });
    expect(weeks.map((week) => week.weekStart)).toEqual([
      '2025-12-22',
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(weeks.every((week) => week.wins === 0 && week.concerns === 0)).toBe(true);
  });

  it('places each count in its own week and leaves the others at zero', () => {
    const weeks = fillWeeks(
      [
        { weekStart: '2026-03-09', wins: 2, concerns: 1 },
        { weekStart: '2025-12-29', wins: 0, concerns: 4 },
        { weekStart: '2025-12-22', wins: 5, concerns: 0 },
      ],
      today,
    );
    expect(weeks[11]).toEqual({ weekStart: '2026-03-09', wins: 2, concerns: 1 });
    expect(weeks[1]).toEqual({ weekStart: '2025-12-29', wins: 0, concerns: 4 });
    expect(weeks[0]).toEqual({ weekStart: '2025-12-22', wins: 5, concerns: 0 });
    expect(weeks.filter((week) => week.wins + week.concerns > 0)).toHaveLength(3);
  });

  it('drops counts from before the 12 weeks', () => {
    const weeks = fillWeeks([{ weekStart: '2025-12-15', wins: 9, concerns: 9 }], today);
    expect(weeks.reduce((sum, week) => sum + week.wins + week.concerns, 0)).toBe(0);
  });

  it('on a Sunday still ends with the week that began on Monday', () => {
    const weeks = fillWeeks([{ weekStart: '2026-03-09', wins: 1, concerns: 0 }], new Date('2026-03-15T23:59:59Z'));
    expect(weeks.at(-1)).toEqual({ weekStart: '2026-03-09', wins: 1, concerns: 0 });
  });

  it('takes another number of weeks', () => {
    expect(fillWeeks([], today, 3).map((week) => week.weekStart)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09']);
  });

  it('steps whole weeks across the year boundary', () => {
    const weeks = fillWeeks([], new Date('2026-01-02T00:00:00Z'), 3);
    expect(weeks.map((week) => week.weekStart)).toEqual(['2025-12-15', '2025-12-22', '2025-12-29']);
  });
});
