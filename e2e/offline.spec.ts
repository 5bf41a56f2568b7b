/**
 * Losing the connection while writing: a note saved offline is kept in the form, the form says it
 * will be saved when the connection is back (no spinner that never stops), and it then appears in
 * the list once. Leaving the page with unsaved text makes the browser ask first.
 */
import { expect, test } from '@playwright/test';
import { openApp, signUpThroughApi, yearsAgo } from './support/journeys.ts';
import { observationItem, observationList } from './support/screens.ts';

test('a note saved offline is kept, said to wait, and saved exactly once when the connection is back', async ({ page, context }) => {
  const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }]);
  await parent.post('/api/observations', { what: 'Read a page aloud' });
  await openApp(page, '/observations');
  await expect(observationList(page).locator(':scope > li')).toHaveCount(1);

  const form = page.getByRole('form', { name: 'Log an observation' });
  const what = form.getByLabel('What happened');
  const save = form.getByRole('button', { name: 'Save observation' });
  const note = 'Tied his shoes alone on the first try';
  // Screen readers hear the notice from a status region; the same words are on screen.
  const notice = form.getByRole('status').filter({ hasText: "You're offline" });
  await what.fill(note);

  await context.setOffline(true);
  await expect(notice).toHaveText("You're offline. Your note stays here; saving it waits until you're back online.");
  await save.click();
  const waiting = "You're offline. Your note is kept here and will be saved when you're back online.";
  await expect(notice).toHaveText(waiting);
  await expect(form.getByText(waiting).last()).toBeVisible();
  // Waiting, not working: no spinner, and the note cannot change or be sent twice meanwhile.
  await expect(save).toBeDisabled();
  await expect(save).not.toHaveAttribute('aria-busy', 'true');
  await expect(save.getByText('Working')).toHaveCount(0);
  await expect(what).toHaveValue(note);
  await expect(what).toBeDisabled();

  await context.setOffline(false);
  await expect(observationItem(page, note)).toHaveCount(1);
  await expect(page.getByText('Observation saved', { exact: true }).first()).toBeVisible();
  await expect(what).toHaveValue('');
  await expect(what).toBeEnabled();
  await expect(form.getByText("You're offline")).toHaveCount(0);
  await expect(observationList(page).locator(':scope > li')).toHaveCount(2);

  // The server has it once too (a reload reads the list afresh).
  await page.reload();
  await expect(observationItem(page, note)).toHaveCount(1);
  await expect(observationList(page).locator(':scope > li')).toHaveCount(2);
});

test('leaving the page with unsaved text makes the browser ask first; with nothing unsaved it does not', async ({ page }) => {
  const parent = await signUpThroughApi(page, [{ firstName: 'Leo', dateOfBirth: yearsAgo(7) }]);
  await parent.post('/api/observations', { what: 'Built a tower' });
  await openApp(page, '/observations');
  const what = page.getByRole('form', { name: 'Log an observation' }).getByLabel('What happened');

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });

  // Typed and taken back: nothing unsaved, so a reload goes ahead without a question (the click
  // and keys give the page the user activation the browser needs before it would ask).
  await what.click();
  await page.keyboard.type('x');
  await page.keyboard.press('Backspace');
  await page.reload();
  await expect(what).toBeVisible();
  expect(dialogs).toEqual([]);

  await what.click();
  await page.keyboard.type('Asked for help with the zip');
  // Dismissing the question keeps the page and the text.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(what).toHaveValue('Asked for help with the zip');
});
