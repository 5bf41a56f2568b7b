/**
 * Settings, "Your data": a parent downloads everything as one ZIP (progress, then a download that
 * expires in 24 hours; the ZIP opened and its contents checked), then deletes the account by typing
 * DELETE and can no longer sign in; the section on a phone; axe on each state.
 */
import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillCredentials, signedInWithChildren, watchConsole, yearsAgo } from './support/journeys.ts';

const PHONE = { width: 390, height: 844 };
/** Settings also holds other sections; axe is run on this one. */
const SECTION = '#your-data';

/** The names and bytes of a small ZIP's entries (central directory; stored or deflated). */
function unzip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  const entries = new Map<string, Buffer>();
  let offset = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index += 1) {
    const method = zip.readUInt16LE(offset + 10);
    const compressed = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const skip = nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    offset += 46 + skip;
  }
  return entries;
}

test('a parent downloads all their data as a ZIP, then deletes their account and cannot sign in again', async ({ page }) => {
  test.setTimeout(60_000);
  const consoleErrors = watchConsole(page);
  const parent = await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }], '/settings');
  await parent.post('/api/observations', { what: '=1+1 looks like a formula', isWin: true });

  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expectNoAxeViolations(page, 'your data, nothing exported yet', SECTION);
  await section.getByRole('button', { name: 'Download my data' }).click();

  // Progress while the file is prepared, then the download, which says how long it lasts.
  const download = section.getByRole('button', { name: /^Download trelli-export-\d{4}-\d{2}-\d{2}\.zip$/ });
  await expect(download).toBeVisible({ timeout: 20_000 });
  await expect(section.getByRole('status')).toContainText(/Your data is ready \(.+\)\. The download link works for 24 hours, until /);
  await expectNoAxeViolations(page, 'your data, export ready', SECTION);
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toMatch(/^trelli-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = unzip(await readFile((await saved.path()) as string));
  expect([...entries.keys()]).toEqual(expect.arrayContaining(['README.txt', 'data.json', 'children.csv', 'observations.csv']));
  const data = JSON.parse((entries.get('data.json') as Buffer).toString('utf8'));
  expect(data.account.email).toBe(parent.email);
  expect(data.records.children.map((child: { firstName: string }) => child.firstName)).toEqual(['Maya']);
  expect((entries.get('observations.csv') as Buffer).toString('utf8')).toContain("'=1+1 looks like a formula");

  // Deleting asks for the word first.
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const confirm = section.getByLabel('Type DELETE to confirm');
  const forever = section.getByRole('button', { name: 'Delete my account forever' });
  await expect(forever).toBeDisabled();
  await confirm.fill('delete');
  await expect(forever).toBeDisabled();
  await expectNoAxeViolations(page, 'your data, confirming the deletion', SECTION);
  await confirm.fill('DELETE');
  await forever.click();
  await page.waitForURL((url) => url.pathname === '/');
  // The page it lands on says what happened.
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted' })).toBeVisible();

  // The account is gone: signing in fails, and the old token is refused.
  await page.goto('/sign-in');
  await fillCredentials(page, parent.email);
  await expect(page.getByText('Email or password is incorrect')).toBeVisible();
  const refused = await page.request.get('/api/children', { headers: { authorization: `Bearer ${parent.token}` } });
  expect(refused.status()).toBe(401);
  expect(consoleErrors.filter((line) => !line.includes('401'))).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the section fits the screen and its buttons can be reached', async ({ page }) => {
    await signedInWithChildren(page, [{ firstName: 'Leo', dateOfBirth: yearsAgo(7) }], '/settings');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.scrollIntoViewIfNeeded();
    const start = section.getByRole('button', { name: 'Download my data' });
    await expect(start).toBeVisible();
    // Nothing in the section is wider than the section itself, and its buttons fit the phone's width.
    expect(await section.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const button = await start.boundingBox();
    expect(button?.width ?? Infinity).toBeLessThan(PHONE.width - 40);
    await start.click();
    await expect(section.getByRole('button', { name: /^Download trelli-export-/ })).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'your data on a phone', SECTION);
  });
});
