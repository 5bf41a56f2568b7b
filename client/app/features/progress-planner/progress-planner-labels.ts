import type { GOAL_SOURCES, GoalStatus } from '#shared/schemas/goal.ts';

/** The record's words the snapshot documents read too (shared/record-labels.ts). */
export { GOAL_AREA_LABELS, STRATEGY_KIND_LABELS, STRATEGY_PLACE_LABELS } from '#shared/record-labels.ts';

type GoalSource = (typeof GOAL_SOURCES)[number];

export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  'in-progress': 'In progress',
  'not-started': 'Not started',
  paused: 'Paused',
  achieved: 'Achieved',
};

/** The order goal groups appear in: what is being worked on first. */
export const GOAL_STATUS_ORDER: readonly GoalStatus[] = ['in-progress', 'not-started', 'paused', 'achieved'];

export const GOAL_SOURCE_LABELS: Record<GoalSource, string> = {
  iep: 'IEP',
  '504': '504 plan',
  home: 'Home',
  therapy: 'Therapy',
};

/** How well a strategy works, 1 to 5. */
export const EFFECTIVENESS_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: 'Not helping yet',
  2: 'Helps a little',
  3: 'Helps somewhat',
  4: 'Works well',
  5: 'Works really well',
};

export const EFFECTIVENESS_VALUES = [1, 2, 3, 4, 5] as const;

export function effectivenessLabel(value: number | null): string {
  if (value === null) return 'Not rated yet';
  return EFFECTIVENESS_LABELS[value as 1 | 2 | 3 | 4 | 5] ?? 'Not rated yet';
}
