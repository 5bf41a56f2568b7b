import { describe, expect, it } from 'vitest';
import type { Goal } from '#shared/schemas/goal.ts';
import { goalCreateSchema, goalUpdateSchema } from '#shared/schemas/goal.ts';
import {
  EMPTY_GOAL_FORM,
  formatValue,
  goalFormToInput,
  goalToFormValues,
  groupGoalsByStatus,
  hasMoreDetails,
  parseProgressValue,
  progressGoalChoices,
  progressTowardTarget,
} from '../../../client/app/features/progress-planner/goal-logic.ts';
import { effectivenessLabel } from '../../../client/app/features/progress-planner/progress-planner-labels.ts';
import { splitStrategies } from '../../../client/app/features/progress-planner/strategies-section.tsx';
import { strategyFormToInput } from '../../../client/app/features/progress-planner/strategy-form.tsx';
import { goalIdFromSearch } from '../../../client/app/pages/progress-planner-page.tsx';
import { localToday } from '../../../client/lib/dates.ts';

function goal(id: number, status: Goal['status'], extra: Partial<Goal> = {}): Goal {
  return {
    id,
    childId: 1,
    area: 'reading',
    title: `Goal ${id}`,
    description: null,
    baseline: null,
    target: null,
    unit: null,
    targetDate: null,
    status,
    source: 'home',
    latestProgress: null,
    isStale: false,
    addedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('grouping goals by status', () => {
  it('puts what is being worked on first and leaves out empty groups', () => {
    const groups = groupGoalsByStatus([goal(1, 'achieved'), goal(2, 'in-progress'), goal(3, 'paused'), goal(4, 'in-progress')]);
    expect(groups.map((group) => group.label)).toEqual(['In progress', 'Paused', 'Achieved']);
    expect(groups[0]?.goals.map((g) => g.id)).toEqual([2, 4]);
  });

  it('has no groups without goals', () => {
    expect(groupGoalsByStatus([])).toEqual([]);
  });
});

describe('progress toward the target', () => {
  it('is the share of the way from baseline to target', () => {
    expect(progressTowardTarget(60, 90, 72)).toBeCloseTo(0.4);
    expect(progressTowardTarget(60, 90, 60)).toBe(0);
  });

  it('works for goals that go down (fewer meltdowns a week)', () => {
    expect(progressTowardTarget(10, 2, 6)).toBeCloseTo(0.5);
  });

  it('stays between 0 and 1 when a value falls behind the baseline or passes the target', () => {
    expect(progressTowardTarget(60, 90, 50)).toBe(0);
    expect(progressTowardTarget(60, 90, 95)).toBe(1);
  });

  it('is unknown without a baseline, a target, a value, or when they are equal', () => {
    expect(progressTowardTarget(null, 90, 70)).toBeNull();
    expect(progressTowardTarget(60, null, 70)).toBeNull();
    expect(progressTowardTarget(60, 90, null)).toBeNull();
    expect(progressTowardTarget(5, 5, 5)).toBeNull();
  });
});

describe('formatting', () => {
  it('writes values with their unit, without float noise', () => {
    expect(formatValue(72, 'words per minute')).toBe('72 words per minute');
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue(4, '  ')).toBe('4');
  });

  it('names each rating in words', () => {
    expect(effectivenessLabel(4)).toBe('Works well');
    expect(effectivenessLabel(null)).toBe('Not rated yet');
  });
});

describe('the goal form', () => {
  it('needs only an area and a title to create a goal; empty details are left out', () => {
    const { input, errors } = goalFormToInput({ ...EMPTY_GOAL_FORM, area: 'reading', title: 'Read aloud' }, 'create');
    expect(errors).toEqual({});
    expect(goalCreateSchema.parse(input)).toEqual({ area: 'reading', title: 'Read aloud', status: 'in-progress', source: 'home' });
  });

  it('sends numbers as numbers and asks for an area when none is chosen', () => {
    const { input, errors } = goalFormToInput(
      { ...EMPTY_GOAL_FORM, title: 'Fluency', baseline: '60', target: '90', unit: ' words per minute ' },
      'create',
    );
    expect(errors).toEqual({ area: 'Choose an area' });
    expect(input).toMatchObject({ baseline: 60, target: 90, unit: 'words per minute' });
  });

  it('reports a baseline that is not a number', () => {
    expect(goalFormToInput({ ...EMPTY_GOAL_FORM, area: 'math', title: 'x', baseline: 'abc' }, 'create').errors).toEqual({
      baseline: 'Use a number',
    });
  });

  it('clears emptied fields when editing', () => {
    const existing = goal(1, 'in-progress', { baseline: 60, target: 90, unit: 'wpm', description: 'At bedtime' });
    const values = { ...goalToFormValues(existing), baseline: '', description: '' };
    const { input } = goalFormToInput(values, 'edit');
    expect(goalUpdateSchema.parse(input)).toMatchObject({ baseline: null, description: null, target: 90, unit: 'wpm' });
  });

  it('opens "More details" when editing a goal that has some', () => {
    expect(hasMoreDetails(EMPTY_GOAL_FORM)).toBe(false);
    // Baseline and target are always in view (issue 24), so they open nothing.
    expect(hasMoreDetails(goalToFormValues(goal(1, 'in-progress', { target: 90 })))).toBe(false);
    expect(hasMoreDetails(goalToFormValues(goal(1, 'in-progress', { targetDate: '2027-06-01' })))).toBe(true);
    expect(hasMoreDetails(goalToFormValues(goal(1, 'paused')))).toBe(true);
  });
});

describe('strategies', () => {
  it('keeps retired strategies apart', () => {
    const base = {
      childId: 1,
      description: null,
      whereUsed: 'home' as const,
      kind: 'tool' as const,
      goalIds: [],
      effectiveness: null,
      addedBy: null,
      createdAt: '',
      updatedAt: '',
    };
    const { active, retired } = splitStrategies([
      { ...base, id: 1, title: 'Timer', active: true },
      { ...base, id: 2, title: 'Sticker chart', active: false },
    ]);
    expect(active.map((s) => s.title)).toEqual(['Timer']);
    expect(retired.map((s) => s.title)).toEqual(['Sticker chart']);
  });

  it('sends a rating and linked goals, and clears an emptied description when editing', () => {
    const values = { title: 'Timer', kind: 'tool', whereUsed: 'both', description: '', goalIds: [3], effectiveness: 4 };
    expect(strategyFormToInput(values, 'create')).toEqual({
      title: 'Timer',
      kind: 'tool',
      whereUsed: 'both',
      goalIds: [3],
      effectiveness: 4,
    });
    expect(strategyFormToInput({ ...values, effectiveness: null }, 'edit')).toMatchObject({ description: null, effectiveness: null });
  });
});

describe('quick progress', () => {
  it('offers the active goals, or every goal when none is active', () => {
    expect(progressGoalChoices([goal(1, 'achieved'), goal(2, 'in-progress'), goal(3, 'not-started')]).map((g) => g.id)).toEqual([2, 3]);
    expect(progressGoalChoices([goal(1, 'achieved')]).map((g) => g.id)).toEqual([1]);
  });

  it('reads the value as a number', () => {
    expect(parseProgressValue('72')).toBe(72);
    expect(parseProgressValue(' 3.5 ')).toBe(3.5);
    expect(parseProgressValue('')).toBeNull();
    expect(parseProgressValue('lots')).toBeNull();
  });

  it("defaults the date to the parent's own today, not UTC's", () => {
    expect(localToday(new Date(2026, 2, 9, 23, 30))).toBe('2026-03-09');
  });

  it('reads ?goal=<id>', () => {
    expect(goalIdFromSearch(new URLSearchParams('goal=12'))).toBe(12);
    expect(goalIdFromSearch(new URLSearchParams('goal=abc'))).toBeNull();
    expect(goalIdFromSearch(new URLSearchParams('goal=0'))).toBeNull();
    expect(goalIdFromSearch(new URLSearchParams(''))).toBeNull();
  });
});
