/**
 * The progress planner against the production build: a new parent adds a goal with a baseline and a
 * target, records two measurements and sees them in the chart and the entries, adds a strategy for
 * the goal, rates it and retires it; axe finds nothing on the planner or the goal's view.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { signedInWithChildren, yearsAgo } from './support/journeys.ts';

function isoDaysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('a parent plans a goal, records progress, sees the chart, and keeps a strategy that helps', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }], '/progress-planner');
  await expect(page.getByRole('heading', { level: 1, name: 'Progress planner' })).toBeVisible();

  // Empty states say what to do next.
  await expect(page.getByText('Add a first goal — something your child is working toward, at school or at home.')).toBeVisible();
  await expect(page.getByText('Note a strategy that helps — a routine, a tool, or an accommodation.')).toBeVisible();
  await expectNoAxeViolations(page, 'empty planner');

  // A goal: area and title, then its measures, in view without opening "More details".
  await page.getByRole('button', { name: 'Add a first goal' }).click();
  const goalForm = page.getByRole('form', { name: 'Add a goal' });
  await goalForm.getByLabel('Area').selectOption({ label: 'Reading' });
  await goalForm.getByLabel('Goal').fill('Read a page aloud fluently');
  await goalForm.getByLabel(/^Baseline/).fill('60');
  await goalForm.getByLabel(/^Target\s*\(optional\)/).fill('90');
  await goalForm.getByLabel(/^Unit/).fill('words per minute');
  await goalForm.getByRole('button', { name: 'Add goal' }).click();
  await expect(page.getByText('Goal added', { exact: true }).first()).toBeVisible();

  const card = page.getByRole('article', { name: 'Read a page aloud fluently' });
  await expect(card).toContainText('Reading');
  await expect(card).toContainText('60 words per minute');
  await expect(card).toContainText('90 words per minute');
  await expect(card).toContainText('Nothing yet');
  // In a list of cards each Edit and Delete says which goal it is for.
  await expect(card.getByRole('button', { name: 'Edit goal: Read a page aloud fluently', exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete goal: Read a page aloud fluently', exact: true })).toBeVisible();

  // Its own view: no chart before the first entry, then two entries.
  await card.getByRole('link', { name: /See progress/ }).click();
  await expect(page).toHaveURL(/[?&]goal=\d+/);
  await expect(page.getByRole('heading', { level: 2, name: 'Read a page aloud fluently' })).toBeVisible();
  await expect(page.getByText('No progress recorded yet.', { exact: false })).toBeVisible();

  const value = page.getByLabel('Value (words per minute)');
  await value.fill('65');
  await page.getByLabel('Date', { exact: true }).fill(isoDaysAgo(7));
  await page.getByLabel(/^Note/).fill('Read to grandma');
  await page.getByRole('button', { name: 'Save progress' }).click();
  await expect(page.getByText('Progress recorded', { exact: true }).first()).toBeVisible();
  await expect(value).toHaveValue('');

  await value.fill('72');
  await page.getByLabel('Date', { exact: true }).fill(isoDaysAgo(0));
  await page.getByRole('button', { name: 'Save progress' }).click();

  const chart = page.getByRole('img', { name: /words per minute over time: 65 on .+, 72 on .+\. Baseline 60, target 90\./ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('circle')).toHaveCount(2);
  await expect(chart).toContainText('Baseline 60');
  await expect(chart).toContainText('Target 90');
  const entries = page.getByRole('region', { name: 'Entries' });
  await expect(entries.getByRole('listitem')).toHaveCount(2);
  await expect(entries.getByRole('listitem').first()).toContainText('72 words per minute');
  await expect(entries.getByRole('listitem').nth(1)).toContainText('65 words per minute');
  await expect(entries.getByRole('listitem').nth(1)).toContainText('Read to grandma');
  await expect(page.getByRole('region', { name: "What you've noticed" })).toBeVisible();
  await expectNoAxeViolations(page, "the goal's view");

  // Back on the planner the card shows the latest value against the target.
  await page.getByRole('link', { name: /All goals and strategies/ }).click();
  await expect(card).toContainText('72 words per minute');
  await expect(card).toContainText('40% of the way from baseline to target');

  // A strategy for the goal, rated and then retired.
  await page.getByRole('button', { name: 'Add a strategy' }).click();
  const strategyForm = page.getByRole('form', { name: 'Add a strategy' });
  await strategyForm.getByLabel('Strategy').fill('Paired reading at bedtime');
  await strategyForm.getByLabel('Kind').selectOption({ label: 'Routine' });
  await strategyForm.getByLabel('Where it is used').selectOption({ label: 'At home' });
  await strategyForm.getByRole('checkbox', { name: 'Read a page aloud fluently' }).check();
  await strategyForm.getByRole('button', { name: 'Add strategy' }).click();
  await expect(page.getByText('Strategy added', { exact: true }).first()).toBeVisible();

  const strategy = page.getByRole('article', { name: 'Paired reading at bedtime' });
  await expect(strategy).toContainText('Routine · At home');
  await expect(strategy).toContainText('Helps with');
  await expect(strategy).toContainText('Read a page aloud fluently');
  await expect(strategy).toContainText('Not rated yet');
  await expect(strategy.getByRole('button', { name: 'Edit strategy: Paired reading at bedtime', exact: true })).toBeVisible();
  await expect(strategy.getByRole('button', { name: 'Delete strategy: Paired reading at bedtime', exact: true })).toBeVisible();

  // The parent clicks the fourth star (its radio's name is the words), then saves it (choosing alone saves nothing).
  await strategy.locator('label', { has: page.getByRole('radio', { name: /^Works well/ }) }).click();
  await strategy.getByRole('button', { name: 'Save rating' }).click();
  await expect(page.getByText('Rating saved', { exact: true }).first()).toBeVisible();
  await expect(strategy.getByRole('radio', { name: /^Works well/ })).toBeChecked();
  await expect(strategy).toContainText('Works well');

  const inUse = strategy.getByRole('switch', { name: 'In use' });
  await expect(inUse).toHaveAttribute('aria-checked', 'true');
  await inUse.click();
  await expect(page.getByText('Strategy retired', { exact: true }).first()).toBeVisible();
  const retired = page.locator('details').filter({ hasText: 'Retired (1)' });
  await expect(retired).toBeVisible();
  await expect(page.getByRole('article', { name: 'Paired reading at bedtime' })).toBeHidden();
  await retired.getByText('Retired (1)').click();
  await expect(retired.getByRole('article', { name: 'Paired reading at bedtime' })).toBeVisible();
  await expect(retired.getByRole('switch', { name: 'In use' })).toHaveAttribute('aria-checked', 'false');

  // It all survives a reload.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Read a page aloud fluently' })).toContainText('72 words per minute');
  await expect(page.getByText('Retired (1)')).toBeVisible();
  await expectNoAxeViolations(page, 'planner with a goal and a retired strategy');
});
