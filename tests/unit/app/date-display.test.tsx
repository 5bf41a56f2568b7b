// @vitest-environment happy-dom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardStats as Stats } from '#shared/schemas/dashboard.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import type { Milestone } from '#shared/schemas/milestone.ts';
import { DashboardStats } from '../../../client/app/features/dashboard/dashboard-stats.tsx';
import { TrendBars } from '../../../client/app/features/observations/weekly-trend-chart.tsx';
import { ProgressSummary } from '../../../client/app/features/progress-planner/goal-card.tsx';
import { ProgressChart } from '../../../client/app/features/progress-planner/progress-chart.tsx';
import { MilestoneItem } from '../../../client/app/features/roadmap/milestone-item.tsx';
import { calendarDaysFrom, formatDate, formatRelativeDay, formatShortDate, localToday } from '../../../client/lib/dates.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

/** The calendar day `days` after the parent's today. */
function daysAfterToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localToday(date);
}

const TODAY = localToday();
// Three days ahead, so the roadmap and the dashboard both have a distance to say.
const DAY = daysAfterToday(3);

const goal: Goal = {
  id: 3,
  childId: 1,
  area: 'reading',
  title: 'Read a page aloud',
  description: null,
  baseline: 60,
  target: 90,
  unit: 'words per minute',
  targetDate: DAY,
  status: 'in-progress',
  source: 'iep',
  latestProgress: {
    id: 7,
    goalId: 3,
    recordedOn: DAY,
    value: 72,
    note: null,
    source: null,
    addedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  isStale: false,
  addedBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const milestone: Milestone = {
  id: 9,
  childId: 1,
  title: 'Annual IEP review',
  whyItMatters: null,
  whatToDo: null,
  category: 'plan-review',
  dueDate: DAY,
  status: 'upcoming',
  source: 'generated',
  ruleKey: 'iep-review',
  editedByParent: false,
  addedBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const stats: Stats = {
  observations: { thisWeek: 0, lastWeek: 0 },
  winsThisMonth: 0,
  activeGoals: [],
  strategiesInUse: 0,
  nextMilestones: [{ id: 9, title: 'Annual IEP review', dueDate: DAY, category: 'plan-review', overdue: false }],
  reimbursementWarnings: [],
};

beforeEach(() => setSelectedChildId(1));
afterEach(() => cleanup());

describe('one day reads the same on every screen', () => {
  it('in full on the goal card, the progress table, the roadmap card and the dashboard', async () => {
    const { wrapper } = fakeTrpc((op) => (op.path === 'dashboard.stats' ? stats : []), { role: 'owner' });
    const goalCard = render(<ProgressSummary goal={goal} />, { wrapper }).container;
    const progressTable = render(<ProgressChart goal={goal} entries={[goal.latestProgress!]} />, { wrapper }).container;
    const roadmapCard = render(<MilestoneItem milestone={milestone} today={TODAY} variant="card" headingLevel={3} />, {
      wrapper,
    }).container;
    const dashboardStats = render(<DashboardStats onLogObservation={() => undefined} />, { wrapper }).container;
    // The dashboard's own card, found strictly: throws if it is missing or no longer an article.
    const dashboard = await within(dashboardStats).findByRole('article', { name: 'Next milestones' });

    const written = formatDate(DAY);
    expect(
      within(goalCard)
        .getAllByText(written)
        .map((node) => node.textContent),
    ).toEqual([written]);
    expect(within(goalCard).getByText(`by ${written}`)).toBeTruthy();
    expect(within(progressTable).getByRole('cell', { name: written })).toBeTruthy();
    expect(roadmapCard.querySelector(`time[datetime="${DAY}"]`)?.textContent).toBe(written);
    expect(dashboard.querySelector(`time[datetime="${DAY}"]`)?.textContent).toBe(written);
  });

  it('without its year on the roadmap timeline and the weekly chart', () => {
    const { wrapper } = fakeTrpc(undefined, { role: 'owner' });
    const timelineRow = render(<MilestoneItem milestone={milestone} today={TODAY} variant="row" headingLevel={4} />, { wrapper }).container;
    const weeklyChart = render(<TrendBars weeks={[{ weekStart: DAY, wins: 1, concerns: 0 }]} />, { wrapper }).container;

    const written = formatShortDate(DAY);
    expect(timelineRow.querySelector(`time[datetime="${DAY}"]`)?.textContent).toBe(written);
    expect(within(weeklyChart).getByRole('rowheader', { name: written })).toBeTruthy();
  });

  it('as the same distance from today on the roadmap and the dashboard', async () => {
    const { wrapper } = fakeTrpc((op) => (op.path === 'dashboard.stats' ? stats : []), { role: 'owner' });
    const roadmapCard = render(<MilestoneItem milestone={milestone} today={TODAY} variant="card" headingLevel={3} />, {
      wrapper,
    }).container;
    const dashboardStats = render(<DashboardStats onLogObservation={() => undefined} />, { wrapper }).container;
    // The dashboard's own card, found strictly: throws if it is missing or no longer an article.
    const dashboard = await within(dashboardStats).findByRole('article', { name: 'Next milestones' });

    expect(calendarDaysFrom(TODAY, DAY)).toBe(3);
    const distance = `(${formatRelativeDay(DAY, TODAY)})`;
    expect(roadmapCard.textContent).toContain(distance);
    expect(dashboard.textContent).toContain(distance);
  });
});
