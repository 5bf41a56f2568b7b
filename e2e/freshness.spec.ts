/**
 * Every screen shows a change made on another, without a reload. Queries never refetch on mount
 * (SPEC §9), so a screen the parent opened earlier keeps its answer in the cache; for each kind of
 * record the parent first opens every screen that shows it, changes it on one screen, then goes to
 * each of the others through the app's navigation and sees the change there. The parent, the child
 * and any record that is there before the screens open are made through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { isoDaysFromNow, openApp, signUpThroughApi, watchConsole, yearsAgo } from './support/journeys.ts';
import { activityFeed, logNote, observationItem, statCard } from './support/screens.ts';

// "Today" in the browser and in the test are the same calendar day.
test.use({ timezoneId: 'UTC' });

const SCREENS = { dashboard: 'Dashboard', observations: 'Observations', planner: 'Progress planner', roadmap: 'Roadmap' } as const;

/** Goes to a screen through the navigation bar: no reload, so the cache stays as it is. */
async function go(page: Page, screen: keyof typeof SCREENS) {
  const name = SCREENS[screen];
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** From the progress planner, the goal's own view (its chart, entries and evidence). */
async function openGoal(page: Page, title: string) {
  await page.getByRole('link', { name: `See progress on ${title}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

/** The big number of one of the dashboard's cards. */
function statNumber(page: Page, title: string) {
  return statCard(page, title).locator('p').first();
}

test('an observation and a progress entry', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }]);
  const goal = 'Read a page aloud';
  await parent.post('/api/goals', { area: 'reading', title: goal });
  await openApp(page, '/progress-planner');
  await expect(page.getByRole('article', { name: goal })).toBeVisible();

  // Every screen that shows an observation or a progress entry is opened once, so it is cached.
  await openGoal(page, goal);
  await expect(page.getByText('No progress recorded yet.', { exact: false })).toBeVisible();
  await go(page, 'dashboard');
  await expect(statNumber(page, 'Observations this week')).toHaveText('0');
  await expect(statNumber(page, 'Wins this month')).toHaveText('0');
  await expect(statCard(page, 'Active goals')).toContainText('No progress recorded yet');
  await go(page, 'observations');

  // An observation, a win linked to the goal, logged on the observations screen...
  const note = 'Read the whole bedtime story to her brother';
  await logNote(page, note, { win: true, goal });
  // ...is counted on the dashboard and in its recent activity...
  await go(page, 'dashboard');
  await expect(statNumber(page, 'Observations this week')).toHaveText('1');
  await expect(statNumber(page, 'Wins this month')).toHaveText('1');
  await expect(activityFeed(page)).toContainText('Observation logged');
  // ...and is evidence on the goal's own view.
  await go(page, 'planner');
  await openGoal(page, goal);
  await expect(page.getByRole('region', { name: "What you've noticed" })).toContainText(note);

  // A progress entry recorded from the dashboard's quick action...
  await go(page, 'dashboard');
  await page.getByRole('button', { name: 'Add progress' }).click();
  const progress = page.getByRole('form', { name: `Record progress on ${goal}` });
  await progress.getByLabel('Value').fill('42');
  await progress.getByRole('button', { name: 'Save progress' }).click();
  await expect(statCard(page, 'Active goals')).toContainText('Latest: 42');
  // ...is the goal's latest value on the planner and an entry on the goal's view.
  await go(page, 'planner');
  await expect(page.getByRole('article', { name: goal })).toContainText('42');
  await openGoal(page, goal);
  await expect(page.getByRole('region', { name: 'Entries' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Entries' })).toContainText('42');
  expect(errors).toEqual([]);
});

test('a goal and a strategy', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const parent = await signUpThroughApi(page, [{ firstName: 'Leo', dateOfBirth: yearsAgo(9) }]);
  const goal = 'Tie shoelaces';
  const { id: goalId } = await parent.post<{ id: number }>('/api/goals', { area: 'reading', title: goal });
  const note = 'Tied one shoe before school';
  await parent.post('/api/observations', { what: note, goalId });

  // Every screen that shows a goal or a strategy is opened once, so it is cached.
  await openApp(page, '/observations');
  const noteItem = observationItem(page, note);
  await expect(noteItem).toContainText(`Goal: ${goal}`);
  await go(page, 'dashboard');
  await expect(statCard(page, 'Active goals')).toContainText(goal);
  await expect(statNumber(page, 'Strategies in use')).toHaveText('0');
  await go(page, 'planner');
  await openGoal(page, goal);

  // The goal renamed on the planner...
  const renamed = 'Tie shoelaces without help';
  await page.getByRole('link', { name: /All goals and strategies/ }).click();
  await page.getByRole('article', { name: goal }).getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: `Edit goal: ${goal}` });
  await form.getByLabel('Goal').fill(renamed);
  await form.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByRole('article', { name: renamed })).toBeVisible();
  // ...has its new name on its own view, on the dashboard and on the note linked to it.
  await openGoal(page, renamed);
  await go(page, 'dashboard');
  await expect(statCard(page, 'Active goals')).toContainText(renamed);
  await expect(activityFeed(page)).toContainText('Goal updated');
  await go(page, 'observations');
  await expect(noteItem).toContainText(`Goal: ${renamed}`);

  // A strategy added on the planner is counted on the dashboard.
  await go(page, 'planner');
  await page.getByRole('button', { name: 'Add a strategy' }).click();
  const strategy = page.getByRole('form', { name: 'Add a strategy' });
  await strategy.getByLabel('Strategy').fill('Bunny-ears method');
  await strategy.getByRole('button', { name: 'Add strategy' }).click();
  await expect(page.getByRole('article', { name: 'Bunny-ears method' })).toBeVisible();
  await go(page, 'dashboard');
  await expect(statNumber(page, 'Strategies in use')).toHaveText('1');
  await expect(activityFeed(page)).toContainText('Strategy added');
  expect(errors).toEqual([]);
});

test("a milestone and the child's profile", async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await signUpThroughApi(page, [{ firstName: 'Ava', dateOfBirth: yearsAgo(9) }]);

  // Every screen that shows a milestone or the child's profile is opened once, so it is cached.
  await openApp(page, '/roadmap');
  await expect(page.getByText(/The next (three|six) months for Ava:/)).toBeVisible();
  await go(page, 'observations');
  await expect(page.getByText('What you notice about Ava', { exact: false })).toBeVisible();
  await go(page, 'dashboard');
  await expect(statCard(page, 'Next milestones')).toContainText('Nothing coming up');

  // A milestone added on the roadmap is next on the dashboard.
  await go(page, 'roadmap');
  await page.getByRole('button', { name: 'Add a milestone' }).click();
  const milestone = page.getByRole('form', { name: 'Add a milestone' });
  await milestone.getByLabel('Title').fill('Meet the speech therapist');
  await milestone.getByLabel('Due date').fill(isoDaysFromNow(20));
  await milestone.getByRole('button', { name: 'Add milestone' }).click();
  await expect(page.getByRole('region', { name: 'Coming up' })).toContainText('Meet the speech therapist');
  await go(page, 'dashboard');
  await expect(statCard(page, 'Next milestones')).toContainText('Meet the speech therapist');
  await expect(activityFeed(page)).toContainText('Milestone added');

  // The profile edited from the dashboard's child card...
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Ava’s profile' })).toBeVisible();
  await page.getByLabel('First name').fill('Avery');
  await page.getByRole('button', { name: 'Save changes' }).first().click();
  // ...is the child on the dashboard, in its recent activity and on every screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Avery', exact: true })).toBeVisible();
  await expect(activityFeed(page)).toContainText('Profile updated');
  await go(page, 'observations');
  await expect(page.getByText('What you notice about Avery', { exact: false })).toBeVisible();
  await go(page, 'roadmap');
  await expect(page.getByText(/The next (three|six) months for Avery:/)).toBeVisible();
  expect(errors).toEqual([]);
});
