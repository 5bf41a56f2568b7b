/**
 * Onboarding and the dashboard against the production build with built-in accounts: a new parent
 * goes through the wizard (skipping a step, leading with strengths) to the dashboard and sees the
 * roadmap banner say it is ready; logs an observation from the dashboard in three interactions and
 * sees the week's count and the feed change; with two children, the dashboard shows only the
 * selected child's records, and a second child added through the wizard is selected; axe on
 * /onboarding and /app. Tests whose subject comes after sign-up start from a parent made through the
 * API.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  addAnotherChild,
  childCard,
  isoDaysFromNow,
  openApp,
  signedInWithChildren,
  signUpThroughApi,
  signUpThroughApiToOnboarding,
  signUpToOnboarding,
  yearsAgo,
} from './support/journeys.ts';
import { activityFeed, statCard } from './support/screens.ts';

test('a new parent goes through the wizard to the dashboard, where the roadmap is ready', async ({ page }) => {
  await signUpToOnboarding(page);

  // Step 1: about your child.
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Date of birth').fill(yearsAgo(9));
  await page.getByLabel(/^Grade/).selectOption({ label: '4th grade' });
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the learning profile and plan, with a hint for each date.
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'ADHD' }).click();
  await page.getByLabel(/^Support plan/).selectOption({ label: 'IEP' });
  await page.getByLabel(/^Plan review date/).fill(isoDaysFromNow(-200));
  await page.getByLabel(/^Last evaluation date/).fill(isoDaysFromNow(-700));
  await expect(page.getByText(/yearly review meeting/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: strengths first, a tap and a few words of the parent's own.
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Strengths and interests' })).toBeFocused();
  await page.getByRole('button', { name: 'Creative' }).click();
  await page.getByLabel('Add another strength').fill('Great at puzzles');
  await page.getByLabel('Add another strength').press('Enter');
  await expect(page.getByRole('button', { name: 'Great at puzzles', pressed: true })).toBeVisible();

  // Progress is kept as the parent goes: a reload comes back to the same step with the same picks.
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Creative', pressed: true })).toBeVisible();
  await expect(page.getByText(/pick up where you left off/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4 skipped: the profile is created and the parent lands on the dashboard.
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.waitForURL('**/app');
  await expect(page.getByText('Maya has been added', { exact: true }).first()).toBeVisible();
  const card = childCard(page);
  await expect(card.getByRole('heading', { name: 'Maya' })).toBeVisible();
  await expect(card).toContainText('4th grade');
  await expect(card).toContainText('IEP');
  await expect(card.getByRole('listitem').filter({ hasText: 'ADHD' })).toBeVisible();
  await expect(card).toContainText('Great at puzzles');

  const banner = page.getByText(/Your roadmap is ready: \d+ milestones?/);
  await expect(banner).toBeVisible({ timeout: 15_000 });
  const created = Number(/(\d+)/.exec((await banner.textContent()) ?? '')?.[1]);
  expect(created).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'See the roadmap' })).toHaveAttribute('href', '/roadmap');
  // The next milestones, with dates, came from the same generation.
  await expect(statCard(page, 'Next milestones').locator('time').first()).toBeVisible();
  expect(
    await page.evaluate(() => ({
      toast: sessionStorage.getItem('showSuccessToast'),
      drafts: Object.keys(sessionStorage).filter((key) => key.startsWith('onboardingDraft:')),
    })),
  ).toEqual({ toast: null, drafts: [] });

  // The welcome toast shows once; the banner stays until dismissed, which clears its keys.
  await page.reload();
  await expect(childCard(page).getByRole('heading', { name: 'Maya' })).toBeVisible();
  await expect(page.getByText(/Your roadmap is ready/)).toBeVisible();
  await expect(page.getByText('Maya has been added', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText(/Your roadmap is ready/)).toHaveCount(0);
  expect(await page.evaluate(() => [sessionStorage.getItem('showRoadmapBanner'), sessionStorage.getItem('pendingMilestones')])).toEqual([
    null,
    null,
  ]);

  // The profile is edited with the same steps, filled in, and saved from any step.
  await childCard(page).getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Maya’s profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Maya');
  await page.getByLabel(/^Grade/).selectOption({ label: '5th grade' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForURL('**/app');
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await expect(childCard(page)).toContainText('5th grade');
  await expect(childCard(page)).toContainText('Great at puzzles');
});

test('an observation is logged from the dashboard in three interactions; the count and feed follow', async ({ page }) => {
  await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(8) }]);
  await expect(childCard(page).getByRole('heading', { level: 2, name: 'Maya' })).toBeVisible();

  const week = statCard(page, 'Observations this week');
  await expect(week).toContainText('0');
  await expect(week.getByRole('button', { name: 'Log one thing you noticed today' })).toBeVisible();
  await expect(activityFeed(page)).not.toContainText('Observation logged');

  // 1: open the form; 2: type (the cursor is already there); 3: save.
  await page.getByRole('button', { name: 'Log an observation' }).click();
  await page.keyboard.type('Read a whole page aloud without stopping');
  await page.getByRole('button', { name: 'Save observation' }).click();

  await expect(page.getByText('Observation saved').first()).toBeVisible();
  await expect(week.getByText('1', { exact: true })).toBeVisible();
  await expect(week).toContainText('None last week');
  await expect(activityFeed(page).getByRole('listitem').first()).toContainText('Observation logged');
  // Relative times follow the browser's locale (Chromium here: en-US).
  await expect(activityFeed(page).getByRole('listitem').first().locator('time')).toHaveText('now');
  // The form closed and focus went back to where the parent started.
  await expect(page.getByRole('button', { name: 'Log an observation' })).toBeFocused();

  // How the number is counted, in a tooltip that keyboard users reach too.
  await week.getByRole('button', { name: 'How observations this week is counted' }).focus();
  await expect(page.getByRole('tooltip')).toContainText('Weeks run Monday to Sunday');
});

