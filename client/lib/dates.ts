import { daysBetween } from '#shared/calendar.ts';

/**
 * The app's one date module: what "today" is for the parent, and how every date is shown. Dates are
 * written in the browser's locale ("Mar 10, 2026" in the US, "10 Mar 2026" in the UK), the same way
 * on every screen. Two kinds of value come from the API:
 * - a calendar day, `YYYY-MM-DD` (a due date, a date of birth): shown as that day wherever the parent is;
 * - an instant, an ISO timestamp (when an observation happened): shown in the parent's time zone.
 * Screens import the functions below; `dateFormats(locale)` exists so tests can pin a locale.
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

/**
 * Whole calendar days from `today` to `isoDay`: 0 on the day, 1 tomorrow, negative before. Counted
 * on the days themselves, so a clock change in between never makes it 0.96 of a day. Null when
 * either is not a date.
 */
export function calendarDaysFrom(today: string, isoDay: string): number | null {
  const days = daysBetween(today.slice(0, 10), isoDay.slice(0, 10));
  return Number.isNaN(days) ? null : days;
}

/** Relative-time steps, largest first, with their length in seconds. */
const RELATIVE_UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Under this many seconds ago (or slightly ahead, a clock out of step), a change reads as "now". */
const NOW_SECONDS = 45;

/** Every format the app shows, in one locale (`undefined`: the browser's own). */
export function dateFormats(locale?: string) {
  // Calendar days are formatted in UTC, the zone `dayInstant` reads them in, so they never shift a day.
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayWithoutYear = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  // Instants: no time zone given, so the parent's own.
  const momentDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const momentDayAndTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const momentTime = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });

  const formatDay = (format: Intl.DateTimeFormat) => (isoDay: string) => {
    const time = dayInstant(isoDay);
    return time === null ? isoDay : format.format(time);
  };
  const formatMoment = (format: Intl.DateTimeFormat) => (iso: string) => {
    const time = Date.parse(iso);
    return Number.isNaN(time) ? iso : format.format(time);
  };
  const formatTime = formatMoment(momentTime);

  /** How far a calendar day is from the parent's today: "today", "tomorrow", "in 12 days", "3 days ago"; '' when it is not a date. */
  const formatRelativeDay = (isoDay: string, today: string = localToday()): string => {
    const days = calendarDaysFrom(today, isoDay);
    return days === null ? '' : relative.format(days, 'day');
  };

  return {
    /** A calendar day: "Mar 10, 2026" (en-US), "10 Mar 2026" (en-GB). Anything unreadable is shown as it came. */
    formatDate: formatDay(day),
    /** Text with calendar days written as YYYY-MM-DD (a generated milestone's words) read as formatDate writes them. */
    formatDatesInText: (text: string) => text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, formatDay(day)),
    /** A calendar day where the year is plain from around it (a month heading, a chart's axis): "Mar 10". */
    formatShortDate: formatDay(dayWithoutYear),
    /** The month a calendar day falls in: "March 2026". */
    formatMonth: formatDay(month),
    /** The day of an instant, where the parent is: "Mar 10, 2026". */
    formatMomentDate: formatMoment(momentDay),
    /** The day and time of an instant, where the parent is: "Mar 10, 2026, 4:05 PM". */
    formatDateTime: formatMoment(momentDayAndTime),
    /** The time of day of an instant, where the parent is: "4:05 PM". */
    formatTime,
    formatRelativeDay,
    /**
     * An instant in a list of recent things: "Today, 4:05 PM", "Yesterday, 8:00 AM" (the parent's
     * days), otherwise the day and time.
     */
    formatRecentDateTime(iso: string, now: Date = new Date()): string {
      const time = Date.parse(iso);
      if (Number.isNaN(time)) return iso;
      const days = calendarDaysFrom(localToday(now), localToday(new Date(time)));
      if (days !== 0 && days !== -1) return momentDayAndTime.format(time);
      const dayWord = relative.format(days, 'day');
      return `${dayWord.charAt(0).toLocaleUpperCase(locale)}${dayWord.slice(1)}, ${formatTime(iso)}`;
    },
    /** How long ago an instant was: "now", "5 minutes ago", "yesterday", "3 weeks ago"; '' when it is not a date. */
    formatRelativeTime(iso: string, now: Date = new Date()): string {
      const time = Date.parse(iso);
      if (Number.isNaN(time)) return '';
      const seconds = Math.round((time - now.getTime()) / 1000);
      if (seconds > -NOW_SECONDS) return relative.format(0, 'second');
      const [unit, size] = RELATIVE_UNITS.find(([, length]) => -seconds >= length) ?? ['minute', 60];
      return relative.format(Math.round(seconds / size), unit);
    },
  };
}

export const {
  formatDate,
  formatDatesInText,
  formatShortDate,
  formatMonth,
  formatMomentDate,
  formatDateTime,
  formatTime,
  formatRelativeDay,
  formatRecentDateTime,
  formatRelativeTime,
} = dateFormats();

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
