import type { GOAL_AREAS, GOAL_SOURCES, GoalStatus } from '#shared/schemas/goal.ts';
import type { STRATEGY_KINDS, STRATEGY_PLACES } from '#shared/schemas/strategy.ts';

type GoalArea = (typeof GOAL_AREAS)[number];
type GoalSource = (typeof GOAL_SOURCES)[number];
type StrategyPlace = (typeof STRATEGY_PLACES)[number];
type StrategyKind = (typeof STRATEGY_KINDS)[number];

export const GOAL_AREA_LABELS: Record<GoalArea, string> = {
  reading: 'Reading',
  writing: 'Writing',
  math: 'Math',
  'attention-executive-function': 'Attention and executive function',
  'social-emotional': 'Social-emotional',
  communication: 'Communication',
  motor: 'Motor skills',
  behaviour: 'Behavior',
  'self-advocacy': 'Self-advocacy',
  'daily-living': 'Daily living',
};

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

export const STRATEGY_PLACE_LABELS: Record<StrategyPlace, string> = {
  home: 'At home',
  school: 'At school',
  both: 'Home and school',
};

export const STRATEGY_KIND_LABELS: Record<StrategyKind, string> = {
  accommodation: 'Accommodation',
  intervention: 'Intervention',
  routine: 'Routine',
  tool: 'Tool',
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
