/**
 * The roadmap against the production build: a new parent with a child on an IEP whose annual review
 * is two months away builds the roadmap, sees the review in the timeline, completes one milestone,
 * skips another, adds their own, and the screen passes axe. The parent and child are made through
 * the API, so the roadmap starts empty (building it on finishing onboarding is in
 * onboarding-dashboard.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import type { ChildCreateInput } from '#shared/schemas/child.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { isoDaysFromNow, signedInWithChildren, watchConsole, yearsAgo } from './support/journeys.ts';

// "Today" in the browser and in the test are the same calendar day.
test.use({ timezoneId: 'UTC' });

/** A parent with this one child, made through the API, on the roadmap. */
async function openRoadmap(page: Page, child: ChildCreateInput) {
  await signedInWithChildren(page, [child], '/roadmap');
  await expect(page.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeVisible();
}

test('a parent builds the roadmap, completes and skips milestones, and adds their own', async ({ page }) => {
  const errors = watchConsole(page);
  await openRoadmap(page, {
    firstName: 'Maya',
    dateOfBirth: yearsAgo(9),
    grade: '4',
    supportPlan: 'iep',
    planReviewDate: isoDaysFromNow(60),
  });

  await expect(page.getByRole('heading', { level: 2, name: "Build Maya's roadmap" })).toBeVisible();
  await page.getByRole('button', { name: 'Build my roadmap' }).click();
  await expect(page.getByText('Roadmap refreshed', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible();
  await expect(page.getByText('Refreshing keeps everything you added, changed or finished.')).toBeVisible();

  const comingUp = page.getByRole('region', { name: 'Coming up' });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('heading', { name: 'Annual IEP review' })).toBeVisible();
  await expect(timeline.getByRole('heading', { level: 3 }).first()).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
  await expect(comingUp.getByRole('article')).toHaveCount(3);

  // Two "Coming up" milestones whose titles appear once on the roadmap, so each can be followed.
  const upcomingTitles = await comingUp.getByRole('heading', { level: 3 }).allTextContents();
  const timelineTitles = await timeline.getByRole('heading', { level: 4 }).allTextContents();
  const [toComplete, toSkip] = upcomingTitles.filter((title) => timelineTitles.filter((other) => other === title).length === 1);
  if (!toComplete || !toSkip) throw new Error(`Expected two distinct coming-up milestones, got ${upcomingTitles.join(' | ')}`);

  await comingUp
    .getByRole('article', { name: toComplete, exact: true })
    .getByRole('button', { name: /^Mark done/ })
    .click();
  await expect(comingUp.getByRole('heading', { name: toComplete, exact: true })).toHaveCount(0);
  const completed = timeline.getByRole('article', { name: toComplete, exact: true });
  await expect(completed).toContainText('Done');
  await expect(completed.getByRole('button', { name: /^Undo/ })).toBeVisible();
  await expect(completed.getByRole('button', { name: /^Mark done/ })).toHaveCount(0);

  await comingUp.getByRole('article', { name: toSkip, exact: true }).getByRole('button', { name: /^Skip/ }).click();
  await expect(comingUp.getByRole('heading', { name: toSkip, exact: true })).toHaveCount(0);
  const skipped = timeline.getByRole('article', { name: toSkip, exact: true });
  await expect(skipped).toContainText('Skipped');
  await expect(skipped.getByRole('button', { name: /^Undo/ })).toBeVisible();
  // "Coming up" moved on to the next open milestones.
  await expect(comingUp.getByRole('article')).toHaveCount(3);

  // The parent's own milestone: a title and a date are enough.
  await page.getByRole('button', { name: 'Add a milestone' }).click();
  const form = page.getByRole('form', { name: 'Add a milestone' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByRole('button', { name: 'Add milestone' }).click();
  await expect(form.getByText('Give the milestone a title')).toBeVisible();
  await form.getByLabel('Title').fill('Meet the new speech therapist');
  await form.getByLabel('Due date').fill(isoDaysFromNow(100));
  await form.getByRole('button', { name: 'Add milestone' }).click();
  await expect(page.getByText('Milestone added', { exact: true })).toBeVisible();
  await expect(timeline.getByRole('article', { name: 'Meet the new speech therapist' })).toContainText('Added by you');

  // Reschedule it and give it a shorter title.
  const newDate = isoDaysFromNow(40);
  await timeline.getByRole('button', { name: 'Reschedule: Meet the new speech therapist' }).click();
  await page.getByLabel('New due date').fill(newDate);
  await page.getByRole('button', { name: 'Save date' }).click();
  await expect(timeline.getByRole('article', { name: 'Meet the new speech therapist' }).locator('time')).toHaveAttribute(
    'datetime',
    newDate,
  );
  await timeline.getByRole('button', { name: 'Edit: Meet the new speech therapist' }).click();
  const editForm = page.getByRole('form', { name: 'Edit milestone' });
  await editForm.getByLabel('Title').fill('Meet the speech therapist');
  await editForm.getByLabel(/^What to do/).fill('Bring the last two progress reports.');
  await editForm.getByRole('button', { name: 'Save changes' }).click();
  const own = timeline.getByRole('article', { name: 'Meet the speech therapist', exact: true });
  await expect(own).toContainText('Bring the last two progress reports.', { useInnerText: false });
  await expect(own.locator('time')).toHaveAttribute('datetime', newDate);
  await expect(own.getByRole('button', { name: /^Edit/ })).toBeFocused();

  // Refreshing keeps what the parent finished and added.
  await page.getByRole('button', { name: 'Refresh my roadmap' }).click();
  await expect(page.getByText('Roadmap refreshed', { exact: true })).toBeVisible();
  await expect(timeline.getByRole('article', { name: toComplete, exact: true })).toContainText('Done');
  await expect(timeline.getByRole('article', { name: toSkip, exact: true })).toContainText('Skipped');
  await expect(own).toBeVisible();

  // A milestone whose day has passed is flagged gently, and the parent's own can be deleted.
  await page.getByRole('button', { name: 'Add a milestone' }).click();
  await form.getByLabel('Title').fill('Send the consent form');
  await form.getByLabel('Due date').fill(isoDaysFromNow(-3));
  await form.getByRole('button', { name: 'Add milestone' }).click();
  const late = timeline.getByRole('article', { name: 'Send the consent form' });
  await expect(late).toContainText('Past due — reschedule or mark done');
  await expect(comingUp.getByRole('heading', { name: 'Send the consent form' })).toHaveCount(0);
  await late.getByRole('button', { name: /^Delete/ }).click();
  await expect(late.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await late.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(late).toHaveCount(0);
  await expect(page.getByText('Milestone deleted', { exact: true })).toBeVisible();

  await expectNoAxeViolations(page, 'roadmap');
  expect(errors).toEqual([]);
});

test('an empty roadmap says what it is built from, and the parent can still add their own', async ({ page }) => {
  await openRoadmap(page, { firstName: 'Leo', dateOfBirth: yearsAgo(9) });

  const empty = page.getByRole('region', { name: "Build Leo's roadmap" });
  await expect(empty).toContainText('review date');
  await expect(empty).toContainText('last evaluation');
  await expect(empty.getByRole('link', { name: "Add dates to Leo's profile" })).toHaveAttribute('href', '/onboarding?edit');
  await empty.getByRole('button', { name: 'Build my roadmap' }).click();
  await expect(empty.getByRole('status')).toContainText('There was nothing to build from yet');

  await page.getByRole('button', { name: 'Add a milestone' }).click();
  const form = page.getByRole('form', { name: 'Add a milestone' });
  await form.getByLabel('Title').fill('First day at the new school');
  await form.getByLabel('Due date').fill(isoDaysFromNow(20));
  await form.getByRole('button', { name: 'Add milestone' }).click();

  const comingUp = page.getByRole('region', { name: 'Coming up' });
  await expect(comingUp.getByRole('heading', { name: 'First day at the new school' })).toBeVisible();
  await expect(comingUp).toContainText('in 20 days');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('article', { name: 'First day at the new school' })).toContainText(
    'Added by you',
  );

  await expectNoAxeViolations(page, 'roadmap built from nothing, with the parent’s own');
});

test('a date over a year back is questioned before saving, when adding or rescheduling', async ({ page }) => {
  await openRoadmap(page, { firstName: 'Ana', dateOfBirth: yearsAgo(9) });
  const tooFarBack = 'This date is more than a year ago. Is the year right?';
  const timeline = page.getByRole('region', { name: 'Timeline' });

  await page.getByRole('button', { name: 'Add a milestone' }).click();
  const form = page.getByRole('form', { name: 'Add a milestone' });
  await expect(form.getByLabel('Due date')).toHaveAttribute('min', isoDaysFromNow(-365));
  await form.getByLabel('Title').fill('Check the hearing test');
  // A slip of the year: last year's day and then some.
  await form.getByLabel('Due date').fill(isoDaysFromNow(-400));
  await form.getByRole('button', { name: 'Add milestone' }).click();
  await expect(form.getByText(tooFarBack)).toBeVisible();
  await expect(form.getByLabel('Due date')).toBeFocused();
  await expect(timeline.getByRole('article', { name: 'Check the hearing test' })).toHaveCount(0);

  // Overdue is fine: a plan can run late.
  await form.getByLabel('Due date').fill(isoDaysFromNow(-10));
  await form.getByRole('button', { name: 'Add milestone' }).click();
  const milestone = timeline.getByRole('article', { name: 'Check the hearing test' });
  await expect(milestone).toContainText('Past due — reschedule or mark done');

  await milestone.getByRole('button', { name: 'Reschedule: Check the hearing test' }).click();
  await expect(page.getByLabel('New due date')).toHaveAttribute('min', isoDaysFromNow(-365));
  await page.getByLabel('New due date').fill(isoDaysFromNow(-800));
  await page.getByRole('button', { name: 'Save date' }).click();
  await expect(milestone.getByText(tooFarBack)).toBeVisible();
  await expect(milestone.locator('time')).toHaveAttribute('datetime', isoDaysFromNow(-10));
  await expectNoAxeViolations(page, 'a due date questioned');
});
