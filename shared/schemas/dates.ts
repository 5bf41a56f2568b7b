import { z } from 'zod';
import { addDays, addYears, isCalendarDate } from '../calendar.ts';

export { isCalendarDate };

/** Today's calendar date in UTC as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/*
 * Every date and timestamp a client sends is judged here (decisions 0026 and 0033): first its form
 * (a day of the four-digit calendar, or an RFC 3339 time with a real time zone offset), then the
 * window its field allows, each side with one message a parent can act on. What the server answers
 * is not judged again (`storedDate`, `storedTimestamp`): rows saved under older rules stay readable.
 */

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
export const DATE_FORMAT_MESSAGE = 'Use the format YYYY-MM-DD';
export const NO_SUCH_DATE_MESSAGE = 'This date does not exist';

/**
 * A calendar date written YYYY-MM-DD (JSON Schema `format: date`). Missing or empty, it says
 * `emptyMessage` when given; "Use the format YYYY-MM-DD" is for a value that is there and malformed.
 */
function calendarDate(emptyMessage?: string) {
  return z.iso
    .date({
      abort: true,
      error: (issue) => {
        if (emptyMessage !== undefined && (issue.input === undefined || issue.input === '')) return emptyMessage;
        if (typeof issue.input !== 'string') return undefined;
        return DATE_SHAPE.test(issue.input) ? NO_SUCH_DATE_MESSAGE : DATE_FORMAT_MESSAGE;
      },
    })
    .refine(isCalendarDate, { message: NO_SUCH_DATE_MESSAGE, abort: true });
}

/** One side of a date's window: the last (or first) day accepted on the day `now` falls in, and what to say past it. */
export interface DateBound {
  day: (now: Date) => string;
  message: string;
}

/**
 * A calendar date within a window that moves with today: on or after `earliest.day`, on or before
 * `latest.day`. A value fails one check at most, so a field gets one message.
 */
export function dateWithin(window: { earliest?: DateBound; latest?: DateBound; emptyMessage?: string }) {
  let schema = calendarDate(window.emptyMessage);
  const { earliest, latest } = window;
  if (earliest) schema = schema.refine((value) => value >= earliest.day(new Date()), { message: earliest.message, abort: true });
  if (latest) schema = schema.refine((value) => value <= latest.day(new Date()), { message: latest.message, abort: true });
  return schema;
}

/** Any day of the calendar, 0001-01-01 to 9999-12-31: list filters, where any bound is meaningful. */
export const isoDate = calendarDate();

/** A date the server answers with, as stored (not judged against today's window). */
export const storedDate = z.iso.date();
/** A moment the server answers with (toISOString). */
export const storedTimestamp = z.iso.datetime({ offset: true });

/*
 * The date rules shared by every record (decision 0026, windows in 0033), each with one message:
 * - what already happened (an observation's moment, a progress entry's day, an evaluation) is never
 *   in the future, nor longer ago than HISTORY_YEARS;
 * - a plan's date (a goal's target, a milestone's due date) may be overdue, but not by more than
 *   PLAN_DATE_PAST_LIMIT_DAYS, and not more than PLAN_DATE_FUTURE_LIMIT_YEARS ahead: further either
 *   way is almost certainly a typo in the year.
 */

/** Trelli keeps children up to this age (a date of birth is less than this many years ago): nothing about one happened earlier. */
export const HISTORY_YEARS = 26;

/** A time this far ahead of the server's clock is still "now" (a phone's clock runs a little fast). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
export const IN_FUTURE_MESSAGE = 'This is in the future. When did it happen?';
export const TOO_LONG_AGO_MESSAGE = `This is more than ${HISTORY_YEARS} years ago. Is the year right?`;

/** True when the instant `iso` is not later than now (plus the tolerance for a clock that runs fast). */
export function isNotInFuture(iso: string, now: Date = new Date()): boolean {
  return Date.parse(iso) <= now.getTime() + FUTURE_TOLERANCE_MS;
}

/** The earliest time zone, UTC+14: its day begins first. */
const EARLIEST_ZONE_MS = 14 * 3_600_000;

/**
 * The latest calendar day that has begun for someone, in the earliest time zone (UTC+14): the
 * server does not know the parent's zone, and their "today" may already be UTC's tomorrow.
 */
