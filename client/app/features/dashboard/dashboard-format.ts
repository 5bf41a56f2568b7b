import type { ActivityAction } from '#shared/schemas/activity.ts';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';

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

const ACTIVITY_LABELS: Record<ActivityAction, string> = {
  'observation.created': 'Observation logged',
  'observation.updated': 'Observation edited',
  'observation.deleted': 'Observation removed',
  'progress.recorded': 'Progress recorded',
  'progress.updated': 'Progress entry edited',
  'progress.deleted': 'Progress entry removed',
  'goal.created': 'Goal added',
  'goal.updated': 'Goal updated',
  'goal.deleted': 'Goal removed',
  'strategy.created': 'Strategy added',
  'strategy.updated': 'Strategy updated',
  'strategy.deleted': 'Strategy removed',
  'milestone.created': 'Milestone added',
  'milestone.updated': 'Milestone updated',
  'milestone.done': 'Milestone completed',
  'milestone.skipped': 'Milestone skipped',
  'milestone.in-progress': 'Milestone started',
  'milestone.upcoming': 'Milestone reopened',
  'milestone.deleted': 'Milestone removed',
  'roadmap.generated': 'Roadmap built',
  'child.created': 'Profile created',
  'child.updated': 'Profile updated',
};

/** "observation.created" -> "Observation logged". */
export function activityLabel(action: ActivityAction): string {
  return ACTIVITY_LABELS[action];
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

function withUnit(value: number, unit: string | null): string {
  return unit && unit.trim() !== '' ? `${formatNumber(value)} ${unit.trim()}` : formatNumber(value);
}

export interface GoalProgress {
  /** How far the latest value has come from the baseline to the target, 0 to 1; null without the numbers. */
  fraction: number | null;
  /** "12 of 20 words", "Latest: 12 words", "No progress recorded yet". */
  text: string;
}

/**
 * A goal's latest value against its target, measured from the baseline (0 when none), so goals that
 * aim down (fewer meltdowns) fill the bar as the value falls.
 */
export function goalProgress(goal: Pick<ActiveGoal, 'baseline' | 'target' | 'latestValue' | 'unit'>): GoalProgress {
  const { latestValue, target, unit } = goal;
  if (latestValue === null) return { fraction: null, text: 'No progress recorded yet' };
  if (target === null) return { fraction: null, text: `Latest: ${withUnit(latestValue, unit)}` };
  const baseline = goal.baseline ?? 0;
  const span = target - baseline;
  const raw = span === 0 ? (latestValue === target ? 1 : 0) : (latestValue - baseline) / span;
  const fraction = Math.min(1, Math.max(0, raw));
  return { fraction, text: `${formatNumber(latestValue)} of ${withUnit(target, unit)}` };
}

/** A fraction as a whole percentage, for the bar's label. */
export function percent(fraction: number): number {
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
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
