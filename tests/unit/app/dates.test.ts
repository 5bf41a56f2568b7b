import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { calendarDaysFrom, dateFormats, localToday } from '../../../client/lib/dates.ts';

const DATES_MODULE = pathToFileURL(fileURLToPath(new URL('../../../client/lib/dates.ts', import.meta.url))).href;
const SHARED_DATES_MODULE = pathToFileURL(fileURLToPath(new URL('../../../shared/schemas/dates.ts', import.meta.url))).href;

/**
 * Runs `body` in a fresh Node process whose time zone and locale are `env`'s, the way a browser
 * elsewhere would be set up before the app loads. `body` sees the module as `dates` and the shared
 * schema helpers as `shared`, and returns something JSON can carry back.
 */
function inProcess(env: { TZ: string; locale?: string }, body: string): unknown {
  const locale = env.locale ?? 'en_US.UTF-8';
  const script = `
    const dates = await import(${JSON.stringify(DATES_MODULE)});
    const shared = await import(${JSON.stringify(SHARED_DATES_MODULE)});
    const result = (() => { ${body} })();
    process.stdout.write(JSON.stringify(result));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '--eval', script], {
    env: { ...process.env, TZ: env.TZ, LANG: locale, LC_ALL: locale },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(output);
}

const us = dateFormats('en-US');
const uk = dateFormats('en-GB');

describe('one format for each kind of date, in the locale given', () => {
  it('writes a calendar day in full, without the year, and as its month', () => {
    expect(us.formatDate('2026-03-10')).toBe('Mar 10, 2026');
    expect(uk.formatDate('2026-03-10')).toBe('10 Mar 2026');
    expect(us.formatShortDate('2026-03-10')).toBe('Mar 10');
    expect(uk.formatShortDate('2026-03-10')).toBe('10 Mar');
    expect(us.formatMonth('2026-03-10')).toBe('March 2026');
    expect(dateFormats('de-DE').formatDate('2026-03-10')).toBe('10.03.2026');
  });

  it('writes an instant in the time zone the browser is in', () => {
    // Built from local parts, so it is 4:05 pm on March 10 wherever the test runs.
    const instant = new Date(2026, 2, 10, 16, 5).toISOString();
    expect(us.formatDateTime(instant)).toBe('Mar 10, 2026, 4:05 PM');
    expect(uk.formatDateTime(instant)).toBe('10 Mar 2026, 16:05');
    expect(us.formatMomentDate(instant)).toBe('Mar 10, 2026');
    expect(us.formatTime(instant)).toBe('4:05 PM');
    expect(uk.formatTime(instant)).toBe('16:05');
  });

  it('says today and yesterday for recent instants, the parent’s days, and the full day and time before', () => {
    const now = new Date(2026, 2, 4, 18, 0);
    expect(us.formatRecentDateTime(new Date(2026, 2, 4, 16, 5).toISOString(), now)).toBe('Today, 4:05 PM');
    expect(us.formatRecentDateTime(new Date(2026, 2, 3, 8, 0).toISOString(), now)).toBe('Yesterday, 8:00 AM');
    expect(uk.formatRecentDateTime(new Date(2026, 2, 3, 8, 0).toISOString(), now)).toBe('Yesterday, 08:00');
    expect(us.formatRecentDateTime(new Date(2026, 2, 2, 23, 59).toISOString(), now)).toBe('Mar 2, 2026, 11:59 PM');
  });

  it('says how far away a calendar day is', () => {
    const today = '2026-11-10';
    expect(us.formatRelativeDay(today, today)).toBe('today');
    expect(us.formatRelativeDay('2026-11-11', today)).toBe('tomorrow');
    expect(us.formatRelativeDay('2026-11-09', today)).toBe('yesterday');
    expect(us.formatRelativeDay('2026-12-10', today)).toBe('in 30 days');
    expect(us.formatRelativeDay('2026-11-07', today)).toBe('3 days ago');
    expect(dateFormats('fr-FR').formatRelativeDay('2026-11-22', today)).toBe('dans 12 jours');
  });

  it('says how long ago something happened; a clock slightly ahead still reads as now', () => {
    const now = new Date('2026-03-18T12:00:00Z');
    expect(us.formatRelativeTime('2026-03-18T11:59:40Z', now)).toBe('now');
    expect(us.formatRelativeTime('2026-03-18T12:00:05Z', now)).toBe('now');
    expect(us.formatRelativeTime('2026-03-18T11:59:10Z', now)).toBe('1 minute ago');
    expect(us.formatRelativeTime('2026-03-18T11:55:00Z', now)).toBe('5 minutes ago');
    expect(us.formatRelativeTime('2026-03-18T09:00:00Z', now)).toBe('3 hours ago');
    expect(us.formatRelativeTime('2026-03-17T10:00:00Z', now)).toBe('yesterday');
    expect(us.formatRelativeTime('2026-03-04T12:00:00Z', now)).toBe('2 weeks ago');
    expect(dateFormats('de-DE').formatRelativeTime('2026-03-18T11:55:00Z', now)).toBe('vor 5 Minuten');
  });

  it('shows what it cannot read as it came, and no relative words for it', () => {
    expect(us.formatDate('soon')).toBe('soon');
    expect(us.formatDateTime('soon')).toBe('soon');
    expect(us.formatRelativeDay('soon', '2026-03-10')).toBe('');
    expect(us.formatRelativeTime('soon')).toBe('');
  });
});

describe("the browser's locale", () => {
  it('decides how the app writes dates when no locale is given', () => {
    const show =
      'return [dates.formatDate("2026-03-10"), dates.formatShortDate("2026-03-10"), dates.formatRelativeDay("2026-03-13", "2026-03-10")];';
    expect(inProcess({ TZ: 'UTC', locale: 'en_US.UTF-8' }, show)).toEqual(['Mar 10, 2026', 'Mar 10', 'in 3 days']);
    expect(inProcess({ TZ: 'UTC', locale: 'en_GB.UTF-8' }, show)).toEqual(['10 Mar 2026', '10 Mar', 'in 3 days']);
  });
});

describe('calendar days in every time zone', () => {
  const zones = ['Pacific/Pago_Pago', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati'];

  it('read as the same day, month and distance from -11 h to +14 h', () => {
    const show = `return [
      dates.formatDate('2026-03-01'),
      dates.formatShortDate('2026-03-01'),
      dates.formatMonth('2026-03-01'),
      dates.formatRelativeDay('2026-03-09', '2026-03-07'),
    ];`;
    const shown = Object.fromEntries(zones.map((zone) => [zone, inProcess({ TZ: zone }, show)]));
    expect(shown).toEqual(Object.fromEntries(zones.map((zone) => [zone, ['Mar 1, 2026', 'Mar 1', 'March 2026', 'in 2 days']])));
  });

  it('count whole days across a clock change', () => {
    // US clocks went forward on 2026-03-08: that Sunday had 23 hours in New York.
    expect(inProcess({ TZ: 'America/New_York' }, "return dates.calendarDaysFrom('2026-03-07', '2026-03-09');")).toBe(2);
    expect(calendarDaysFrom('2026-03-07', '2026-03-09')).toBe(2);
    expect(calendarDaysFrom('2026-03-07', 'soon')).toBeNull();
  });
});

describe("today is the parent's day", () => {
  it('at 11:30 pm in New York is still that day, though UTC has moved on', () => {
    const body = `
      const lateEvening = new Date('2026-03-10T03:30:00Z'); // 11:30 pm on March 9 in New York
      return [dates.localToday(lateEvening), shared.todayIso(lateEvening), new Date(lateEvening).getHours()];
    `;
    expect(inProcess({ TZ: 'America/New_York' }, body)).toEqual(['2026-03-09', '2026-03-10', 23]);
  });

  it('is what a due date is counted from when no day is given (the dashboard’s "due today")', () => {
    // The clock stopped at 11:30 pm on March 9 in New York, already March 10 in UTC.
    const body = `
      const RealDate = Date;
      const at = new RealDate('2026-03-10T03:30:00Z').getTime();
      globalThis.Date = class extends RealDate {
        constructor(...args) { super(...(args.length > 0 ? args : [at])); }
        static now() { return at; }
      };
      return [dates.formatRelativeDay('2026-03-09'), dates.formatRelativeDay('2026-03-10')];
    `;
    expect(inProcess({ TZ: 'America/New_York' }, body)).toEqual(['today', 'tomorrow']);
  });

  it('in Auckland starts before UTC’s', () => {
    expect(inProcess({ TZ: 'Pacific/Auckland' }, "return dates.localToday(new Date('2026-03-09T12:30:00Z'));")).toBe('2026-03-10');
  });

  it('decides "today" and "yesterday" for an instant by the parent’s clock', () => {
    // 7 pm and 11:30 pm on March 9 in New York: the same evening, though UTC puts them on two dates.
    const body = "return dates.formatRecentDateTime('2026-03-09T23:00:00Z', new Date('2026-03-10T03:30:00Z'));";
    expect(inProcess({ TZ: 'America/New_York' }, body)).toBe('Today, 7:00 PM');
  });

  it('reads local parts in this process too', () => {
    expect(localToday(new Date(2026, 2, 9, 23, 30))).toBe('2026-03-09');
    expect(localToday(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
  });
});
