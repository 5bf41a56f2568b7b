/**
 * /observations for the selected child: a new parent logs a note in three interactions and sees it
 * in the list and the weekly chart; wins only, search, edit and delete; axe on the screen. Each test
 * starts from a parent with a child made through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openApp, signedInWithChildren, signUpThroughApi, yearsAgo } from './support/journeys.ts';
import { logNote, observationItem, observationList } from './support/screens.ts';

/**
 * From now on the page counts the parent's interactions as it receives them (trusted events only):
 * each press of the pointer is one, and a run of keystrokes into the same field is one (typing).
 */
async function countInteractions(page: Page) {
  await page.evaluate(() => {
    const counter = { count: 0 };
    let typingInto: EventTarget | null = null;
    document.addEventListener(
      'pointerdown',
      (event) => {
        if (!event.isTrusted) return;
        counter.count += 1;
        typingInto = null;
      },
      true,
    );
    document.addEventListener(
      'keydown',
      (event) => {
        if (!event.isTrusted || event.target === typingInto) return;
        counter.count += 1;
        typingInto = event.target;
      },
      true,
    );
    Object.assign(window, { interactionCounter: counter });
  });
}

async function interactionsSeen(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { interactionCounter: { count: number } }).interactionCounter.count);
}

/** How many requests to a matching URL the page has sent since this was called. */
function countRequests(page: Page, url: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (url.test(request.url())) count += 1;
  });
  return () => count;
}

test('a new parent logs an observation in three interactions and sees it in the list and the chart', async ({ page }) => {
  await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }], '/observations');
  await expect(page.getByRole('heading', { level: 1, name: 'Observations' })).toBeVisible();
  await expect(page.getByText('No observations yet — note one thing you noticed today, big or small.')).toBeVisible();

  // The empty state leads to the quick capture.
  await page.getByRole('button', { name: 'Write the first note' }).click();
  const what = page.getByLabel('What happened');
  await expect(what).toBeFocused();

  // Counted by the page itself: click into "What happened", type, click Save. "When" is already
  // now, "Where" already home, so nothing else is needed, and one save request goes out.
  await countInteractions(page);
  const saves = countRequests(page, /\/api\/trpc\/[^?]*observations\.create/);
  await what.click();
  await page.keyboard.type('Read a whole page aloud without stopping');
  await page.getByRole('button', { name: 'Save observation' }).click();

  await expect(page.getByText('Observation saved', { exact: true }).first()).toBeVisible();
  expect(await interactionsSeen(page)).toBe(3);
  expect(saves()).toBe(1);
  const saved = observationItem(page, 'Read a whole page aloud without stopping');
  await expect(saved).toBeVisible();
  await expect(saved).toContainText('Today');
  await expect(saved).toContainText('Home');
  // The form is empty again with the cursor in it, ready for the next note.
  await expect(what).toHaveValue('');
  await expect(what).toBeFocused();
  await expect(page.getByText('No observations yet')).toHaveCount(0);
  // The weekly chart counts it as this week's concern (it was not marked a win).
  await expect(page.getByRole('img', { name: /This week: 0 wins and 1 concern\./ })).toBeVisible();
});

