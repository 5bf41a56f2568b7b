/** Calendar arithmetic on YYYY-MM-DD strings in UTC, so a date never shifts with the time zone. */

function parts(iso: string): [number, number, number] {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return [year, month, day];
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const [year, month, day] = parts(iso);
  return format(new Date(Date.UTC(year, month - 1, day + days)));
}

/** Adds months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = parts(iso);
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))));
}

export function addYears(iso: string, years: number): string {
  return addMonths(iso, years * 12);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The same month and day in `year` (Feb 29 becomes Feb 28 in other years). */
export function inYear(monthDay: string, year: number): string {
  const [month, day] = monthDay.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}
