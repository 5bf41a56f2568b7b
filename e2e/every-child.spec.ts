/**
 * The FLAG_SCOPED_* flags (decision 0098). On, their default: observations, the progress planner and
 * the dashboard's active goals are the selected child's. Off, for a family with two children: each
 * screen gathers every child's records, each named by its child, read-only, with a way to one child's.
 * A test with a flag off runs against a server of its own started with that flag off in FEATURE_FLAGS,
 * so the server's answer, not a replaced one, switches the screen.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { isoDaysFromNow, openApp, signUpThroughApi, yearsAgo } from './support/journeys.ts';
import { test } from './support/flags-server.ts';
import { observationItem, observationList, statCard } from './support/screens.ts';

/** Maya and Sam, each with a note, an active goal and a strategy; Maya's goal has progress. */
async function family(page: Page) {
  const parent = await signUpThroughApi(page, [
    { firstName: 'Maya', dateOfBirth: yearsAgo(9) },
    { firstName: 'Sam', dateOfBirth: yearsAgo(7) },
  ]);
  const [maya, sam] = parent.children.map((child) => child.id);
  await parent.post(
    '/api/observations',
    { what: 'Read a page aloud without help', occurredAt: `${isoDaysFromNow(-2)}T16:00:00.000Z` },
    maya,
  );
  await parent.post('/api/observations', { what: 'Tied both shoes before school', occurredAt: `${isoDaysFromNow(-1)}T08:00:00.000Z` }, sam);
  const goal = await parent.post<{ id: number }>(
    '/api/goals',
    { area: 'reading', title: 'Read five pages a night', status: 'in-progress', baseline: 1, target: 5, unit: 'pages' },
    maya,
  );
  await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(-3), value: 3 }, maya);
  await parent.post('/api/goals', { area: 'motor', title: 'Tie shoes alone', status: 'in-progress' }, sam);
  await parent.post('/api/strategies', { title: 'Visual timer' }, maya);
  await parent.post('/api/strategies', { title: 'Checklist by the door' }, sam);
  return parent;
}

/** The page at 320 CSS px is no wider than the window (WCAG 1.4.10); the window is set back after. */
async function expectReflowAt320(page: Page) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (before) await page.setViewportSize(before);
}

const goalCard = (page: Page, title: string) => page.getByRole('article', { name: title });
const strategyCard = goalCard;