export function latestDayBegun(now: Date = new Date()): string {
  return todayIso(new Date(now.getTime() + EARLIEST_ZONE_MS + FUTURE_TOLERANCE_MS));
}

/** The earliest day something that happened may be dated: HISTORY_YEARS before UTC's today. */
export function earliestPastDay(now: Date = new Date()): string {
  return addYears(todayIso(now), -HISTORY_YEARS);
}

/** A day something happened on: YYYY-MM-DD, not in the future, not more than HISTORY_YEARS ago. */
export const pastOrTodayDate = dateWithin({
  earliest: { day: earliestPastDay, message: TOO_LONG_AGO_MESSAGE },
  latest: { day: latestDayBegun, message: IN_FUTURE_MESSAGE },
});

export const PLAN_DATE_PAST_LIMIT_DAYS = 365;
export const PLAN_DATE_FUTURE_LIMIT_YEARS = 10;
export const TOO_FAR_IN_PAST_MESSAGE = 'This date is more than a year ago. Is the year right?';
export const TOO_FAR_AHEAD_MESSAGE = `This date is more than ${PLAN_DATE_FUTURE_LIMIT_YEARS} years away. Is the year right?`;

/** The earliest plan date accepted today (UTC): PLAN_DATE_PAST_LIMIT_DAYS before it. */
export function earliestPlanDate(now: Date = new Date()): string {
  return addDays(todayIso(now), -PLAN_DATE_PAST_LIMIT_DAYS);
}

/** The latest plan date accepted today (UTC): PLAN_DATE_FUTURE_LIMIT_YEARS after it. */
export function latestPlanDate(now: Date = new Date()): string {
  return addYears(todayIso(now), PLAN_DATE_FUTURE_LIMIT_YEARS);
}

/** A plan's date: YYYY-MM-DD, from a year ago to ten years ahead. */
export const planDate = dateWithin({
  earliest: { day: earliestPlanDate, message: TOO_FAR_IN_PAST_MESSAGE },
  latest: { day: latestPlanDate, message: TOO_FAR_AHEAD_MESSAGE },
});

/*
 * A moment (RFC 3339 with `Z` or an offset, JSON Schema `format: date-time`). Time zones in use run
 * from UTC-12 to UTC+14; PostgreSQL refuses an offset of 16 hours or more (SQLSTATE 22009), and a
 * fraction of a second longer than nanoseconds (Go's RFC3339Nano) serves no clock.
 */
export const TIMESTAMP_MESSAGE = 'Use a date and time';
export const OFFSET_MESSAGE = 'Use a time zone offset from -12:00 to +14:00';
const OFFSET_WEST_LIMIT_MINUTES = -12 * 60;
const OFFSET_EAST_LIMIT_MINUTES = 14 * 60;
const OFFSET = /([+-])(\d{2}):(\d{2})$/;
const OVERLONG_FRACTION = /\.\d{10,}/;

/** True for `Z` and for an offset between -12:00 and +14:00. */
function hasRealOffset(value: string): boolean {
  const match = OFFSET.exec(value);
  if (!match) return true;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return minutes >= OFFSET_WEST_LIMIT_MINUTES && minutes <= OFFSET_EAST_LIMIT_MINUTES;
}

/** The first moment of `earliestPastDay`, wherever it begins first. */
function earliestPastInstant(now: Date): number {
  return Date.parse(`${earliestPastDay(now)}T00:00:00Z`) - EARLIEST_ZONE_MS;
}

/** A moment that happened: not in the future (the clock tolerance allowed), not more than HISTORY_YEARS ago. */
export const pastTimestamp = z.iso
  .datetime({ offset: true, error: TIMESTAMP_MESSAGE, abort: true })
  .refine((value) => !OVERLONG_FRACTION.test(value), { message: TIMESTAMP_MESSAGE, abort: true })
  .refine(hasRealOffset, { message: OFFSET_MESSAGE, abort: true })
  .refine((value) => isNotInFuture(value), { message: IN_FUTURE_MESSAGE, abort: true })
  .refine((value) => Date.parse(value) >= earliestPastInstant(new Date()), { message: TOO_LONG_AGO_MESSAGE, abort: true });
