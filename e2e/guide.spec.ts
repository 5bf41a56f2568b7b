/**
 * The guide against the production build (issue 13): a parent searches and opens an article (offline
 * too, once loaded), fills a letter from the child's record and downloads its PDF, follows a
 * suggestion from the dashboard, and gets from a milestone or an empty screen to the article that
 * helps; /guide, an article and a letter pass axe; the guide fits a phone.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { LETTER_LAYOUT } from '#shared/letter-layout.ts';
import type { ChildCreateInput } from '#shared/schemas/child.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { isoDaysFromNow, openApp, signedInWithChildren, signUpThroughApi, watchConsole, yearsAgo } from './support/journeys.ts';

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A PDF's paragraphs as a reader sees them: its lines by pdfjs positions, a new paragraph wherever
 * the space above a line is more than one line's (a page break goes on with the paragraph).
 */
async function pdfParagraphs(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, useSystemFonts: false, disableFontFace: true });
  const pdf = await task.promise;
  try {
    const paragraphs: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const lines = new Map<number, { text: string; size: number }>();
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const y = Math.round((item.transform[5] as number) * 100) / 100;
        const line = lines.get(y) ?? { text: '', size: item.transform[3] as number };
        line.text += item.str;
        lines.set(y, line);
      }
      let above: number | null = null;
      for (const [y, line] of [...lines.entries()].sort(([a], [b]) => b - a)) {
        const step = LETTER_LAYOUT.fontSizePt * LETTER_LAYOUT.lineHeight;
        expect(line.size, 'one size for every line: no heading').toBe(LETTER_LAYOUT.fontSizePt);
        if (above !== null && Math.abs(above - y - step) < 0.5) paragraphs[paragraphs.length - 1] += ` ${line.text}`;
        else if (above === null && number > 1) paragraphs[paragraphs.length - 1] += ` ${line.text}`;
        else {
          if (above !== null)
            expect(Math.round(above - y), 'a blank line between paragraphs').toBe(Math.round(step * (1 + LETTER_LAYOUT.paragraphGapLines)));
          paragraphs.push(line.text);
        }
        above = y;
      }
    }
    return paragraphs.map(flat);
  } finally {
    await task.destroy();
  }
}

// "Today" in the browser and in the server are the same calendar day.
test.use({ timezoneId: 'UTC' });

const MAYA: ChildCreateInput = {
  firstName: 'Maya',
  lastName: 'Lopez',
  dateOfBirth: yearsAgo(8),
  grade: '3',
  school: 'Lincoln Elementary',
  supportPlan: 'iep',
  challenges: ['Reading fluency'],
};

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test('a parent searches the guide, opens an article, and comes back to the same results', async ({ page }) => {
  const errors = watchConsole(page);
  await signedInWithChildren(page, [MAYA], '/guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'School' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Letters you can fill in' })).toBeVisible();
  // The text chunk follows the index: once here, search covers the articles' words.
  await expect(page.getByText('Results appear as you type, and search works offline too.')).toBeVisible();
  await expectNoAxeViolations(page, '/guide');

  await page.getByRole('searchbox', { name: 'Search the guide' }).fill('evaluate');
  await expect(page.getByRole('status').filter({ hasText: /articles? match/ })).toBeVisible();
  await expect(page).toHaveURL(/\/guide\?q=evaluate$/);
  const results = page.getByRole('region', { name: 'Search results' });
  await results.getByRole('link', { name: 'Asking the school to evaluate your child' }).click();

  await expect(page).toHaveURL('/guide/requesting-an-evaluation');
  await expect(page.getByRole('heading', { level: 1, name: 'Asking the school to evaluate your child' })).toBeVisible();
  await expect(page.getByText(/^\d+ min read$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sources' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'A letter to go with it' }).getByRole('link', { name: 'Request for an evaluation' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'an article');

  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search the guide' })).toHaveValue('evaluate');

  // An unknown article says so and leads back.
  await page.goto('/guide/no-such-article');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find that article' })).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);
});

