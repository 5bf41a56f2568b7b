/**
 * /snapshots and the shared page in every state a parent or a reader reaches, on a phone (390 px) and
 * at 320 px (WCAG 1.4.10: no sideways scrolling): the first run, loading, the server failing and the
 * connection gone (each says so and recovers), the longest child name and section wording, the share
 * dialog before and after the link is made, a viewer's view (no control that changes anything), an
 * expired link's sentence; axe on each. Then a snapshot made, a section moved and saved by keyboard
 * alone, focus visible throughout.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHILD_LIMITS } from '#shared/schemas/child.ts';
import { SNAPSHOT_LIMITS } from '#shared/schemas/snapshot.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { viewerOf } from './support/caregivers.ts';
import { openApp, signUpThroughApi, watchConsole, yearsAgo } from './support/journeys.ts';
import { expectFocusShown, tabTo } from './support/keyboard.ts';
import { editorHeading, fullRecord, sharedSnapshot } from './support/snapshots.ts';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const MAYA = { firstName: 'Maya', dateOfBirth: yearsAgo(9) };

/** `length` characters without a break: `label`, then letters. */
function unbroken(label: string, length: number): string {
  return (label + 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(length / 26))).slice(0, length);
}

/** The page is no wider than the window. */
async function expectNoSideways(page: Page, state: string) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${state}: ${widths.page} px wide in a ${widths.window} px window`).toBeLessThanOrEqual(widths.window);
}

/** The state on a phone (with axe) and at 320 px: no sideways scrolling. */
async function checkState(page: Page, state: string, { axe = true } = {}) {
  await page.setViewportSize(PHONE);
  await expectNoSideways(page, `${state} (390 px)`);
  if (axe) await expectNoAxeViolations(page, `${state} (390 px)`);
  await page.setViewportSize(NARROW);
  await expectNoSideways(page, `${state} (320 px)`);
  await page.setViewportSize(PHONE);
}

/** The tRPC calls of the snapshots screen only, its smart forms section's included (the app shell's own calls still answer). */
const SCREEN_ROUTERS = ['snapshots.', 'forms.', 'formResponses.'];
const screenCalls = (url: URL) =>
  url.pathname.startsWith('/api/trpc/') &&
  url.pathname
    .slice('/api/trpc/'.length)
    .split(',')
    .every((procedure) => SCREEN_ROUTERS.some((router) => procedure.startsWith(router)));

test.describe('on a phone and at 320 px', () => {
  test.use({ viewport: PHONE });

  test('first run, loading, a failing server and no connection: each says so, fits, and recovers', async ({ page, context }) => {
    test.setTimeout(90_000);
    const parent = await signUpThroughApi(page, [MAYA]);
    // Loading: the list's answer is held until the spinner has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/trpc\/[^?]*snapshots\.list/, async (route) => {
      await held;
      await route.continue();
    });
    await openApp(page, '/snapshots');
    await expect(page.getByText('Loading the snapshots')).toBeVisible();
    await checkState(page, 'loading', { axe: false });
    release();
    const firstRun = page.getByRole('heading', { level: 2, name: 'Maya on one page' });
    await expect(firstRun).toBeVisible();
    await page.unrouteAll();
    await checkState(page, 'first run');

    // The server failing: the screen's calls answer 500, then Try again once it is back.
    await page.route(screenCalls, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) }),
    );
    await page.reload();
    const failed = page.getByText('We could not load the snapshots just now. Please check your connection and try again.');
    await expect(failed).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('We could not load the share links just now.')).toBeVisible({ timeout: 20_000 });
    await checkState(page, 'the server failing');
    await page.unroute(screenCalls);
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await tryAgain.first().click();
    await expect(firstRun).toBeVisible();
    await expect(failed).toHaveCount(0);
    // The links, the forms and their answers each failed on their own and each comes back with its Try again.
    await expect(async () => {
      if ((await tryAgain.count()) > 0) await tryAgain.first().click();
      expect(await tryAgain.count()).toBe(0);
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText('No link is open. Share a snapshot to make one.')).toBeVisible();

    // No connection: a snapshot opened offline waits, says so, and shows once back.
    await parent.post('/api/snapshots', { audience: 'sitter' });
    await parent.post('/api/snapshots', { audience: 'doctor' });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Maya’s snapshots' }).getByRole('article')).toHaveCount(2);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Open Sitter or relative snapshot' }).click();
    await expect(page.getByText("You're offline. The snapshot will show when you're back online.")).toBeVisible();
    await checkState(page, 'a snapshot opened offline');
    await context.setOffline(false);
    await expect(editorHeading(page, 'Sitter or relative snapshot')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preview' })).toBeVisible();
    await checkState(page, 'the snapshot open');
  });

  test('the shared page loading, offline, failing and expired: each says so, fits, and recovers', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const parent = await fullRecord(page);
    const { link } = await sharedSnapshot(parent, { audience: 'teacher' });
    const reader = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'UTC' });
    const shared = await reader.newPage();
    const view = /\/api\/shared\/snapshot$/;
    const document = shared.getByRole('article', { name: 'Teacher snapshot' });

    // Loading, then the connection lost on the way: the page says so, and loads once back online.
    let release = (_how: 'offline' | 'failing' | 'expired' | 'continue') => {};
    const holdNext = () => {
      const held = new Promise<'offline' | 'failing' | 'expired' | 'continue'>((resolve) => (release = resolve));
      return shared.route(
        view,
        async (route) => {
          const how = await held;
          if (how === 'offline') await route.abort('internetdisconnected');
          else if (how === 'failing') await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
          else if (how === 'expired')
            // The server's answer for a link whose end has passed: tests/integration/snapshots.test.ts moves the
            // clock to get it; the e2e server's clock cannot be moved, so this is that answer, word for word.
            await route.fulfill({
              status: 410,
              contentType: 'application/json',
              body: JSON.stringify({
                error: { code: 'GONE', message: 'This link expired on Monday, March 2, 2026. Ask the person who sent it for a new one.' },
              }),
            });
          else await route.continue();
        },
        { times: 1 },
      );
    };
    await holdNext();
    await shared.goto(link);
    await expect(shared.getByText('Opening the snapshot...')).toBeVisible();
    await checkState(shared, 'the shared page loading', { axe: false });
    await reader.setOffline(true);
    release('offline');
    await expect(shared.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(shared.getByRole('alert')).toHaveText('You are offline. The snapshot will load when your connection is back.');
    await checkState(shared, 'the shared page offline');
    await reader.setOffline(false);
    await expect(document.getByRole('heading', { level: 1 })).toBeVisible();
    await checkState(shared, 'the shared page');

    // The server failing: Try again.
    await holdNext();
    await shared.reload();
    release('failing');
    await expect(shared.getByRole('alert')).toHaveText('Something went wrong while opening this snapshot. Please try again.');
    await checkState(shared, 'the shared page, the server failing');
    await shared.getByRole('button', { name: 'Try again' }).click();
    await expect(document.getByRole('heading', { level: 1 })).toBeVisible();

    // Expired: the server's sentence, and no Try again.
    await holdNext();
    await shared.reload();
    release('expired');
    await expect(shared.getByRole('heading', { level: 1, name: 'This snapshot did not open' })).toBeVisible();
    await expect(shared.getByRole('alert')).toHaveText(/^This link expired on .+\. Ask the person who sent it for a new one\.$/);
    await expect(shared.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await checkState(shared, 'the shared page, the link expired');
    await reader.close();
  });

  test('the longest name and wording, the share dialog before and after the link: each fits and reads', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const firstName = unbroken('Maximiliana', CHILD_LIMITS.firstName);
    const title = unbroken('Title', SNAPSHOT_LIMITS.title);
    const wording = `${unbroken('Wording', 300)}\n\n${'A long paragraph in the parent’s own words. '.repeat(38)}`.slice(
      0,
      SNAPSHOT_LIMITS.sectionText,
    );
    const parent = await fullRecord(page, { firstName });
    const { link } = await sharedSnapshot(parent, {
      audience: 'teacher',
      title,
      sections: [
        { key: 'strengths', visible: true, text: wording },
        { key: 'about', visible: true },
      ],
    });
    await openApp(page, '/snapshots');
    await page.getByRole('button', { name: `Open ${title}` }).click();
    await expect(editorHeading(page, title)).toBeFocused();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText(unbroken('Wording', 300));
    await page.getByRole('button', { name: 'Edit wording (What people like and admire about me)' }).click();
    await expect(page.getByLabel(/^Your wording for/)).toHaveValue(wording.trim());
    await checkState(page, 'the longest name and wording, the wording open');

    await page.getByRole('button', { name: 'Share by link' }).click();
    await expect(page.getByRole('heading', { name: `Share “${title}”` })).toBeFocused();
    await checkState(page, 'the share dialog');
    await page.getByLabel('Days the link opens').fill('31');
    await page.getByRole('button', { name: 'Make the link' }).click();
    await expect(page.getByLabel('Days the link opens')).toHaveAttribute('aria-invalid', 'true');
    await checkState(page, 'the share dialog, 31 days refused');
    await page.getByLabel('Days the link opens').fill('30');
    await page.getByRole('button', { name: 'Make the link' }).click();
    await expect(page.getByLabel('Share link', { exact: true })).toHaveValue(/\/snapshots\/view#/);
    await checkState(page, 'the share dialog, the link made');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('region', { name: 'Open share links' }).getByRole('article')).toHaveCount(2);
    await checkState(page, 'two open links with the longest title');

    const reader = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'UTC' });
    const shared = await reader.newPage();
    await shared.goto(link);
    await expect(shared.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
    await expect(shared.getByRole('main')).toContainText(unbroken('Wording', 300));
    await checkState(shared, 'the shared page, the longest name and wording');
    await reader.close();
    expect(errors).toEqual([]);
  });

  test('a viewer reads and downloads, and finds no control that changes a snapshot or shares it', async ({ page, browser }) => {
    const parent = await fullRecord(page);
    await parent.post('/api/snapshots', { audience: 'teacher' });
    const viewer = await viewerOf(browser, parent, PHONE);
    await openApp(viewer, '/snapshots');
    await expect(viewer.getByText('You can view Maya’s record but not change it.', { exact: false })).toBeVisible();
    await viewer.getByRole('button', { name: 'Open Teacher snapshot' }).click();
    await expect(viewer.getByRole('region', { name: 'Preview' })).toContainText('Creative storyteller');
    await expect(viewer.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    const changing = /^(New snapshot|Start a snapshot|Save snapshot|Edit wording|Move (up|down)|Share by link|Delete|Turn off)/;
    await expect(viewer.getByRole('button', { name: changing })).toHaveCount(0);
    await expect(viewer.getByRole('checkbox')).toHaveCount(0);
    await expect(viewer.getByRole('heading', { name: 'Open share links' })).toHaveCount(0);
    await checkState(viewer, 'a viewer’s view');
    await viewer.context().close();
  });
});

test('by keyboard alone: a teacher snapshot made, People to call moved up, saved', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await fullRecord(page);
  await openApp(page, '/snapshots');
  const keys = page.keyboard;

  await tabTo(page, page.getByRole('button', { name: 'Start a snapshot for Teacher' }));
  await keys.press('Enter');
  const heading = editorHeading(page, 'Teacher snapshot');
  await expectFocusShown(heading);

  const up = page.getByRole('button', { name: 'Move up (People to call)' });
  await tabTo(page, up);
  await expectFocusShown(up);
  await keys.press('Enter');
  await expect(page.getByText('People to call moved up: 6 of 9.')).toBeAttached();
  await expectFocusShown(up);
  const preview = page.getByRole('region', { name: 'Preview' });
  const order = ['What is hard, and what to do then', 'Goals and progress', 'People to call', 'Support plan'];
  await expect(preview.getByRole('heading').filter({ hasText: /^(What is hard|Goals|People|Support)/ })).toHaveText(order);

  await tabTo(page, page.getByRole('button', { name: 'Save snapshot' }));
  await expectFocusShown(page.getByRole('button', { name: 'Save snapshot' }));
  await keys.press('Enter');
  await expect(page.getByText('Snapshot saved', { exact: true })).toBeVisible();
  await expect(page.getByText('You have changes that are not saved.')).toHaveCount(0);

  // Saved: a fresh load opens it with People to call where it was moved.
  await openApp(page, '/snapshots');
  const open = page.getByRole('button', { name: 'Open Teacher snapshot' });
  await tabTo(page, open);
  await expectFocusShown(open);
  await keys.press('Enter');
  await expectFocusShown(heading);
  await expect(preview.getByRole('heading').filter({ hasText: /^(What is hard|Goals|People|Support)/ })).toHaveText(order);
  await expectNoAxeViolations(page, 'after the keyboard journey');
});
