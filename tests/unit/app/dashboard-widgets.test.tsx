// @vitest-environment happy-dom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '#shared/schemas/activity.ts';
import type { DashboardStats as Stats } from '#shared/schemas/dashboard.ts';
import { ActivityFeed } from '../../../client/app/features/dashboard/activity-feed.tsx';
import { ChildCard } from '../../../client/app/features/dashboard/child-card.tsx';
import { DashboardStats } from '../../../client/app/features/dashboard/dashboard-stats.tsx';
import { formatMomentDate, localToday } from '../../../client/lib/dates.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { childFixture, fakeTrpc } from '../../helpers/fake-trpc.tsx';

const DAY_MS = 86_400_000;
const dayFromToday = (days: number) => localToday(new Date(Date.now() + days * DAY_MS));

const stats: Stats = {
  observations: { thisWeek: 0, lastWeek: 0 },
  winsThisMonth: 0,
  activeGoals: [
    {
      id: 1,
      title: 'Start homework',
      area: 'attention-executive-function',
      status: 'in-progress',
      baseline: 6,
      target: 2,
      unit: 'minutes to start',
      latestValue: 3.9,
      latestOn: dayFromToday(-1),
    },
  ],
  strategiesInUse: 0,
  nextMilestones: [
    { id: 4, title: 'Book the review meeting', dueDate: dayFromToday(-3), category: 'plan-review', overdue: true },
    { id: 5, title: 'Sports day', dueDate: dayFromToday(4), category: 'school-year', overdue: false },
  ],
  reimbursementWarnings: [],
};

beforeEach(() => setSelectedChildId(1));
afterEach(() => cleanup());

async function renderStats() {
  const { wrapper } = fakeTrpc((op) => (op.path === 'dashboard.stats' ? stats : []), { role: 'owner' });
  const view = render(<DashboardStats onLogObservation={() => undefined} />, { wrapper }).container;
  return view;
}

describe('the dashboard numbers', () => {
  it('reads a lower-is-better goal the right way round, as the planner does', async () => {
    const goals = await within(await renderStats()).findByRole('article', { name: 'Active goals' });
    expect(goals.textContent).toContain('3.9 minutes to start, target 2 or less');
    expect(goals.textContent).not.toContain('3.9 of 2');
    expect(within(goals).getByRole('img').getAttribute('aria-label')).toBe('53% of the way from baseline to target');
  });

  it('lists an overdue milestone first and says so in words', async () => {
    const card = await within(await renderStats()).findByRole('article', { name: 'Next milestones' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.startsWith('Overdue'))).toEqual([true, false]);
    expect(items[0]?.textContent).toContain('Book the review meeting');
    expect(items[1]?.textContent).not.toContain('Overdue');
  });
});

describe('recent activity', () => {
  const now = Date.now();
  const activity = (id: number, extra: Partial<Activity>): Activity => ({
    id,
    childId: 1,
    action: 'observation.created',
    subjectType: 'observation',
    subjectId: id,
    actor: null,
    createdAt: new Date(now - 2 * 60_000).toISOString(),
    title: null,
    occurredAt: null,
    recordedOn: null,
    ...extra,
  });
  const backFilled = new Date(now - 20 * DAY_MS).toISOString();
  const longText = `${'A long afternoon at the park. '.repeat(40)}The end.`;
  const feed: Activity[] = [
    activity(3, { title: 'Meltdown at pickup', occurredAt: backFilled }),
    activity(2, { title: longText, occurredAt: new Date(now - 3 * 60_000).toISOString() }),
    activity(1, { action: 'goal.deleted', subjectType: 'goal' }),
  ];

  it('says what each change was about, the day a late note is about, and when it was made', async () => {
    const { wrapper } = fakeTrpc((op) => (op.path === 'activities.list' ? feed : []), { role: 'owner' });
    const view = render(<ActivityFeed onLogObservation={() => undefined} />, { wrapper }).container;
    const list = await within(view).findByRole('list', { name: 'Latest changes' });
    const [late, today, deleted] = within(list).getAllByRole('listitem');

    expect(late?.textContent).toBe(`Observation logged2 minutes ago‘Meltdown at pickup’about ${formatMomentDate(backFilled)}`);
    expect(late?.querySelector(`time[datetime="${backFilled}"]`)).not.toBeNull();
    // Written up the day it happened: no "about".
    expect(today?.textContent).not.toContain('about');
    // The whole text is there and shown whole: text spacing or a narrow screen wraps it (issue 24), never cuts it.
    expect(within(today!).getByText(`‘${longText}’`).className).not.toMatch(/truncate|line-clamp/);
    // A deleted record leaves only the action.
    expect(deleted?.textContent).toBe('Goal removed2 minutes ago');
  });
});

describe('the child card', () => {
  it('shows the diagnoses picked in onboarding', () => {
    const child = childFixture({ firstName: 'Maya', diagnoses: ['ADHD', 'Dyslexia'], strengths: ['Creative'] });
    const { wrapper } = fakeTrpc(undefined, { role: 'owner' });
    const card = render(<ChildCard child={child} />, { wrapper }).container;
    const list = within(card).getByRole('heading', { name: 'Diagnoses and areas being explored' }).nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ADHD', 'Dyslexia']);
  });
});
