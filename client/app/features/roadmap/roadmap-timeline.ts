import { isOpenMilestoneStatus, type GenerationResult, type Milestone } from '#shared/schemas/milestone.ts';
import { formatMonth } from '../../../lib/dates.ts';

/**
 * The roadmap screen's pure logic: which milestones are "coming up", how the timeline is grouped by
 * month, what is past due, and how a regeneration's counts read. Dates are YYYY-MM-DD strings
 * compared as strings, so nothing shifts with the time zone; `today` is the parent's (`localToday`),
 * and how a date reads is client/lib/dates.ts's business.
 */

export type MilestoneLike = Pick<Milestone, 'id' | 'dueDate' | 'status'>;

/** How many milestones "Coming up" shows. */
export const COMING_UP_COUNT = 3;

/** Open and due before today. */
export function isPastDue(milestone: Pick<Milestone, 'status' | 'dueDate'>, today: string): boolean {
  return isOpenMilestoneStatus(milestone.status) && milestone.dueDate < today;
}

/** Earliest due date first; the same day keeps the order they were made in. */
export function compareMilestones(a: MilestoneLike, b: MilestoneLike): number {
  return a.dueDate.localeCompare(b.dueDate) || a.id - b.id;
}

/** The next open milestones due today or later, soonest first (at most `count`). */
export function nextMilestones<T extends MilestoneLike>(milestones: readonly T[], today: string, count = COMING_UP_COUNT): T[] {
  return milestones
    .filter((milestone) => isOpenMilestoneStatus(milestone.status) && milestone.dueDate >= today)
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

/** The timeline: one group per month that has milestones, months in order, each month's milestones by date. */
export function groupByMonth<T extends MilestoneLike>(milestones: readonly T[]): MonthGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const milestone of [...milestones].sort(compareMilestones)) {
    const month = milestone.dueDate.slice(0, 7);
    const group = groups.get(month);
    if (group) group.push(milestone);
    else groups.set(month, [milestone]);
  }
  return [...groups.entries()].map(([month, items]) => ({ month, label: formatMonth(`${month}-01`), milestones: items }));
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
