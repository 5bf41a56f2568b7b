/**
 * Snapshots (issue 27) against the production build, with the flags as they ship: a parent with a full
 * record makes a teacher snapshot, checks that medications are hidden (shows them, then hides them),
 * rewords one section, saves, downloads the PDF on US Letter and reads its text (no medication, the
 * new wording, one page), shares it for 3 days and copies the link shown once. Someone signed out opens
 * the link on a phone: the visible sections only, noindex, and no request leaves Trelli. The parent
 * sees the link opened once, turns it off, and the reader's reload says the link was turned off. axe
 * on the first run, the editor, the share dialog and the shared page.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openApp, watchConsole } from './support/journeys.ts';
import { editorHeading, fullRecord, MEDICATION, PARENT, readPdf, TEACHER } from './support/snapshots.ts';

// "Today" in the browser and in the test are the same calendar day.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const STRENGTHS_HEADING = 'What people like and admire about me';
const REWORDED = 'Maya is kind to younger children and tells the best stories in class.';

test('a teacher snapshot without medications, reworded, as a PDF and by a link read on a phone, then turned off', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await fullRecord(page);
  await openApp(page, '/snapshots');
  await expect(page.getByRole('heading', { level: 2, name: 'Maya on one page' })).toBeVisible();
  await expectNoAxeViolations(page, '/snapshots, first run');

  // A teacher's snapshot: medications start hidden.
  await page.getByRole('button', { name: 'Start a snapshot for Teacher' }).click();
  await expect(editorHeading(page, 'Teacher snapshot')).toBeFocused();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: STRENGTHS_HEADING })).toBeVisible();
  await expect(preview).toContainText('Creative storyteller');
  await expect(preview).toContainText(PARENT);
  const medications = page.getByRole('checkbox', { name: 'Show Medications' });
  await expect(medications).not.toBeChecked();
  await expect(page.getByText(MEDICATION)).toHaveCount(0);
  // Shown, the preview lists the medication; hidden again, it is gone.
  await medications.check();
  await expect(preview.getByRole('heading', { name: 'Medications' })).toBeVisible();
  await expect(preview).toContainText(MEDICATION);
  await medications.uncheck();
  await expect(preview.getByRole('heading', { name: 'Medications' })).toHaveCount(0);
  await expect(page.getByText(MEDICATION)).toHaveCount(0);

  // The strengths in the parent's own words, for this snapshot only.
  await page.getByRole('button', { name: `Edit wording (${STRENGTHS_HEADING})` }).click();
  await page.getByLabel(`Your wording for “${STRENGTHS_HEADING}”`).fill(REWORDED);
  await expect(preview).toContainText(REWORDED);
  await expect(preview).not.toContainText('Creative storyteller');
  await expect(page.getByText('You have changes that are not saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  await expect(page.getByText('Snapshot saved', { exact: true })).toBeVisible();
  await expect(page.getByText('You have changes that are not saved.')).toHaveCount(0);
  const item = page.getByRole('region', { name: 'Maya’s snapshots' }).getByRole('article', { name: 'Teacher snapshot' });
  await expect(item).toContainText('7 of 9 sections shown · No open link');
  await expectNoAxeViolations(page, '/snapshots, the editor');

  // The PDF on US Letter: one page, the new wording, no medication.
  await expect(page.getByLabel('Paper')).toHaveValue('letter');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('Maya snapshot.pdf');
  const pdf = await readPdf(await download.path());
  expect(pdf.pages).toBe(1);
  expect(pdf.size).toEqual([0, 0, 612, 792]);
  expect(pdf.text).toContain(REWORDED);
  expect(pdf.text).toContain('Read five pages a night');
  expect(pdf.text).not.toContain(MEDICATION);
  expect(pdf.text).not.toContain('Creative storyteller');

  // Shared for 3 days; the link is shown once and copied.
  await page.getByRole('button', { name: 'Share by link' }).click();
  await expect(page.getByRole('heading', { name: 'Share “Teacher snapshot”' })).toBeFocused();
  await page.getByLabel('Days the link opens').fill('3');
  await page.getByRole('button', { name: 'Make the link' }).click();
  const ready = page.getByText(/^The link is ready\. It opens until .+, and is shown only now/);
  await expect(ready).toBeFocused();
  const shown = await page.getByLabel('Share link', { exact: true }).inputValue();
  expect(shown).toMatch(/\/snapshots\/view#[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, '/snapshots, the link made');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(shown);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('Share link', { exact: true })).toHaveCount(0);
  const links = page.getByRole('region', { name: 'Open share links' });
  await expect(links.getByRole('article')).toHaveCount(1);
  await expect(links.getByRole('article')).toContainText('Not opened yet');
  await expect(links.getByRole('article')).toContainText(`Ends: `);

  // Someone without an account opens it on a phone.
  const reader = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'UTC' });
  const phone = await reader.newPage();
  const readerErrors = watchConsole(phone);
  const origin = new URL(link).origin;
  const elsewhere: string[] = [];
  phone.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
  });
  await phone.goto(link);
  const shared = phone.getByRole('article', { name: 'Teacher snapshot' });
  await expect(shared.getByRole('heading', { level: 1, name: 'Teacher snapshot' })).toBeVisible({ timeout: 15_000 });
  await expect(shared.getByRole('heading', { level: 2 })).toHaveText([
    'About me',
    STRENGTHS_HEADING,
    'How best to support me',
    'What is hard, and what to do then',
    'Goals and progress',
    'Support plan',
    'People to call',
  ]);
  await expect(shared).toContainText(REWORDED);
  await expect(shared).toContainText('Visual timer for transitions');
  await expect(shared).toContainText(TEACHER);
  await expect(phone.locator('body')).not.toContainText(MEDICATION);
  await expect(phone.locator('body')).not.toContainText('Creative storyteller');
  await expect(phone.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(phone, 'the shared page on a phone');
  await phone.waitForLoadState('networkidle');
  expect(elsewhere).toEqual([]);

  // Back with the parent: the link was opened once; turned off.
  await openApp(page, '/snapshots');
  await expect(links.getByRole('article')).toContainText(/Opened once, last /);
  await expect(item).toContainText('7 of 9 sections shown · 1 open link');
  await links.getByRole('button', { name: 'Turn off the link to Teacher snapshot' }).click();
  await links.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(page.getByText('Link turned off', { exact: true })).toBeVisible();
  await expect(links).toContainText('No link is open. Share a snapshot to make one.');
  await expect(links.getByRole('heading', { name: 'Open share links' })).toBeFocused();

  // The reader's next look: the server's sentence, and nothing of Maya.
  await phone.reload();
  await expect(phone.getByRole('heading', { level: 1, name: 'This snapshot did not open' })).toBeVisible();
  await expect(phone.getByRole('alert')).toHaveText('This link was turned off. Ask the person who sent it for a new one.');
  await expect(phone.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(phone.locator('body')).not.toContainText('Maya');
  await expectNoAxeViolations(phone, 'the shared page, turned off');
  expect(elsewhere).toEqual([]);
  expect(readerErrors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  await reader.close();
  expect(errors).toEqual([]);
});
