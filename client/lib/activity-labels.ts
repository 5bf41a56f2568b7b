import { ACTIVITY_LABELS, type ActivityAction } from '#shared/schemas/activity.ts';

/** "observation.created" -> "Observation logged": the words each feature's vocabulary gives its action (decision 0102). */
export function activityLabel(action: ActivityAction): string {
  return ACTIVITY_LABELS[action];
}
