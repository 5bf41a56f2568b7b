import { ACTIVITY_ACTIONS } from '#shared/schemas/activity.ts';
import { describe, expect, it } from 'vitest';
import { activityLabel, goalProgress, percent, weekBars, weekComparison } from '../../../client/app/features/dashboard/dashboard-format.ts';
import { pendingText, readyText, roadmapBannerState } from '../../../client/app/features/dashboard/roadmap-banner-state.ts';

describe('dashboard words and numbers', () => {
  it('compares this week with last week calmly', () => {
    expect(weekComparison(5, 3)).toBe('2 more than last week');
    expect(weekComparison(4, 4)).toBe('The same as last week');
    expect(weekComparison(2, 6)).toBe('6 last week');
    expect(weekComparison(3, 0)).toBe('None last week');
    expect(weekComparison(0, 0)).toBe('None last week either');
  });

  it('says what each activity was, in plain words', () => {
    expect(activityLabel('observation.created')).toBe('Observation logged');
    expect(activityLabel('progress.recorded')).toBe('Progress recorded');
    expect(activityLabel('milestone.done')).toBe('Milestone completed');
    expect(activityLabel('roadmap.generated')).toBe('Roadmap built');
  });

  it('has a distinct label for every action the server can record', () => {
    const labels = ACTIVITY_ACTIONS.map(activityLabel);
    expect(labels.every((label) => label.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(ACTIVITY_ACTIONS.length);
  });

  it('measures a goal from its baseline to its target', () => {
    expect(goalProgress({ baseline: 10, target: 30, latestValue: 20, unit: 'words' })).toEqual({ fraction: 0.5, text: '20 of 30 words' });
    // A goal that aims down fills as the value falls.
    expect(goalProgress({ baseline: 10, target: 2, latestValue: 4, unit: 'meltdowns a week' }).fraction).toBe(0.75);
    expect(goalProgress({ baseline: null, target: 20, latestValue: 25, unit: null })).toEqual({ fraction: 1, text: '25 of 20' });
    expect(goalProgress({ baseline: 5, target: 20, latestValue: 1, unit: null }).fraction).toBe(0);
    expect(goalProgress({ baseline: 5, target: null, latestValue: 7.456, unit: 'min' })).toEqual({
      fraction: null,
      text: 'Latest: 7.46 min',
    });
    expect(goalProgress({ baseline: 5, target: 20, latestValue: null, unit: null })).toEqual({
      fraction: null,
      text: 'No progress recorded yet',
    });
    expect(percent(0.666)).toBe(67);
  });

  it('scales the week bars to the larger week, never to nothing', () => {
    expect(weekBars(6, 3, 36)).toEqual({ thisWeek: 36, lastWeek: 18 });
    expect(weekBars(0, 0, 36)).toEqual({ thisWeek: 2, lastWeek: 2 });
  });
});

describe('roadmap banner', () => {
  const base = { show: true, pending: { childId: 4, childName: 'Maya' }, complete: null, generated: null, error: null };

  it('is hidden unless asked for', () => {
    expect(roadmapBannerState({ ...base, show: null })).toEqual({ kind: 'hidden' });
  });

  it('says the roadmap is being built, then how many milestones it has', () => {
    const pending = roadmapBannerState(base);
    expect(pending).toEqual({ kind: 'pending', childId: 4, childName: 'Maya' });
    expect(pendingText('Maya')).toBe('Building Maya’s roadmap...');
    const ready = roadmapBannerState({ ...base, pending: { ...base.pending, created: 6 }, complete: true, generated: true });
    expect(ready).toEqual({ kind: 'ready', childId: 4, childName: 'Maya', created: 6 });
    expect(readyText(6)).toBe('Your roadmap is ready: 6 milestones');
    expect(readyText(1)).toBe('Your roadmap is ready: 1 milestone');
    expect(readyText(0)).toMatch(/^Your roadmap is ready to fill in/);
  });

  it('reports an error over anything else, and tolerates a malformed pending value', () => {
    expect(roadmapBannerState({ ...base, pending: 'x', complete: true, error: 'Timed out' })).toEqual({
      kind: 'error',
      childId: null,
      childName: null,
      message: 'Timed out',
    });
  });
});
