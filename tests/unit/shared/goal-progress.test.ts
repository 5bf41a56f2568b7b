import { describe, expect, it } from 'vitest';
import { formatGoalValue, goalDirection, goalProgress, progressPercentText, progressTowardTarget } from '#shared/goal-progress.ts';

describe('goal progress, as the dashboard and the planner both read it', () => {
  it('reads a lower-is-better goal the right way round', () => {
    // Issue 8: "3.9 of 2 minutes to start" read backwards.
    const startingWork = { baseline: 6, target: 2, unit: 'minutes to start' };
    expect(goalProgress(startingWork, 3.9)).toEqual({
      direction: 'down',
      fraction: 0.525,
      text: '3.9 minutes to start, target 2 or less',
    });
    expect(progressPercentText(goalProgress(startingWork, 3.9).fraction!)).toBe('53% of the way from baseline to target');
    // Falling below the target is the goal met, not overshooting it.
    expect(goalProgress(startingWork, 1.5).fraction).toBe(1);
    // Getting slower than the baseline is no progress, not negative progress.
    expect(goalProgress(startingWork, 8).fraction).toBe(0);
  });

  it('reads a higher-is-better goal the same way', () => {
    expect(goalProgress({ baseline: 10, target: 30, unit: 'words' }, 20)).toEqual({
      direction: 'up',
      fraction: 0.5,
      text: '20 words, target 30 or more',
    });
    expect(progressTowardTarget(60, 90, 72)).toBeCloseTo(0.4);
    expect(progressTowardTarget(10, 2, 6)).toBeCloseTo(0.5);
  });

  it('claims no direction and no share of the way without a baseline', () => {
    // Counting from zero would fill a lower-is-better bar as the value rises above the target.
    expect(goalProgress({ baseline: null, target: 2, unit: 'minutes to start' }, 3.9)).toEqual({
      direction: null,
      fraction: null,
      text: '3.9 minutes to start, target 2',
    });
    expect(goalDirection(5, 5)).toBeNull();
    expect(progressTowardTarget(5, 5, 5)).toBeNull();
  });

  it('says what it can without a target or a value', () => {
    expect(goalProgress({ baseline: 5, target: null, unit: 'min' }, 7.456).text).toBe('Latest: 7.46 min');
    expect(goalProgress({ baseline: 5, target: 20, unit: null }, null)).toEqual({
      direction: 'up',
      fraction: null,
      text: 'No progress recorded yet',
    });
  });

  it('writes numbers without float noise and units without stray spaces', () => {
    expect(formatGoalValue(0.1 + 0.2)).toBe('0.3');
    expect(formatGoalValue(4, '  ')).toBe('4');
    expect(formatGoalValue(72, ' words per minute ')).toBe('72 words per minute');
  });
});
