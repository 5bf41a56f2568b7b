import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addYears, daysBetween, inYear, yearlyOnOrAfter, yearlyOnOrBefore } from '#shared/calendar.ts';

describe('addDays', () => {
  it.each([
    ['2026-03-10', 1, '2026-03-11'],
    ['2026-03-10', -10, '2026-02-28'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2026-05-20', -30, '2026-04-20'],
    ['2026-03-10', 0, '2026-03-10'],
  ])('%s %+d days is %s', (from, days, expected) => {
    expect(addDays(from, days)).toBe(expected);
  });

  it('ignores daylight-saving changes (the last Sunday of March is an ordinary day)', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-10-15', 3, '2027-01-15'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-05-31', 0, '2026-05-31'],
  ])('%s %+d months is %s', (from, months, expected) => {
    expect(addMonths(from, months)).toBe(expected);
  });

  it('clamps each step from the original day, not from the clamped one', () => {
    // Jan 31 + 2 months is Mar 31, not Mar 28 (which stepping month by month would give).
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
  });
});

describe('addYears', () => {
  it.each([
    ['2023-07-01', 3, '2026-07-01'],
    ['2024-02-29', 1, '2025-02-28'],
    ['2024-02-29', 4, '2028-02-29'],
    ['2024-02-29', 3, '2027-02-28'],
    ['2012-02-29', 14, '2026-02-28'],
    ['2026-12-31', 1, '2027-12-31'],
    ['2026-03-01', -1, '2025-03-01'],
  ])('%s %+d years is %s', (from, years, expected) => {
    expect(addYears(from, years)).toBe(expected);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-03-10', '2026-03-10', 0],
    ['2026-03-10', '2026-03-11', 1],
    ['2026-03-11', '2026-03-10', -1],
    ['2026-05-02', '2026-07-01', 60],
    ['2024-02-28', '2024-03-01', 2],
    ['2023-02-28', '2023-03-01', 1],
    ['2025-12-31', '2026-01-01', 1],
    ['2026-01-01', '2027-01-01', 365],
    ['2028-01-01', '2029-01-01', 366],
    ['2026-03-28', '2026-03-30', 2],
  ])('from %s to %s is %d days', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it('is the inverse of addDays', () => {
    for (const days of [-400, -31, -1, 0, 1, 29, 60, 366, 1000]) {
      expect(daysBetween('2026-02-14', addDays('2026-02-14', days))).toBe(days);
    }
  });
});

describe('inYear', () => {
  it.each([
    ['11-15', 2026, '2026-11-15'],
    ['02-01', 2027, '2027-02-01'],
    ['02-29', 2028, '2028-02-29'],
    ['02-29', 2026, '2026-02-28'],
    ['01-05', 2026, '2026-01-05'],
    ['12-31', 2026, '2026-12-31'],
  ])('%s in %d is %s', (monthDay, year, expected) => {
    expect(inYear(monthDay, year)).toBe(expected);
  });
});

describe('yearly returns of a date (a plan review)', () => {
  it('finds the return on or before a day, and on or after it, from the date itself', () => {
    expect(yearlyOnOrBefore('2020-03-15', '2026-11-27')).toBe('2026-03-15');
    expect(yearlyOnOrBefore('2027-01-10', '2026-11-27')).toBe('2026-01-10');
    expect(yearlyOnOrAfter('2020-03-15', '2026-11-27')).toBe('2027-03-15');
    expect(yearlyOnOrAfter('2026-11-27', '2026-11-27')).toBe('2026-11-27');
    // A date still to come is its own next return.
    expect(yearlyOnOrAfter('2028-03-15', '2026-11-27')).toBe('2028-03-15');
    // Feb 29 stays Feb 29 in leap years, Feb 28 in others.
    expect(yearlyOnOrAfter('2024-02-29', '2027-03-01')).toBe('2028-02-29');
    expect(yearlyOnOrBefore('2024-02-29', '2027-03-01')).toBe('2027-02-28');
    // Days at the calendar's ends cost no more than near ones.
    expect(yearlyOnOrBefore('2026-03-15', '0001-01-01')).toBe('0001-01-01');
    expect(yearlyOnOrAfter('2026-03-15', '9999-12-31')).toBe('9999-12-31');
  });
});
