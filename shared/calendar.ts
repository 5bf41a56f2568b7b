/**
 * Calendar arithmetic on YYYY-MM-DD strings in UTC, so a date never shifts with the time zone.
 *
 * The calendar is the four-digit one, CALENDAR_FIRST_DAY to CALENDAR_LAST_DAY: what a date column,
 * a date input and an ISO string all write the same way. The helpers are total and never throw:
 * - a count is taken in whole units (truncated; NaN counts as 0);
 * - a result that would fall outside the calendar is its first or last day;
 * - a string that is not a date of the calendar (see isCalendarDate) comes back as it came from the
 *   add* helpers and inYear, and daysBetween is NaN for it, so a screen can show it as it came.
 */

export const CALENDAR_FIRST_DAY = '0001-01-01';
export const CALENDAR_LAST_DAY = '9999-12-31';

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_DAY_SHAPE = /^(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/** Midnight UTC of a day, in ms. Date.UTC reads years 0-99 as 1900-1999; setUTCFullYear does not. */
function utcMidnight(year: number, monthIndex: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime();
}

const FIRST_MS = utcMidnight(FIRST_YEAR, 0, 1);
const LAST_MS = utcMidnight(LAST_YEAR, 11, 31);
/** More days, months or years than the calendar holds: any count beyond lands outside it anyway. */
const COUNT_LIMIT = 4_000_000;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(utcMidnight(year, monthIndex + 1, 0)).getUTCDate();
}

/** True when `value` names a day of the calendar that exists (2024-02-29 yes, 2023-02-29 and 0000-01-01 no). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= FIRST_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month - 1);
}

function read(iso: string): [year: number, monthIndex: number, day: number] | null {
  if (!isCalendarDate(iso)) return null;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return [year, month - 1, day];
}

function whole(count: number): number {
  if (Number.isNaN(count)) return 0;
  return Math.max(-COUNT_LIMIT, Math.min(COUNT_LIMIT, Math.trunc(count)));
}

/** The day at `ms` (midnight UTC), kept within the calendar. */
function format(ms: number): string {
  if (ms <= FIRST_MS) return CALENDAR_FIRST_DAY;
  if (ms >= LAST_MS) return CALENDAR_LAST_DAY;
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const date = read(iso);
  if (!date) return iso;
  const [year, monthIndex, day] = date;
  return format(utcMidnight(year, monthIndex, day) + whole(days) * MS_PER_DAY);
}

/** Adds months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const date = read(iso);
  if (!date) return iso;
  const [year, monthIndex, day] = date;
  const target = year * 12 + monthIndex + whole(months);
  if (target < FIRST_YEAR * 12) return CALENDAR_FIRST_DAY;
  if (target > LAST_YEAR * 12 + 11) return CALENDAR_LAST_DAY;
  const [targetYear, targetMonth] = [Math.floor(target / 12), target % 12];
  return format(utcMidnight(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth))));
}

export function addYears(iso: string, years: number): string {
  return addMonths(iso, whole(years) * 12);
}

/**
 * The yearly return of `date` (a plan's review) on or before `day`: counted from `date` itself, so
 * Feb 29 stays Feb 29 in leap years, and found by arithmetic, so a day centuries away costs the same.
 */
export function yearlyOnOrBefore(date: string, day: string): string {
  const years = Number(day.slice(0, 4)) - Number(date.slice(0, 4));
  const sameYear = addYears(date, years);
  return sameYear <= day ? sameYear : addYears(date, years - 1);
}

/** `date` itself when it is on or after `day`, else its first yearly return on or after `day` (as yearlyOnOrBefore). */
export function yearlyOnOrAfter(date: string, day: string): string {
  if (date >= day) return date;
  const before = yearlyOnOrBefore(date, day);
  return before === day ? day : addYears(date, Number(before.slice(0, 4)) - Number(date.slice(0, 4)) + 1);
}

/** Whole days from `from` to `to`: negative when `to` is earlier, NaN when either is not a date. */
export function daysBetween(from: string, to: string): number {
  const [start, end] = [read(from), read(to)];
  if (!start || !end) return Number.NaN;
  return Math.round((utcMidnight(...end) - utcMidnight(...start)) / MS_PER_DAY);
}

/**
 * The same month and day in `year` (Feb 29 becomes Feb 28 in other years, and any day past the
 * month's end its last day). `monthDay` is MM-DD; a year outside the calendar is its first or last,
 * NaN the first.
 */
export function inYear(monthDay: string, year: number): string {
  const match = MONTH_DAY_SHAPE.exec(monthDay);
  const [month, day] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (month < 1 || month > 12 || day < 1 || day > 31) return monthDay;
  const calendarYear = Number.isNaN(year) ? FIRST_YEAR : Math.max(FIRST_YEAR, Math.min(LAST_YEAR, Math.trunc(year)));
  return format(utcMidnight(calendarYear, month - 1, Math.min(day, daysInMonth(calendarYear, month - 1))));
}
