/**
 * FLAG_SCOPED_SNAPSHOTS (decisions 0098 and 0107). Off, its default, for a family with two children:
 * /snapshots opens on every child's snapshots and open links, each named by its child, read-only,
 * with "Whose snapshots" to one child's view. On (a server of its own started with it on): the
 * selected child's snapshots only.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openApp, signUpThroughApi, yearsAgo } from './support/journeys.ts';
import { test } from './support/flags-server.ts';

/** Maya with a teacher snapshot shared by link, Sam with a doctor's. */
async function family(page: Page) {
  const parent = await signUpThroughApi(page, [
    { firstName: 'Maya', dateOfBirth: yearsAgo(9) },
    { firstName: 'Sam', dateOfBirth: yearsAgo(7) },
  ]);
  const [maya, sam] = parent.children.map((child) => child.id);
  const teacher = await parent.post<{ id: number }>('/api/snapshots', { audience: 'teacher', title: 'For Ms. Rivera' }, maya);
  await parent.post(`/api/snapshots/${teacher.id}/links`, { expiresInDays: 7 }, maya);
  await parent.post('/api/snapshots', { audience: 'doctor' }, sam);
  return parent;
}

const everyChildHeading = (page: Page) => page.getByRole('heading', { level: 2, name: "Every child's snapshots" });

test('FLAG_SCOPED_SNAPSHOTS off: every child\u2019s snapshots and links, each named, read-only; one child\u2019s a press away; 320 px', async ({
  page,
}) => {
  await family(page);
  await openApp(page, '/snapshots');
  await expect(everyChildHeading(page)).toBeVisible();
  const snapshots = page.getByRole('region', { name: "Every child's snapshots" });
  const rows = snapshots.getByRole('article');
  await expect(rows).toHaveCount(2);
  // Newest first: Sam's was made last.
  await expect(rows.nth(0)).toContainText('About Sam');
  await expect(rows.nth(0)).toContainText('Doctor snapshot');
  await expect(rows.nth(1)).toContainText('About Maya');
  await expect(rows.nth(1)).toContainText('1 open link');
  const links = page.getByRole('region', { name: 'Open share links, every child' });
  await expect(links.getByRole('article', { name: 'For Ms. Rivera' })).toContainText('About Maya');
  // Read-only here: shared, changed and turned off in the child's own view.
  await expect(page.getByRole('button', { name: /Turn off|Share|Delete/ })).toHaveCount(0);
  await expectNoAxeViolations(page, '/snapshots, every child');
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sam's snapshot opens Sam's snapshots, Sam selected.
  await rows.nth(0).getByRole('button', { name: 'Open in Sam\u2019s snapshots: Doctor snapshot' }).click();
  const whose = page.getByRole('group', { name: 'Whose snapshots' });
  await expect(whose.getByRole('button', { name: 'Sam' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL('/snapshots?view=one-child');
  await expect(everyChildHeading(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Doctor snapshot' }).first()).toBeVisible();
  await expect(page.getByText('For Ms. Rivera')).toHaveCount(0);

  await whose.getByRole('button', { name: 'Every child' }).click();
  await expect(rows).toHaveCount(2);
});

test.describe(() => {
  test.use({ serverFlags: { FLAG_SCOPED_SNAPSHOTS: true } });

  test('FLAG_SCOPED_SNAPSHOTS on: the selected child\u2019s snapshots only, with no "Whose snapshots"', async ({ page }) => {
    await family(page);
    await openApp(page, '/snapshots');
    await expect(page.getByRole('heading', { name: 'For Ms. Rivera' }).first()).toBeVisible();
    await expect(page.getByText('Doctor snapshot')).toHaveCount(0);
    await expect(everyChildHeading(page)).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Whose snapshots' })).toHaveCount(0);
  });
});
