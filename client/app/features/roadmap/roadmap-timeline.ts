import { isOpenMilestoneStatus, type GenerationResult, type Milestone } from '../../../../shared/schemas/milestone.ts';

/**
 * The roadmap screen's pure logic: which milestones are "coming up", how the timeline is grouped by
 * month, what is past due, and how dates and a regeneration's counts read. Dates are YYYY-MM-DD
 * strings compared as strings, so nothing shifts with the time zone.
 */

export type MilestoneLike = Pick<Milestone, 'id' | 'dueDate' | 'status'>;

/** How many milestones "Coming up" shows. */
export const COMING_UP_COUNT = 3;

/** The parent's calendar date (their own time zone, not UTC) as YYYY-MM-DD. */
export function localTodayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Still to do (the shared "open" statuses). */
export function isOpen(milestone: Pick<Milestone, 'status'>): boolean {
  return isOpenMilestoneStatus(milestone.status);
}

/** Open and due before today. */
export function isPastDue(milestone: Pick<Milestone, 'status' | 'dueDate'>, today: string): boolean {
  return isOpen(milestone) && milestone.dueDate < today;
}

/** Earliest due date first; the same day keeps the order they were made in. */
export function compareMilestones(a: MilestoneLike, b: MilestoneLike): number {
  return a.dueDate.localeCompare(b.dueDate) || a.id - b.id;
}

/** The next open milestones due today or later, soonest first (at most `count`). */
export function nextMilestones<T extends MilestoneLike>(milestones: readonly T[], today: string, count = COMING_UP_COUNT): T[] {
  return milestones
    .filter((milestone) => isOpen(milestone) && milestone.dueDate >= today)
    .sort(compareMilestones)
    .slice(0, count);
}

export interface MonthGroup<T> {
  /** YYYY-MM */
  month: string;
  /** "January 2027" */
  label: string;
  milestones: T[];
}

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2027-01" -> "January 2027". */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return MONTH_FORMAT.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** The timeline: one group per month that has milestones, months in order, each month's milestones by date. */
export function groupByMonth<T extends MilestoneLike>(milestones: readonly T[]): MonthGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const milestone of [...milestones].sort(compareMilestones)) {
    const month = milestone.dueDate.slice(0, 7);
    const group = groups.get(month);
    if (group) group.push(milestone);
    else groups.set(month, [milestone]);
  }
  return [...groups.entries()].map(([month, items]) => ({ month, label: monthLabel(month), milestones: items }));
}

function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Fri, Jan 15" (the month heading already says the year). */
export function shortDate(iso: string): string {
  return SHORT_DATE.format(utcDate(iso));
}

/** "Friday, January 15, 2027". */
export function longDate(iso: string): string {
  return LONG_DATE.format(utcDate(iso));
}

/** "today", "tomorrow", "in 12 days", "3 days ago". */
export function relativeDay(iso: string, today: string): string {
  const days = Math.round((utcDate(iso).getTime() - utcDate(today).getTime()) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/** The toast after "Refresh my roadmap": "3 new, 1 updated", or that nothing needed to change. */
export function generationSummary(result: GenerationResult): string {
  const parts: string[] = [];
  if (result.created > 0) parts.push(`${result.created} new`);
  if (result.updated > 0) parts.push(`${result.updated} updated`);
  if (result.removed > 0) parts.push(`${result.removed} no longer needed`);
  if (parts.length === 0) return 'No changes were needed.';
  return parts.join(', ');
}
