/**
 * The IEP meeting pack against the production build (issue 27): a parent whose child's yearly review
 * is six weeks away builds the roadmap, follows "Prepare the meeting pack" from its "Prepare for the
 * review" milestone (the guide's suggestion for the review leads there too), reads the goal with its
 * progress and the note about it, downloads the PDF with the keyboard and reads its text, and the
 * screen passes axe and fits 320 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expectNoAxeViolations } from './support/axe.ts';
import { isoDaysFromNow, openApp, signUpThroughApi, watchConsole, yearsAgo } from './support/journeys.ts';

// "Today" in the browser and in the test are the same calendar day.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const GOAL = 'Read five pages a night';
const NOTE = 'Read a page aloud to her brother without help';

/** The downloaded PDF's text, every page. */
async function pdfText(path: string): Promise<string> {
  const task = getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0, useSystemFonts: false, disableFontFace: true });
  const pdf = await task.promise;
  const pages = await Promise.all(
    Array.from({ length: pdf.numPages }, async (_, index) => (await pdf.getPage(index + 1)).getTextContent()),
  );
  await task.destroy();
  return pages.flatMap((content) => content.items.map((item) => ('str' in item ? item.str : ''))).join(' ');
}

/** The same day a year before: the last yearly review before the next one. */
function yearBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 10);
}

/** Tab from where focus is until `name`'s button has it (at most 20 presses). */
async function tabTo(page: Page, name: string) {
  const target = page.getByRole('button', { name, exact: true });
  for (let presses = 0; presses < 20; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"`);
}

test('from the roadmap\u2019s "Prepare for the review", the meeting pack shows the goals and downloads as a PDF', async ({ page }) => {
  const errors = watchConsole(page);
  const parent = await signUpThroughApi(page, [
    { firstName: 'Maya', dateOfBirth: yearsAgo(9), grade: '4', supportPlan: 'iep', planReviewDate: isoDaysFromNow(42) },
  ]);
  const goal = await parent.post<{ id: number }>('/api/goals', {
    area: 'reading',
    title: GOAL,
    status: 'in-progress',
    baseline: 1,
    target: 5,
    unit: 'pages',
  });
  await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(-40), value: 2 });
  await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(-3), value: 4 });
  await parent.post('/api/observations', { what: NOTE, occurredAt: `${isoDaysFromNow(-2)}T16:00:00.000Z`, goalId: goal.id });

  await openApp(page, '/roadmap');
  await page.getByRole('button', { name: 'Build my roadmap' }).click();
  const prep = page.getByRole('region', { name: 'Coming up' }).getByRole('article', { name: "Prepare for Maya's IEP review" });
  await expect(prep).toBeVisible();
  // The review itself has the guide's article, not the pack.
  await expect(
    page.getByRole('article', { name: 'Annual IEP review' }).getByRole('link', { name: 'Prepare the meeting pack' }),
  ).toHaveCount(0);
  await prep.getByRole('link', { name: 'Prepare the meeting pack' }).click();

  await expect(page).toHaveURL('/snapshots/meeting-pack');
  await expect(page.getByRole('heading', { level: 1, name: 'IEP meeting pack', exact: true })).toBeFocused();
  const pack = page.getByRole('article', { name: 'IEP meeting pack for Maya' });
  const goalSection = pack.getByRole('region', { name: GOAL });
  await expect(goalSection.getByRole('img')).toBeVisible();
  await expect(goalSection).toContainText(NOTE);
  // The period starts at the last review (a year before the next) and ends today.
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(yearBefore(isoDaysFromNow(42)));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(isoDaysFromNow(0));
  // Print only with FLAG_PDF_PRINT_STYLES on (off by default).
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'meeting pack');

  // By keyboard: from the heading to "Download PDF", and Enter.
  await tabTo(page, 'Download PDF');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe(`Meeting pack - Maya - ${yearBefore(isoDaysFromNow(42))} to ${isoDaysFromNow(0)}.pdf`);
  const text = await pdfText(await download.path());
  expect(text).toContain(GOAL);
  expect(text).toContain(NOTE);

  // A shorter period is asked for and kept in the address.
  await page.getByLabel('From', { exact: true }).fill(isoDaysFromNow(-10));
  await expect(page).toHaveURL(`/snapshots/meeting-pack?from=${isoDaysFromNow(-10)}`);
  await expect(pack.getByRole('region', { name: GOAL })).toContainText(NOTE);

  // On a phone: nothing wider than the window.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const button = await page.getByRole('button', { name: 'Download PDF' }).boundingBox();
  expect((button?.x ?? 0) + (button?.width ?? Infinity)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The guide's suggestion for the review leads to the pack too.
  await openApp(page, '/guide');
  const forYou = page.getByRole('region', { name: 'For you and Maya' });
  await forYou.getByRole('link', { name: 'Prepare the meeting pack' }).click();
  await expect(page).toHaveURL('/snapshots/meeting-pack');
  await expect(page.getByRole('article', { name: 'IEP meeting pack for Maya' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a child with no goals: the pack says what to add and where', async ({ page }) => {
  await signUpThroughApi(page, [{ firstName: 'Sam', dateOfBirth: yearsAgo(7), supportPlan: 'iep', planReviewDate: isoDaysFromNow(30) }]);
  await openApp(page, '/snapshots/meeting-pack');
  await expect(page.getByRole('heading', { level: 2, name: 'No goals to show for Sam' })).toBeVisible();
  await page.getByRole('link', { name: 'Add a goal in the progress planner' }).click();
  await expect(page).toHaveURL('/progress-planner');
});
