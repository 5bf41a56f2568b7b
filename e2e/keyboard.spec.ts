/**
 * By keyboard alone, against the production build (issue 24, WCAG 2.2 AA): once a screen is open,
 * every step here is a key press. Each screen has its own title and a move puts focus on its heading
 * (2.4.2, 2.4.3); a select or a radio group only chooses, and a button saves (3.2.2); after a save,
 * focus is on what it produced, never on the page (2.4.3); a failed save stays beside its control;
 * toasts do not move when reduced motion is asked for; the guide's search keeps keys typed 5 ms
 * apart; Tab never strands focus in the PDF viewer, where Escape would not close the preview. Axe
 * checks the states reached.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ChildCreateInput } from '#shared/schemas/child.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signedInWithChildren, signUpThroughApiToOnboarding, yearsAgo } from './support/journeys.ts';

const MAYA: ChildCreateInput = { firstName: 'Maya', lastName: 'Lopez', dateOfBirth: yearsAgo(9), grade: '3', school: 'Lincoln Elementary' };

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `most` presses. */
async function tabTo(page: Page, target: Locator, { back = false, most = 60 } = {}) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached in ${most} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Records every CSS animation that starts inside a toast from now on. */
async function watchToastAnimations(page: Page) {
  await page.evaluate(() => {
    const started: string[] = [];
    (window as unknown as { toastAnimations: string[] }).toastAnimations = started;
    document.addEventListener('animationstart', (event) => {
      if (event.target instanceof Element && event.target.closest('[data-variant]')) started.push(event.animationName);
    });
  });
  return () => page.evaluate(() => (window as unknown as { toastAnimations: string[] }).toastAnimations);
}