test('with the flags on (the default), each screen is the selected child\u2019s', async ({ page }) => {
  await family(page);
  await openApp(page, '/observations');
  await expect(observationItem(page, 'Read a page aloud without help')).toBeVisible();
  await expect(observationList(page)).not.toContainText('Tied both shoes');
  await expect(page.getByRole('heading', { name: 'All observations' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Whose notes' })).toHaveCount(0);

  await openApp(page, '/progress-planner');
  await expect(goalCard(page, 'Read five pages a night')).toBeVisible();
  await expect(goalCard(page, 'Tie shoes alone')).toHaveCount(0);
  await expect(strategyCard(page, 'Checklist by the door')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Whose goals' })).toHaveCount(0);

  await openApp(page, '/app');
  await expect(statCard(page, 'Active goals')).toContainText('Read five pages a night');
  await expect(statCard(page, 'Active goals')).not.toContainText('Tie shoes alone');
});

test.describe(() => {
  test.use({ serverFlags: { FLAG_SCOPED_OBSERVATIONS: false } });

  test('FLAG_SCOPED_OBSERVATIONS off: every child\u2019s notes, newest first, each named; one child\u2019s a press away; 320 px reflows', async ({
    page,
  }) => {
    await family(page);
    await openApp(page, '/observations');
    await expect(page.getByRole('heading', { name: 'Every child\u2019s observations' })).toBeVisible();
    const items = observationList(page).locator(':scope > li');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('About Sam');
    await expect(items.nth(0)).toContainText('Tied both shoes before school');
    await expect(items.nth(1)).toContainText('About Maya');
    // Read-only here: a note is changed in its child's own view.
    await expect(observationList(page).getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Note something about Maya' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Maya\u2019s wins and concerns, last 12 weeks' })).toBeVisible();
    await expectNoAxeViolations(page, '/observations, every child');
    await expectReflowAt320(page);

    // A note added here is the selected child's, and shows among every child's, named.
    const form = page.getByRole('form', { name: 'Log an observation' });
    await form.getByLabel('What happened').fill('Asked to read one more chapter');
    await form.getByRole('button', { name: 'Save observation' }).click();
    await expect(items.nth(0)).toContainText('Asked to read one more chapter');
    await expect(items.nth(0)).toContainText('About Maya');

    // One child: Sam's notes, with their Edit buttons.
    const whose = page.getByRole('group', { name: 'Whose notes' });
    await whose.getByRole('button', { name: 'Sam' }).click();
    await expect(whose.getByRole('button', { name: 'Sam' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'All observations' })).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(observationItem(page, 'Tied both shoes before school').getByRole('button', { name: /^Edit/ })).toBeVisible();
    await whose.getByRole('button', { name: 'Every child' }).click();
    await expect(items).toHaveCount(3);

    // The other flags are still on: the planner is the selected child's, Sam's since he was chosen above.
    await openApp(page, '/progress-planner');
    await expect(goalCard(page, 'Tie shoes alone')).toBeVisible();
    await expect(goalCard(page, 'Read five pages a night')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Whose goals' })).toHaveCount(0);
  });
});

test.describe(() => {
  test.use({ serverFlags: { FLAG_SCOPED_PROGRESS_PLANNER: false } });

  test('FLAG_SCOPED_PROGRESS_PLANNER off: every child\u2019s goals and strategies, each named; a goal opens for its child; 320 px reflows', async ({
    page,
  }) => {
    await family(page);
    await openApp(page, '/progress-planner');
    await expect(page.getByText('What Maya and Sam are working toward')).toBeVisible();
    await expect(goalCard(page, 'Read five pages a night')).toContainText('About Maya');
    await expect(goalCard(page, 'Tie shoes alone')).toContainText('About Sam');
    await expect(strategyCard(page, 'Visual timer')).toContainText('About Maya');
    await expect(strategyCard(page, 'Checklist by the door')).toContainText('About Sam');
    // Read-only here: no adding, editing or deleting.
    await expect(page.getByRole('main').getByRole('button', { name: /^(Add a|Edit|Delete)/ })).toHaveCount(0);
    await expectNoAxeViolations(page, '/progress-planner, every child');

    await expectReflowAt320(page);

    // Sam's goal opens for Sam: the header's child follows, and it can be changed there.
    await goalCard(page, 'Tie shoes alone')
      .getByRole('link', { name: /See progress/ })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Tie shoes alone' })).toBeVisible();
    await expect(page.getByText('What Sam is working toward')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit goal' })).toBeVisible();

    // Back to the planner: every child's again; "Sam" shows his alone, with his buttons.
    await page.getByRole('link', { name: 'All goals and strategies' }).click();
    const whose = page.getByRole('group', { name: 'Whose goals' });
    await whose.getByRole('button', { name: 'Sam' }).click();
    await expect(goalCard(page, 'Read five pages a night')).toHaveCount(0);
    await expect(goalCard(page, 'Tie shoes alone').getByRole('button', { name: 'Edit goal: Tie shoes alone' })).toBeVisible();
  });
});

test.describe(() => {
  test.use({ serverFlags: { FLAG_SCOPED_PROGRESS: false } });

  test('FLAG_SCOPED_PROGRESS off: the dashboard\u2019s active goals are every child\u2019s, each named, with their progress; 320 px reflows', async ({
    page,
  }) => {
    await family(page);
    await openApp(page, '/app');
    const card = statCard(page, 'Active goals, every child');
    await expect(card.getByRole('listitem')).toHaveCount(2);
    await expect(card.getByRole('listitem').filter({ hasText: 'Read five pages a night' })).toContainText('About Maya');
    await expect(card.getByRole('listitem').filter({ hasText: 'Read five pages a night' }).getByRole('img')).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: 'Tie shoes alone' })).toContainText('About Sam');
    await expectNoAxeViolations(page, '/app, every child\u2019s goals');
    await expectReflowAt320(page);
  });
});
