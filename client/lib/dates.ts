/**
 * The app's one date module: what "today" is for the parent, and how every date is shown. Dates are
 * written in the browser's locale ("Mar 10, 2026" in the US, "10 Mar 2026" in the UK), the same way
 * on every screen. Two kinds of value come from the API:
 * - a calendar day, `YYYY-MM-DD` (a due date, a date of birth): shown as that day wherever the parent is;
 * - an instant, an ISO timestamp (when an observation happened): shown in the parent's time zone.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's calendar day where the parent is, as `YYYY-MM-DD` (not UTC's: at 11 pm in New York it is still today). */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar day as the UTC midnight that starts it, or null when it is not `YYYY-MM-DD...`. */
function dayInstant(isoDay: string): number | null {
  const time = Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? null : time;
}

// `undefined`: the browser's own locale. Calendar days are formatted in UTC so they never shift a day.
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const DAY_NO_YEAR = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const MOMENT_DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const MOMENT_TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** A calendar day: "Mar 10, 2026" (en-US). Anything unreadable is shown as it came. */
export function formatDate(isoDay: string): string {
  const time = dayInstant(isoDay);
  return time === null ? isoDay : DAY.format(time);
}

/** A calendar day without its year, for charts and lists within one year: "Mar 10". */
export function formatShortDate(isoDay: string): string {
  const time = dayInstant(isoDay);
  return time === null ? isoDay : DAY_NO_YEAR.format(time);
}

/** The month a calendar day falls in: "March 2026". */
export function formatMonth(isoDay: string): string {
  const time = dayInstant(isoDay);
  return time === null ? isoDay : MONTH.format(time);
}

/** The day of an instant, where the parent is: "Mar 10, 2026". */
export function formatMomentDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : MOMENT_DAY.format(time);
}

/** The day and time of an instant, where the parent is: "Mar 10, 2026, 4:05 PM". */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : `${MOMENT_DAY.format(time)}, ${MOMENT_TIME.format(time)}`;
}

/** The time of day of an instant, where the parent is: "4:05 PM". */
export function formatTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : MOMENT_TIME.format(time);
}

/** An instant as a `datetime-local` input value in the parent's time zone: `2026-03-04T16:05`. */
export function toDateTimeLocal(date: Date): string {
  return `${localToday(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the parent's time) as an ISO instant, or null when it is empty or not a date. */
export function fromDateTimeLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
