import { describe, expect, it } from 'vitest';
import type { Milestone } from '#shared/schemas/milestone.ts';
import { generationSummary, groupByMonth, isPastDue, nextMilestones } from '../../../client/app/features/roadmap/roadmap-timeline.ts';
import { formatMonth } from '../../../client/lib/dates.ts';

type Item = Pick<Milestone, 'id' | 'dueDate' | 'status'> & { title: string };

let nextId = 1;
function item(dueDate: string, status: Milestone['status'] = 'upcoming', title = `m${nextId}`): Item {
  return { id: nextId++, dueDate, status, title };
}

const TODAY = '2026-11-10';

describe('nextMilestones: the "Coming up" cards', () => {
  it('takes the three soonest open milestones due today or later, soonest first', () => {
    const list = [
      item('2027-02-01', 'upcoming', 'feb'),
      item('2026-11-10', 'upcoming', 'today'),
      item('2026-12-01', 'in-progress', 'dec'),
      item('2026-11-20', 'upcoming', 'nov'),
    ];
    expect(nextMilestones(list, TODAY).map((m) => m.title)).toEqual(['today', 'nov', 'dec']);
  });

  it('leaves out finished, skipped and past-due milestones', () => {
    const list = [
      item('2026-11-12', 'done', 'done'),
      item('2026-11-13', 'skipped', 'skipped'),
      item('2026-11-09', 'upcoming', 'yesterday'),
      item('2026-11-30', 'upcoming', 'open'),
    ];
    expect(nextMilestones(list, TODAY).map((m) => m.title)).toEqual(['open']);
  });

  it('keeps creation order for milestones due the same day, and never changes the list it is given', () => {
    const first = item('2026-12-01', 'upcoming', 'first');
    const second = item('2026-12-01', 'upcoming', 'second');
    const list = [second, first];
    expect(nextMilestones(list, TODAY).map((m) => m.title)).toEqual(['first', 'second']);
    expect(list).toEqual([second, first]);
  });

  it('is empty when nothing is open ahead', () => {
    expect(nextMilestones([item('2026-01-01'), item('2026-12-01', 'done')], TODAY)).toEqual([]);
  });
});

describe('groupByMonth: the timeline', () => {
  it('groups by month in date order, headed by the month as the app writes it, and each month sorted by date', () => {
    const list = [
      item('2027-01-15', 'upcoming', 'mid-jan'),
      item('2026-12-01', 'done', 'dec'),
      item('2027-01-02', 'skipped', 'early-jan'),
      item('2027-03-31', 'upcoming', 'mar'),
    ];
    const groups = groupByMonth(list);
    expect(groups.map((group) => group.label)).toEqual([formatMonth('2026-12-01'), formatMonth('2027-01-01'), formatMonth('2027-03-01')]);
    expect(groups.map((group) => group.month)).toEqual(['2026-12', '2027-01', '2027-03']);
    expect(groups[1]?.milestones.map((m) => m.title)).toEqual(['early-jan', 'mid-jan']);
  });

  it('keeps every milestone, whatever its status', () => {
    const list = [item('2026-11-01', 'done'), item('2026-11-02', 'skipped'), item('2026-11-03', 'in-progress'), item('2026-11-04')];
    const groups = groupByMonth(list);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.milestones).toHaveLength(4);
  });

  it('is empty for an empty roadmap', () => {
    expect(groupByMonth([])).toEqual([]);
  });
});

describe('past due', () => {
  it('flags open milestones whose day has passed, not finished ones or today', () => {
    expect(isPastDue({ dueDate: '2026-11-09', status: 'upcoming' }, TODAY)).toBe(true);
    expect(isPastDue({ dueDate: '2026-11-09', status: 'in-progress' }, TODAY)).toBe(true);
    expect(isPastDue({ dueDate: '2026-11-09', status: 'done' }, TODAY)).toBe(false);
    expect(isPastDue({ dueDate: '2026-11-09', status: 'skipped' }, TODAY)).toBe(false);
    expect(isPastDue({ dueDate: TODAY, status: 'upcoming' }, TODAY)).toBe(false);
  });
});

describe('generationSummary: the toast after "Refresh my roadmap"', () => {
  it('counts what changed', () => {
    expect(generationSummary({ created: 3, updated: 1, removed: 0, kept: 4 })).toBe('3 new, 1 updated');
    expect(generationSummary({ created: 0, updated: 0, removed: 2, kept: 0 })).toBe('2 no longer needed');
  });

  it('says so when nothing changed', () => {
    expect(generationSummary({ created: 0, updated: 0, removed: 0, kept: 5 })).toBe('No changes were needed.');
  });
});
