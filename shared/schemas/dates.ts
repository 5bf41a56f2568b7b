import { z } from 'zod';

/** Today's calendar date in UTC as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** True when `value` names a day that exists (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const calendarDate = (base: z.ZodString) =>
  base.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD').refine(isCalendarDate, 'This date does not exist');

/** A calendar date written YYYY-MM-DD. */
export const isoDate = calendarDate(z.string());

/**
 * A date that must be given: missing or empty, it says `emptyMessage` ("Enter a date of birth")
 * alone; the format message is only for a value that is there and malformed.
 */
export function requiredIsoDate(emptyMessage: string) {
  return calendarDate(
    z.string({ error: (issue) => (issue.input === undefined ? emptyMessage : undefined) }).min(1, { error: emptyMessage, abort: true }),
  );
}

/*
 * Two date rules shared by every record (decision 0026), each with one message:
 * - what already happened (an observation's moment, a progress entry's day) is never in the future;
 * - a plan's date (a goal's target, a milestone's due date) may be overdue, but not by more than
 *   PLAN_DATE_PAST_LIMIT_DAYS: further back is almost certainly a typo in the year.
 */

/** A time this far ahead of the server's clock is still "now" (a phone's clock runs a little fast). */
export const FUTURE_TOLERANCE_MS = 5 * 60_000;
export const IN_FUTURE_MESSAGE = 'This is in the future. When did it happen?';

/** True when the instant `iso` is not later than now (plus the tolerance for a clock that runs fast). */
export function isNotInFuture(iso: string, now: Date = new Date()): boolean {
  return Date.parse(iso) <= now.getTime() + FUTURE_TOLERANCE_MS;
}

/**
 * True when the calendar day `day` has begun for someone, in the earliest time zone (UTC+14): the
 * server does not know the parent's zone, and their "today" may already be UTC's tomorrow.
 */
export function isDayNotInFuture(day: string, now: Date = new Date()): boolean {
  return isNotInFuture(`${day}T00:00:00+14:00`, now);
}

/** A day something happened on: YYYY-MM-DD, not in the future. */
export const pastOrTodayDate = isoDate.refine((value) => !isCalendarDate(value) || isDayNotInFuture(value), IN_FUTURE_MESSAGE);

export const PLAN_DATE_PAST_LIMIT_DAYS = 365;
export const TOO_FAR_IN_PAST_MESSAGE = 'This date is more than a year ago. Is the year right?';

/** The earliest plan date accepted today (UTC): PLAN_DATE_PAST_LIMIT_DAYS before it. */
export function earliestPlanDate(now: Date = new Date()): string {
  return todayIso(new Date(now.getTime() - PLAN_DATE_PAST_LIMIT_DAYS * 86_400_000));
}

/** A plan's date: YYYY-MM-DD, any day from a year ago on. */
export const planDate = isoDate.refine((value) => !isCalendarDate(value) || value >= earliestPlanDate(), TOO_FAR_IN_PAST_MESSAGE);