test('the dashboard reads a lower-is-better goal right, puts an overdue milestone first and says what each change was about', async ({
  page,
}) => {
  const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }]);
  const goal = await parent.post<{ id: number }>('/api/goals', {
    area: 'attention-executive-function',
    title: 'Start homework sooner',
    baseline: 6,
    target: 2,
    unit: 'minutes to start',
  });
  await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(-1), value: 3.9 });
  await parent.post('/api/milestones', { title: 'Sports day', dueDate: isoDaysFromNow(5) });
  await parent.post('/api/milestones', { title: 'Book the review meeting', dueDate: isoDaysFromNow(-2) });
  const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000).toISOString();
  await parent.post('/api/observations', { what: 'Meltdown at pickup', occurredAt: fiveDaysAgo });
  await openApp(page);

  await expect(statCard(page, 'Active goals')).toContainText('3.9 minutes to start, target 2 or less');
  await expect(statCard(page, 'Active goals').getByRole('img', { name: '53% of the way from baseline to target' })).toBeVisible();

  const milestones = statCard(page, 'Next milestones').getByRole('listitem');
  await expect(milestones).toHaveCount(2);
  await expect(milestones.first()).toContainText('Overdue');
  await expect(milestones.first()).toContainText('Book the review meeting');
  await expect(milestones.nth(1)).not.toContainText('Overdue');

  const latest = activityFeed(page).getByRole('listitem').first();
  await expect(latest).toContainText('Observation logged');
  await expect(latest).toContainText('‘Meltdown at pickup’');
  // Logged now, about five days ago: both are said.
  await expect(latest.locator('time').first()).toHaveText('now');
  await expect(latest).toContainText(/about \w{3} \d{1,2}, \d{4}/);
  await expect(activityFeed(page).getByRole('listitem').filter({ hasText: 'Progress recorded' })).toContainText('‘Start homework sooner’');
});

test('with two children, the dashboard shows only the selected child’s records', async ({ page }) => {
  // Maya logged one observation this week (logging from the dashboard is the test above).
  const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }]);
  await parent.post('/api/observations', { what: 'Asked for help with the maths homework' });
  await openApp(page);
  await expect(childCard(page).getByRole('heading', { level: 2, name: 'Maya' })).toBeVisible();
  await expect(statCard(page, 'Observations this week').getByText('1', { exact: true })).toBeVisible();

  // A second child added through the wizard ("Add a child", the shortest way: "Skip for now") is selected.
  await addAnotherChild(page, { firstName: 'Leo', dateOfBirth: yearsAgo(6) }, { emptySteps: 'skip' });
  await expect(childCard(page).getByRole('heading', { level: 2, name: 'Leo' })).toBeVisible();

  // Leo is selected: none of Maya's records.
  await expect(statCard(page, 'Observations this week').getByText('0', { exact: true })).toBeVisible();
  await expect(activityFeed(page).getByText('Profile created')).toBeVisible();
  await expect(activityFeed(page)).not.toContainText('Observation logged');

  const switcher = page.getByLabel('Child', { exact: true });
  await switcher.selectOption({ label: 'Maya' });
  await page.getByRole('button', { name: 'Switch to Maya' }).click();
  await expect(childCard(page).getByRole('heading', { name: 'Maya' })).toBeVisible();
  await expect(statCard(page, 'Observations this week').getByText('1', { exact: true })).toBeVisible();
  await expect(activityFeed(page).getByText('Observation logged')).toBeVisible();

  await switcher.selectOption({ label: 'Leo' });
  await page.getByRole('button', { name: 'Switch to Leo' }).click();
  await expect(childCard(page).getByRole('heading', { name: 'Leo' })).toBeVisible();
  await expect(statCard(page, 'Observations this week').getByText('0', { exact: true })).toBeVisible();
  await expect(activityFeed(page)).not.toContainText('Observation logged');
});

test('axe finds no accessibility violations on /onboarding and /app', async ({ page }) => {
  await signUpThroughApiToOnboarding(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectNoAxeViolations(page, '/onboarding step 1 with errors');
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Date of birth').fill(yearsAgo(9));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expectNoAxeViolations(page, '/onboarding step 2');
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('button', { name: 'Curious' }).click();
  await expectNoAxeViolations(page, '/onboarding step 3');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create profile' }).click();
  await page.waitForURL('**/app');
  await expect(page.getByText(/Your roadmap is ready|Building/).first()).toBeVisible();
  await expect(statCard(page, 'Observations this week')).toBeVisible();
  await expect(activityFeed(page).getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page, '/app');
  await page.getByRole('button', { name: 'Log an observation' }).click();
  await expect(page.getByLabel(/What happened/)).toBeFocused();
  await expectNoAxeViolations(page, '/app with the observation form');
  await page.goto('/onboarding?edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Maya’s profile' })).toBeVisible();
  await expectNoAxeViolations(page, '/onboarding?edit');
});
