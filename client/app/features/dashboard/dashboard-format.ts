import type { Activity } from '#shared/schemas/activity.ts';
import type { DashboardStats, ReimbursementWarning } from '#shared/schemas/dashboard.ts';
import { formatDate, formatMomentDate, formatShortDate, localToday } from '../../../lib/dates.ts';

/** The dashboard's words and arithmetic, kept pure so they can be tested without a screen. */

export type ActiveGoal = DashboardStats['activeGoals'][number];

/**
 * A calm comparison of this week's observations with last week's: more is noted, fewer is stated
 * plainly without judgement (a quiet week is not a failure).
 */
export function weekComparison(thisWeek: number, lastWeek: number): string {
  if (thisWeek === lastWeek) return lastWeek === 0 ? 'None last week either' : 'The same as last week';
  if (thisWeek > lastWeek) return lastWeek === 0 ? 'None last week' : `${thisWeek - lastWeek} more than last week`;
  return `${lastWeek} last week`;
}

/** Who made a change, after its label: "by you", "by Sam"; empty once their account is gone (decision 0086). */
export function activityBy(actor: Activity['actor']): string {
  if (!actor) return '';
  return actor.isYou ? 'by you' : `by ${actor.name}`;
}

/** The day a change is about, for an activity's `<time>`: the value and how it reads. */
export interface ActivityAbout {
  dateTime: string;
  text: string;
}

/**
 * The day an observation or progress entry is about, when it is not the day the change was made (a
 * note written up later): "Nov 3, 2026". Null when it is about the same day, or about no day.
 */
export function activityAbout(activity: Pick<Activity, 'createdAt' | 'occurredAt' | 'recordedOn'>): ActivityAbout | null {
  const madeOn = localToday(new Date(activity.createdAt));
  if (activity.occurredAt !== null) {
    if (localToday(new Date(activity.occurredAt)) === madeOn) return null;
    return { dateTime: activity.occurredAt, text: formatMomentDate(activity.occurredAt) };
  }
  if (activity.recordedOn !== null && activity.recordedOn !== madeOn) {
    return { dateTime: activity.recordedOn, text: formatDate(activity.recordedOn) };
  }
  return null;
}

/**
 * Heights of the two bars comparing last week with this week, scaled to the larger of the two (a
 * zero week still shows a sliver so the chart reads as a chart).
 */
export function weekBars(thisWeek: number, lastWeek: number, height: number): { thisWeek: number; lastWeek: number } {
  const max = Math.max(thisWeek, lastWeek, 1);
  const scale = (value: number) => Math.max(2, Math.round((value / max) * height));
  return { thisWeek: scale(thisWeek), lastWeek: scale(lastWeek) };
}

/** A reimbursement warning in words: what to do, and for a deadline how long is left ("3 days left"). */
export function reimbursementWarningWords(
  warning: ReimbursementWarning,
  formatDay: (isoDay: string) => string = formatShortDate,
): { text: string; left: string | null } {
  if (warning.kind === 'no-answer') {
    const text =
      warning.claims === 1
        ? `A claim to ${warning.name} has had no answer for ${warning.days} days`
        : `${warning.claims} claims to ${warning.name} have had no answer for ${warning.days} days`;
    return { text, left: null };
  }
  const expenses = warning.expenses === 1 ? '1 expense' : `${warning.expenses} expenses`;
  const left = warning.daysLeft === 0 ? 'Last day today' : warning.daysLeft === 1 ? '1 day left' : `${warning.daysLeft} days left`;
  return { text: `${warning.name}: ${expenses} to submit by ${formatDay(warning.date)}`, left };
}
