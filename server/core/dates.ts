/** Date helpers the server's features share. Weeks run Monday to Sunday in UTC, as everywhere in the app. */

/** Monday of the UTC week holding `date`, as YYYY-MM-DD. */
export function weekStart(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const offset = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - offset);
  return day.toISOString().slice(0, 10);
}
