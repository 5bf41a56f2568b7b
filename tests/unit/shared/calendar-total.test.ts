/**
 * The calendar helpers are total (decision 0033): over every date of the four-digit calendar and
 * any count, they answer a date of that calendar and never throw; what is not a date comes back
 * as it came (daysBetween: NaN).
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_FIRST_DAY,
  CALENDAR_LAST_DAY,
  addDays,
  addMonths,
  addYears,
  daysBetween,
  inYear,
  isCalendarDate,
} from '#shared/calendar.ts';

const FIRST_MS = Date.parse('0001-01-01T00:00:00Z');
const LAST_MS = Date.parse('9999-12-31T00:00:00Z');
const DAY_MS = 86_400_000;

/** Any day from 0001-01-01 to 9999-12-31, edges included, written YYYY-MM-DD. */
const calendarDay = fc
  .integer({ min: 0, max: (LAST_MS - FIRST_MS) / DAY_MS })
  .map((days) => new Date(FIRST_MS + days * DAY_MS).toISOString().slice(0, 10));
/** Counts from none to far past the calendar's length either way, and the numbers that are not whole. */
const count = fc.oneof(
  fc.integer({ min: -5_000_000, max: 5_000_000 }),
  fc.integer({ min: -40, max: 40 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, Infinity, -Infinity, Number.NaN, 0.5, -0.5),
);

/** Days in a month, by JavaScript's own calendar (setUTCFullYear reads years 0-99 as they are). */
function daysIn(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

const inCalendar = (value: string) => isCalendarDate(value) && value >= CALENDAR_FIRST_DAY && value <= CALENDAR_LAST_DAY;

describe('calendar helpers over the whole calendar', () => {
  it('addDays, addMonths and addYears answer a calendar date for any date and any count', () => {
    fc.assert(
      fc.property(calendarDay, count, (day, n) => {
        for (const add of [addDays, addMonths, addYears]) expect(inCalendar(add(day, n)), `${add.name}(${day}, ${n})`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('addDays agrees with daysBetween wherever the result stays in the calendar, and stops at its ends otherwise', () => {
    fc.assert(
      fc.property(calendarDay, fc.integer({ min: -4_000_000, max: 4_000_000 }), (day, days) => {
        const result = addDays(day, days);
        const target = Date.parse(`${day}T00:00:00Z`) + days * DAY_MS;
        const end = target < FIRST_MS ? CALENDAR_FIRST_DAY : target > LAST_MS ? CALENDAR_LAST_DAY : null;
        // Past an end of the calendar it is that end; within it, exactly `days` away.
        expect(end === null ? daysBetween(day, result) : result).toBe(end === null ? days : end);
      }),
      { numRuns: 2000 },
    );
  });

  it('addMonths keeps the day of the month, or the month’s last day when it is shorter', () => {
    fc.assert(
      fc.property(calendarDay, fc.integer({ min: -1200, max: 1200 }), (day, months) => {
        const result = addMonths(day, months);
        if (result === CALENDAR_FIRST_DAY || result === CALENDAR_LAST_DAY) return;
        const [year, month, date] = day.split('-').map(Number) as [number, number, number];
        const index = year * 12 + month - 1 + months;
        expect(result.slice(0, 7)).toBe(`${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`);
        const [resultYear, resultMonth] = [Math.floor(index / 12), (index % 12) + 1];
        expect(Number(result.slice(8))).toBe(Math.min(date, daysIn(resultYear, resultMonth)));
      }),
      { numRuns: 2000 },
    );
  });

  it('daysBetween is a whole number, and zero only for the same day', () => {
    fc.assert(
      fc.property(calendarDay, calendarDay, (from, to) => {
        const days = daysBetween(from, to);
        expect(Number.isInteger(days)).toBe(true);
        expect(days === 0).toBe(from === to);
        expect(daysBetween(to, from) + days).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('inYear answers a calendar date for any month-day and any year', () => {
    const monthDay = fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
      .map(([month, day]) => `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    fc.assert(
      fc.property(monthDay, count, (md, year) => {
        expect(inCalendar(inYear(md, year))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['the last day plus one', () => addDays(CALENDAR_LAST_DAY, 1), CALENDAR_LAST_DAY],
    [
      'a year after 9999-12-31 (a stored last evaluation plus the three-year re-evaluation)',
      () => addYears(CALENDAR_LAST_DAY, 3),
      CALENDAR_LAST_DAY,
    ],
    ['the first day minus one', () => addDays(CALENDAR_FIRST_DAY, -1), CALENDAR_FIRST_DAY],
    ['a month before 0001-01-15', () => addMonths('0001-01-15', -1), CALENDAR_FIRST_DAY],
    ['a day after 0099-12-31 (no two-digit-year shift to 1999)', () => addDays('0099-12-31', 1), '0100-01-01'],
    ['Feb 29 in year 4', () => addYears('0004-02-29', 4), '0008-02-29'],
    ['Feb 29 in year 9996 plus a year', () => addYears('9996-02-29', 1), '9997-02-28'],
    ['Feb 29 in year 10000', () => inYear('02-29', 10_000), '9999-02-28'],
    ['days from the first to the last day', () => daysBetween(CALENDAR_FIRST_DAY, CALENDAR_LAST_DAY), 3_652_058],
  ])('%s', (_name, compute, expected) => {
    expect(compute()).toBe(expected);
  });

  it('hands back what is not a calendar date as it came (daysBetween: NaN)', () => {
    for (const value of ['0000-01-01', '2023-02-29', 'soon', '', '+010002-12-31', '2026-1-1']) {
      expect([addDays(value, 1), addMonths(value, 1), addYears(value, 1)]).toEqual([value, value, value]);
      expect(daysBetween(value, '2026-01-01')).toBeNaN();
    }
    expect(inYear('13-01', 2026)).toBe('13-01');
  });

  it('knows which days exist, year 0 not among them', () => {
    expect([
      isCalendarDate('2024-02-29'),
      isCalendarDate('0004-02-29'),
      isCalendarDate('0001-01-01'),
      isCalendarDate('9999-12-31'),
    ]).toEqual([true, true, true, true]);
    expect([
      isCalendarDate('2023-02-29'),
      isCalendarDate('0100-02-29'),
      isCalendarDate('0000-01-01'),
      isCalendarDate('2026-13-01'),
    ]).toEqual([false, false, false, false]);
  });
});