test('a parent filters to wins, searches, edits a note into a win, and deletes one after confirming', async ({ page }) => {
  test.setTimeout(90_000);
  // Three notes logged this week (saving one through the form is the test above).
  const parent = await signUpThroughApi(page, [{ firstName: 'Leo', dateOfBirth: yearsAgo(9) }]);
  await parent.post('/api/observations', { what: 'Tied his shoes by himself', isWin: true });
  await parent.post('/api/observations', { what: 'Meltdown at homework time' });
  await parent.post('/api/observations', { what: 'Long wait at the dentist, stayed calm' });
  await openApp(page, '/observations');
  await expect(observationList(page).locator(':scope > li')).toHaveCount(3);
  await expect(observationItem(page, 'Tied his shoes by himself').getByText('Win', { exact: true })).toBeVisible();
  await expect(observationItem(page, 'Meltdown at homework time').getByText('Win', { exact: true })).toHaveCount(0);

  // Wins only.
  await page.getByLabel('Wins only').check();
  await expect(observationItem(page, 'Meltdown at homework time')).toHaveCount(0);
  await expect(observationItem(page, 'Tied his shoes by himself')).toBeVisible();
  await page.getByLabel('Wins only').uncheck();
  await expect(observationItem(page, 'Meltdown at homework time')).toBeVisible();

  // Search (debounced) finds words anywhere in the note.
  await page.getByLabel('Search notes').fill('dentist');
  await expect(observationItem(page, 'Meltdown at homework time')).toHaveCount(0);
  await expect(observationItem(page, 'Long wait at the dentist, stayed calm')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(observationItem(page, 'Meltdown at homework time')).toBeVisible();

  // Edit: the dentist note was a win too, at the community setting.
  const dentist = observationItem(page, 'Long wait at the dentist, stayed calm');
  await dentist.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('form', { name: 'Edit observation' });
  await expect(edit.getByLabel('What happened')).toBeFocused();
  await edit.getByLabel('What happened').fill('Long wait at the dentist, stayed calm and read a book');
  await edit.getByRole('radio', { name: 'Community' }).check();
  await edit.getByRole('button', { name: 'This was a win' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Observation updated', { exact: true }).first()).toBeVisible();
  const edited = observationItem(page, 'stayed calm and read a book');
  await expect(edited).toContainText('Community');
  await expect(edited.getByText('Win', { exact: true })).toBeVisible();
  await page.getByLabel('Wins only').check();
  await expect(observationItem(page, 'stayed calm and read a book')).toBeVisible();
  await expect(observationList(page).locator(':scope > li')).toHaveCount(2);
  await page.getByLabel('Wins only').uncheck();

  // Delete asks first; "Keep it" keeps it.
  const meltdown = observationItem(page, 'Meltdown at homework time');
  await meltdown.getByRole('button', { name: /^Delete/ }).click();
  await expect(meltdown.getByText('Delete this observation? This cannot be undone.')).toBeVisible();
  await meltdown.getByRole('button', { name: 'Keep it' }).click();
  await expect(meltdown).toBeVisible();
  await meltdown.getByRole('button', { name: /^Delete/ }).click();
  await meltdown.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Observation deleted', { exact: true }).first()).toBeVisible();
  await expect(observationItem(page, 'Meltdown at homework time')).toHaveCount(0);
  await expect(observationList(page).locator(':scope > li')).toHaveCount(2);

  // The chart follows: two wins and no concerns this week.
  await expect(page.getByRole('img', { name: /This week: 2 wins and 0 concerns\./ })).toBeVisible();

  // Still there after a reload.
  await page.reload();
  await expect(observationItem(page, 'stayed calm and read a book')).toBeVisible();
  await expect(observationItem(page, 'Meltdown at homework time')).toHaveCount(0);
});

test('axe finds no accessibility violations on /observations, empty and with notes', async ({ page }) => {
  await signedInWithChildren(page, [{ firstName: 'Ava', dateOfBirth: yearsAgo(9) }], '/observations');
  await expect(page.getByText('No observations yet — note one thing you noticed today, big or small.')).toBeVisible();
  await expectNoAxeViolations(page, 'empty');

  await logNote(page, 'Shared her snack with a friend', { win: true });
  const form = page.getByRole('form', { name: 'Log an observation' });
  await form.getByLabel('What happened').fill('Upset when the plan changed');
  await form.getByRole('radio', { name: 'School' }).check();
  await form.getByRole('button', { name: /More details/ }).click();
  await form.getByLabel('What came before').fill('Assembly replaced art class');
  await form.getByRole('radio', { name: /^2/ }).check();
  await form.getByLabel(/^Tags/).fill('transitions,');
  await expect(form.getByRole('list', { name: 'Tags added' })).toContainText('transitions');
  await expectNoAxeViolations(page, 'quick capture with more details open');
  await form.getByRole('button', { name: 'Save observation' }).click();
  const upset = observationItem(page, 'Upset when the plan changed');
  await expect(upset).toContainText('School');
  await expect(upset).toContainText('Assembly replaced art class');
  await expect(upset).toContainText('transitions');
  await expect(page.getByRole('img', { name: /This week: 1 win and 1 concern\./ })).toBeVisible();
  await expectNoAxeViolations(page, 'with notes and the chart');

  await upset.getByRole('button', { name: /^Delete/ }).click();
  await expect(upset.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await expectNoAxeViolations(page, 'confirming a delete');
});
