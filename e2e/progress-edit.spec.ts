/**
 * Correcting a progress entry on a goal's page against the production build: Edit opens the entry in
 * place, a day after today is refused with the server's words, a fixed value and day are saved and
 * shown; Cancel leaves the entry as it was and gives focus back; axe finds nothing on the open form.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openApp, signUpThroughApi, yearsAgo } from './support/journeys.ts';

/** The parent's (the browser's) calendar day `days` from today, as YYYY-MM-DD. */
function localDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('a parent corrects a mistyped progress entry', async ({ page }) => {
  test.setTimeout(90_000);
  const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }]);
  const goal = await parent.post<{ id: number }>('/api/goals', { area: 'reading', title: 'Read a page aloud', unit: 'words' });
  await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: localDay(-3), value: 27, note: 'Tired' });
  await openApp(page, `/progress-planner?goal=${goal.id}`);

  const entries = page.getByRole('region', { name: 'Entries' });
  await expect(entries.getByText('27 words')).toBeVisible();
  const edit = entries.getByRole('button', { name: /^Edit the .+ entry$/ });
  // Each entry's buttons say which entry they act on.
  await expect(entries.getByRole('button', { name: /^Delete entry: .+$/ })).toBeVisible();

  // Cancel leaves it as it was, with focus back on Edit.
  await edit.click();
  const form = entries.getByRole('form', { name: /^Edit the .+ entry$/ });
  await expect(form.getByLabel('Value (words)')).toBeFocused();
  await form.getByLabel('Value (words)').fill('99');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(entries.getByText('27 words')).toBeVisible();
  await expect(edit).toBeFocused();

  await edit.click();
  await expect(form.getByLabel('Date', { exact: true })).toHaveAttribute('max', localDay(0));
  await expectNoAxeViolations(page, 'editing a progress entry');

  // A day after today is refused before anything is sent.
  await form.getByLabel('Value (words)').fill('72');
  await form.getByLabel('Date', { exact: true }).fill(localDay(1));
  await form.getByRole('button', { name: 'Save entry' }).click();
  await expect(form.getByText('This is in the future. When did it happen?')).toBeVisible();
  await expect(form.getByLabel('Date', { exact: true })).toBeFocused();

  await form.getByLabel('Date', { exact: true }).fill(localDay(-2));
  await form.getByLabel(/^Note/).fill('Read to grandma');
  await form.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByText('Entry saved', { exact: true }).first()).toBeVisible();
  await expect(form).toBeHidden();
  await expect(entries.getByText('72 words')).toBeVisible();
  await expect(entries.getByText(/Read to grandma/)).toBeVisible();
  await expect(entries.getByText('27 words')).toBeHidden();

  // The server has it too: a fresh load shows the corrected entry.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Entries' }).getByText('72 words')).toBeVisible({ timeout: 20_000 });
});