test('once the guide has loaded, it searches the articles’ words and opens them offline', async ({ page, context }) => {
  await signedInWithChildren(page, [MAYA], '/guide');
  await expect(page.getByText('Results appear as you type, and search works offline too.')).toBeVisible();
  await context.setOffline(true);
  // "apprenticeship" is in the text of one article, not in any title, summary or keyword.
  await page.getByRole('searchbox', { name: 'Search the guide' }).fill('apprenticeship');
  const results = page.getByRole('region', { name: 'Search results' });
  await results.getByRole('link', { name: 'Planning for life after high school' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Planning for life after high school' })).toBeVisible();
  await expect(page.getByText(/a trade school or an apprenticeship/)).toBeVisible();
  await context.setOffline(false);
});

test('a parent fills a letter from the record and downloads it as a PDF', async ({ page }) => {
  const parent = await signUpThroughApi(page, [MAYA]);
  // Her teacher, and her mother with a phone, in People.
  for (const person of [
    { name: 'Ms. Rivera', role: 'teacher' },
    { name: 'Ana Lopez', role: 'parent', phone: '+1 555 010 2030', email: parent.email },
  ]) {
    await parent.post(`/api/people?childId=${parent.children[0]?.id}`, person);
  }
  await openApp(page, '/guide/templates/request-for-an-evaluation');
  await expect(page.getByRole('heading', { level: 1, name: 'Request for an evaluation' })).toBeVisible();
  // The parent's phone and email are filled in; the teacher is offered as "To".
  await expect(page.getByLabel('Your phone or email')).toHaveValue(`+1 555 010 2030, ${parent.email}`);
  await page.getByRole('button', { name: 'Use as To: Ms. Rivera' }).click();
  await expect(page.getByLabel("Child's full name")).toHaveValue('Maya Lopez');
  await expect(page.getByLabel('School', { exact: true })).toHaveValue('Lincoln Elementary');
  await expect(page.getByLabel('What you have noticed')).toHaveValue('- Reading fluency');

  await expect(page.getByLabel('To', { exact: true })).toHaveValue('Ms. Rivera');
  await page.getByLabel('Their role').fill('Principal');
  await page.getByLabel('Your name').fill('Ana Lopez');
  const preview = page.getByRole('region', { name: 'Preview' });
  // The name alone after "Dear"; the role on its own line above (issue 24: "Dear <name>, Principal,").
  await expect(preview).toContainText('Dear Ms. Rivera,');
  await expect(preview).not.toContainText('Dear Ms. Rivera, Principal');
  await expect(preview).toContainText(/Ms\. Rivera\s+Principal\s+Lincoln Elementary/);
  await expect(preview).toContainText('is in grade 3 at Lincoln Elementary');
  await expectNoAxeViolations(page, 'a letter');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('Request for an evaluation - Maya.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  // The PDF is the letter the preview shows (issue 24): its paragraphs, in order, a blank line between them, no heading.
  const shown = await preview.locator('div > p').allInnerTexts();
  expect(await pdfParagraphs(bytes)).toEqual(shown.map(flat));
  expect(
    await preview
      .locator('div')
      .first()
      .evaluate((letter) => getComputedStyle(letter).fontFamily),
  ).toMatch(/^"Liberation Sans"/);

  // What the parent typed survives a reload.
  await page.reload();
  await expect(page.getByLabel('Your name')).toHaveValue('Ana Lopez', { timeout: 20_000 });
});

test('a parent follows a suggestion from the dashboard to the article that helps', async ({ page }) => {
  const parent = await signUpThroughApi(page, [{ ...MAYA, planReviewDate: isoDaysFromNow(21) }]);
  await parent.post('/api/milestones/generate', {});
  await openApp(page, '/app');

  const forYou = page.getByRole('region', { name: 'For you' });
  const suggestion = forYou.getByRole('link', { name: 'The annual IEP review' });
  await expect(forYou).toContainText('is on the roadmap in 3 weeks, on ');
  await expect(suggestion).toBeVisible();
  await expect(forYou.getByRole('link', { name: 'See the guide' })).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL('/guide/annual-review');
  await expect(page.getByRole('heading', { level: 1, name: 'The annual IEP review' })).toBeVisible();
});

test('a roadmap milestone and an empty screen lead to the article that helps', async ({ page }) => {
  const parent = await signUpThroughApi(page, [{ ...MAYA, planReviewDate: isoDaysFromNow(21) }]);
  await parent.post('/api/milestones/generate', {});
  await openApp(page, '/roadmap');
  await page.getByRole('link', { name: 'Guide: How to prepare for the review' }).first().click();
  await expect(page).toHaveURL('/guide/annual-review');
  await expect(page.getByRole('heading', { level: 1, name: 'The annual IEP review' })).toBeVisible();

  await page.getByRole('link', { name: 'Observations', exact: true }).first().click();
  await page.getByRole('link', { name: 'Guide: What to write down: keeping a record that helps' }).click();
  await expect(page).toHaveURL('/guide/keeping-a-record-that-helps');
  await expect(page.getByRole('heading', { level: 2, name: 'Sources' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the guide, an article and a letter fit the screen', async ({ page }) => {
    await signedInWithChildren(page, [MAYA], '/guide');
    await expect(page.getByRole('heading', { level: 2, name: 'School' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the guide' }).fill('sleep');
    await expect(page.getByRole('link', { name: 'Sleep that helps the day go better' })).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);

    await page.getByRole('link', { name: 'Sleep that helps the day go better' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sources' })).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);

    await page.goto('/guide/templates/parent-concerns-statement');
    await expect(page.getByRole('heading', { level: 1, name: 'Parent concerns statement' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);
  });
});
