/**
 * A goal's progress, the one calculation the dashboard and the progress planner both show: which way
 * the goal points (from its baseline to its target), how far along the latest value is, and the words.
 * Without a baseline the direction is unknown, so no share of the way is claimed (decision 0022).
 */

/** 'up': more is better (words a minute); 'down': less is better (minutes to start, meltdowns a week). */
export type GoalDirection = 'up' | 'down';

export interface GoalMeasures {
  baseline: number | null;
  target: number | null;
  unit: string | null;
}

/** Which way a goal points, from its baseline to its target; null without both or when they are equal. */
export function goalDirection(baseline: number | null, target: number | null): GoalDirection | null {
  if (baseline === null || target === null || baseline === target) return null;
  return target > baseline ? 'up' : 'down';
}

/**
 * How far `value` has come from the baseline toward the target, 0 to 1 (clamped), whichever way the
 * goal points. Null when the direction is unknown or there is no value.
 */
export function progressTowardTarget(baseline: number | null, target: number | null, value: number | null): number | null {
  if (value === null || baseline === null || target === null || goalDirection(baseline, target) === null) return null;
  const fraction = (value - baseline) / (target - baseline);
  return Math.min(1, Math.max(0, fraction));
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** 72 -> "72", 3.25 -> "3.25", 0.1 + 0.2 -> "0.3"; with a unit: "72 words per minute". */
export function formatGoalValue(value: number, unit?: string | null): string {
  const cleanUnit = unit?.trim();
  return cleanUnit ? `${formatNumber(value)} ${cleanUnit}` : formatNumber(value);
}

/** A fraction as a whole percentage, 0 to 100. */
export function progressPercent(fraction: number): number {
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}

/** "40% of the way from baseline to target". */
export function progressPercentText(fraction: number): string {
  return `${progressPercent(fraction)}% of the way from baseline to target`;
}

const TOWARD: Record<GoalDirection, string> = { up: 'or more', down: 'or less' };

/** "target 2 or less", "target 20 or more"; just "target 20" when the direction is unknown. */
function targetText(target: number, direction: GoalDirection | null): string {
  return direction ? `target ${formatNumber(target)} ${TOWARD[direction]}` : `target ${formatNumber(target)}`;
}

export interface GoalProgress {
  direction: GoalDirection | null;
  /** Share of the way from the baseline to the target, 0 to 1; null when it cannot be said. */
  fraction: number | null;
  /** "3.9 minutes to start, target 2 or less", "Latest: 12 words", "No progress recorded yet". */
  text: string;
}

/** A goal's latest value read against its baseline and target. */
export function goalProgress(goal: GoalMeasures, latestValue: number | null): GoalProgress {
  const direction = goalDirection(goal.baseline, goal.target);
  const fraction = progressTowardTarget(goal.baseline, goal.target, latestValue);
  if (latestValue === null) return { direction, fraction, text: 'No progress recorded yet' };
  const latest = formatGoalValue(latestValue, goal.unit);
  if (goal.target === null) return { direction, fraction, text: `Latest: ${latest}` };
  return { direction, fraction, text: `${latest}, ${targetText(goal.target, direction)}` };
}
