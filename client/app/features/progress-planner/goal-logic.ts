import { isActiveGoalStatus, type Goal, type GoalCreate, type GoalStatus } from '#shared/schemas/goal.ts';
import { GOAL_STATUS_LABELS, GOAL_STATUS_ORDER } from './progress-planner-labels.ts';

export interface GoalGroup<G extends Goal = Goal> {
  status: GoalStatus;
  label: string;
  goals: G[];
}

/** Goals grouped by status in GOAL_STATUS_ORDER; empty groups are left out, order within a group kept. */
export function groupGoalsByStatus<G extends Goal>(goals: readonly G[]): GoalGroup<G>[] {
  return GOAL_STATUS_ORDER.map((status) => ({
    status,
    label: GOAL_STATUS_LABELS[status],
    goals: goals.filter((goal) => goal.status === status),
  })).filter((group) => group.goals.length > 0);
}

// The planner reads progress as the dashboard does: one calculation in shared/ (decision 0022).
export { formatGoalValue as formatValue, progressPercent, progressPercentText, progressTowardTarget } from '#shared/goal-progress.ts';

/** The goal form's fields, all as strings. */
export interface GoalFormValues {
  area: string;
  title: string;
  description: string;
  baseline: string;
  target: string;
  unit: string;
  targetDate: string;
  status: string;
  source: string;
}

export const EMPTY_GOAL_FORM: GoalFormValues = {
  area: '',
  title: '',
  description: '',
  baseline: '',
  target: '',
  unit: '',
  targetDate: '',
  status: 'in-progress',
  source: 'home',
};

export function goalToFormValues(goal: Goal): GoalFormValues {
  return {
    area: goal.area,
    title: goal.title,
    description: goal.description ?? '',
    baseline: goal.baseline === null ? '' : String(goal.baseline),
    target: goal.target === null ? '' : String(goal.target),
    unit: goal.unit ?? '',
    targetDate: goal.targetDate ?? '',
    status: goal.status,
    source: goal.source,
  };
}

export type GoalInputDraft = Partial<Record<keyof GoalCreate, unknown>>;

/**
 * Turns the form's strings into a goal input for the shared schema. Empty optional fields are left
 * out when creating and sent as null when editing (so clearing a field clears it). Numbers that do
 * not parse are reported in `errors` ("Use a number").
 */
export function goalFormToInput(
  values: GoalFormValues,
  mode: 'create' | 'edit',
): { input: GoalInputDraft; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const input: GoalInputDraft = { title: values.title, status: values.status, source: values.source };
  if (values.area !== '') input.area = values.area;
  else errors['area'] = 'Choose an area';
  const empty = mode === 'create' ? undefined : null;
  for (const field of ['description', 'unit', 'targetDate'] as const) {
    const text = values[field].trim();
    if (text !== '') input[field] = text;
    else if (empty === null) input[field] = null;
  }
  for (const field of ['baseline', 'target'] as const) {
    const text = values[field].trim();
    if (text === '') {
      if (empty === null) input[field] = null;
      continue;
    }
    const number = Number(text);
    if (Number.isFinite(number)) input[field] = number;
    else errors[field] = 'Use a number';
  }
  return { input, errors };
}

/** The goals a parent may record progress on: the active ones, or every goal when none is active. */
export function progressGoalChoices(goals: readonly Goal[]): Goal[] {
  const active = goals.filter((goal) => isActiveGoalStatus(goal.status));
  return active.length > 0 ? active : [...goals];
}

/** The progress form's value field as a number: null when it is empty or not a number. */
export function parseProgressValue(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** True when the form holds anything behind "More details", so an edit opens with them shown. */
export function hasMoreDetails(values: GoalFormValues): boolean {
  return (
    [values.description, values.targetDate].some((value) => value.trim() !== '') ||
    values.status !== EMPTY_GOAL_FORM.status ||
    values.source !== EMPTY_GOAL_FORM.source
  );
}