test('each screen has its own title, and moving to another puts focus on its heading', async ({ page }) => {
  await signedInWithChildren(page, [MAYA]);
  await expect(page).toHaveTitle('Dashboard · Trelli');

  const nav = page.getByRole('navigation', { name: 'App' });
  const seen = new Set<string>();
  let back = false;
  for (const [link, title, heading] of [
    ['Observations', 'Observations · Trelli', 'Observations'],
    ['Progress planner', 'Progress planner · Trelli', 'Progress planner'],
    ['Roadmap', 'Roadmap · Trelli', 'Roadmap'],
    ['Vault', 'Document vault · Trelli', 'Document vault'],
    ['Settings', 'Settings · Trelli', 'Settings'],
    ['Guide', 'Guide · Trelli', 'Guide'],
  ] as const) {
    // From a screen's heading the navigation is behind; at first, ahead.
    await tabTo(page, nav.getByRole('link', { name: link, exact: true }), { back });
    back = true;
    await page.keyboard.press('Enter');
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
    seen.add(await page.title());
  }
  expect(seen.size).toBe(6);

  // An article is named by its own title.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search the guide' }));
  await page.keyboard.type('what an IEP is');
  await tabTo(page, page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: 'What an IEP is', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('What an IEP is · Trelli');
  await expect(page.getByRole('heading', { level: 1, name: 'What an IEP is' })).toBeFocused();
  await expectNoAxeViolations(page, 'an article reached by keyboard');
});

test('the public site gives each page its own title and moves focus into the new page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Trelli: track. plan. thrive.');
  const header = page.getByRole('banner');
  await tabTo(page, header.getByRole('link', { name: 'Features', exact: true }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveTitle('Features · Trelli');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('on the progress planner, choosing is not saving; after each save focus is on what it made', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const parent = await signedInWithChildren(page, [MAYA]);
  const goal = await parent.post<{ id: number }>('/api/goals', { area: 'reading', title: 'Read a page aloud', unit: 'words per minute' });
  await parent.post('/api/strategies', { title: 'Paired reading', effectiveness: 2 });
  await page.goto('/progress-planner');
  await expect(page.getByRole('heading', { level: 1, name: 'Progress planner' })).toBeVisible({ timeout: 20_000 });
  const toastAnimations = await watchToastAnimations(page);

  // One ArrowDown on the status chooses "Achieved" and saves nothing.
  const card = page.getByRole('article', { name: 'Read a page aloud' });
  const status = card.getByRole('combobox', { name: 'Status' });
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('achieved');
  await page.waitForTimeout(500);
  await expect(page.getByText('Goal achieved')).toHaveCount(0);
  const stored = await page.request.get(`/api/goals?childId=${parent.children[0]?.id}`, {
    headers: { authorization: `Bearer ${parent.token}` },
  });
  expect(((await stored.json()) as { id: number; status: string }[]).find((item) => item.id === goal.id)?.status).toBe('in-progress');

  // A failed save says so beside the select, and still does after the toast has gone.
  await page.route('**/api/trpc/goals.update**', (route) => route.abort());
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Save status' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByText(/The status did not change/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save status' })).toBeFocused();
  await page.waitForTimeout(5_500);
  await expect(card.getByText(/The status did not change/)).toBeVisible();
  await page.unroute('**/api/trpc/goals.update**');

  // Saved: the card moves to "Achieved", and focus goes with it.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Goal achieved', { exact: true }).first()).toBeVisible();
  const achieved = page.getByRole('region', { name: /^Achieved/ });
  await expect(achieved.getByRole('combobox', { name: 'Status' })).toBeFocused();
  await expect(achieved.getByRole('combobox', { name: 'Status' })).toHaveValue('achieved');
  // With reduced motion asked for, the toast came without sliding in.
  expect(await toastAnimations()).toEqual([]);

  // "Add progress" opens its form where focus is: the next key types the value.
  await tabTo(page, achieved.getByRole('button', { name: 'Add progress' }));
  await page.keyboard.press('Enter');
  await expect(achieved.getByLabel('Value (words per minute)')).toBeFocused();
  await page.keyboard.type('65');
  await page.keyboard.press('Enter');
  const recorded = achieved.getByText(/^Progress recorded: 65 words per minute on /);
  await expect(recorded).toBeFocused();
  await expectNoAxeViolations(page, 'a goal after a status change and a progress entry');

  // A new goal: focus goes to it once it is in the list.
  await tabTo(page, page.getByRole('button', { name: 'Add a goal' }), { back: true });
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Add a goal' });
  await tabTo(page, form.getByLabel('Area'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tie shoes alone');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 4, name: 'Tie shoes alone' })).toBeFocused();

  // The rating: arrows choose stars, "Save rating" saves them.
  const strategy = page.getByRole('article', { name: 'Paired reading' });
  await tabTo(page, strategy.getByRole('radio', { checked: true }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(strategy.getByRole('radio', { name: /^Works well/ })).toBeChecked();
  await page.waitForTimeout(500);
  await expect(page.getByText('Rating saved')).toHaveCount(0);
  await tabTo(page, strategy.getByRole('button', { name: 'Save rating' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rating saved', { exact: true }).first()).toBeVisible();
  await expect(strategy.getByRole('radio', { name: /^Works well/ })).toBeFocused();
  await expect(strategy.getByRole('button', { name: 'Save rating' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the planner after keyboard saves');
});

test('in Settings, a new invitation and a started export take focus', async ({ page }) => {
  await signedInWithChildren(page, [MAYA], '/settings');
  const email = page.getByLabel('Their email address');
  await tabTo(page, email);
  await page.keyboard.type('grandma@example.com');
  await tabTo(page, page.getByRole('button', { name: 'Create invitation' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invitation for grandma@example.com is ready. Send them this link yourself.')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Invitation link')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Done' }));
  await page.keyboard.press('Enter');
  await expect(email).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Download my data' }));
  await page.keyboard.press('Enter');
  const exportStatus = page.getByRole('region', { name: 'Your data' }).getByRole('status').first();
  await expect(exportStatus).toBeFocused();
  await expect(exportStatus).toContainText(/Preparing your data|Your data is ready/);
  await expectNoAxeViolations(page, 'Settings after an invitation and an export');
});

test('a letter downloads by keyboard: the button keeps focus and the page says what was downloaded', async ({ page }) => {
  await signedInWithChildren(page, [MAYA], '/guide/templates/request-for-an-evaluation');
  await expect(page).toHaveTitle('Request for an evaluation · Trelli');
  const button = page.getByRole('button', { name: 'Download PDF' });
  await tabTo(page, button);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect((await readFile(await download.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded Request for an evaluation - Maya.pdf.' })).toBeVisible();
  await expect(button).toBeFocused();
});

test('the guide’s search keeps every key typed 5 ms apart, in order', async ({ page }) => {
  await signedInWithChildren(page, [MAYA], '/guide');
  const search = page.getByRole('searchbox', { name: 'Search the guide' });
  await tabTo(page, search);
  const typed = 'requesting an evaluation for dyslexia';
  await page.keyboard.type(typed, { delay: 5 });
  await expect(search).toHaveValue(typed);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(typed).replaceAll('%20', '(\\+|%20)')}`));
  for (let presses = 0; presses < 10; presses += 1) await page.keyboard.press('Backspace', { delay: 5 });
  await expect(search).toHaveValue(typed.slice(0, -10));
});

test('Escape closes the PDF preview: Tab never strands focus inside the browser’s viewer', async ({ page }) => {
  const parent = await signedInWithChildren(page, [MAYA]);
  const pdf = await readFile(path.resolve(import.meta.dirname, '../tests/fixtures/documents/iep-sample.pdf'));
  const uploaded = await page.request.post(`/api/documents?childId=${parent.children[0]?.id}`, {
    headers: { authorization: `Bearer ${parent.token}` },
    multipart: { category: 'iep', file: { name: 'iep-sample.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(uploaded.ok()).toBe(true);
  await page.goto('/vault');
  const preview = page.getByRole('button', { name: /^Preview/ }).first();
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await tabTo(page, preview);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('iframe')).toBeVisible();
  await page.waitForTimeout(1_000);
  // Round the dialog twice: the viewer's frame, where Escape would be lost, is never where focus lands.
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
  }
  await expect(dialog.getByRole('link', { name: /Open in a new tab/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(preview).toBeFocused();
});

test('the child switcher chooses with the arrow keys and switches only at its button', async ({ page }) => {
  await signedInWithChildren(page, [MAYA, { firstName: 'Leo', dateOfBirth: yearsAgo(6) }]);
  const card = page
    .getByRole('region', { name: /.+/ })
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .first();
  await expect(card.getByRole('heading', { level: 2, name: /Maya/ })).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Child' });
  await tabTo(page, switcher);
  await page.keyboard.press('ArrowDown');
  await expect(switcher).toHaveValue(/\d+/);
  await page.waitForTimeout(500);
  await expect(card.getByRole('heading', { level: 2, name: /Maya/ })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Switch to Leo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('heading', { level: 2, name: /Leo/ })).toBeVisible();
  await expect(switcher).toBeFocused();
  await expectNoAxeViolations(page, 'the dashboard after switching child by keyboard');
});

test('creating the first profile by keyboard lands focus on the dashboard’s heading', async ({ page }) => {
  await signUpThroughApiToOnboarding(page);
  await expect(page).toHaveTitle('Tell us about your child · Trelli');
  await tabTo(page, page.getByLabel('First name'));
  await page.keyboard.type('Maya');
  await tabTo(page, page.getByLabel('Date of birth'));
  // The date field takes its parts in the browser's order (en-US: month, day, year).
  await page.keyboard.type('05022017');
  await expect(page.getByLabel('Date of birth')).toHaveValue('2017-05-02');
  // Enter in a field goes on, as the Next button does; each step puts focus on its heading.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  for (const step of ['Step 3 of 4', 'Step 4 of 4']) {
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(step)).toBeVisible();
  }
  await tabTo(page, page.getByRole('button', { name: 'Create profile' }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/app');
  await expect(page).toHaveTitle('Dashboard · Trelli');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
});
