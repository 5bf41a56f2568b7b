import { ACTIVITY_ACTIONS } from '#shared/schemas/activity.ts';
import { describe, expect, it } from 'vitest';
import { activityAbout, weekBars, weekComparison } from '../../../client/app/features/dashboard/dashboard-format.ts';
import { activityLabel } from '../../../client/lib/activity-labels.ts';
import { formatDate, formatMomentDate, localToday } from '../../../client/lib/dates.ts';
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

  it('says which day a change is about only when it was written up on another day', () => {
    const made = new Date(2026, 10, 23, 18, 30).toISOString(); // the parent's evening
    const sameDay = new Date(2026, 10, 23, 8, 0).toISOString();
    const earlier = new Date(2026, 10, 3, 15, 0).toISOString();
    expect(activityAbout({ createdAt: made, occurredAt: sameDay, recordedOn: null })).toBeNull();
    expect(activityAbout({ createdAt: made, occurredAt: earlier, recordedOn: null })).toEqual({
      dateTime: earlier,
      text: formatMomentDate(earlier),
    });
    expect(activityAbout({ createdAt: made, occurredAt: null, recordedOn: localToday(new Date(made)) })).toBeNull();
    expect(activityAbout({ createdAt: made, occurredAt: null, recordedOn: '2026-11-03' })).toEqual({
      dateTime: '2026-11-03',
      text: formatDate('2026-11-03'),
    });
    expect(activityAbout({ createdAt: made, occurredAt: null, recordedOn: null })).toBeNull();
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
