/**
 * Trelli on a phone (390 x 844) and by keyboard: the goal page fits the screen with readable chart
 * text, every screen is one tap away in the app's menu, the "?" help opens with a tap (and still
 * waits for a resting mouse on a desktop), each shell starts with a skip link, and a signed-out
 * visit logs no error.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Goal } from '#shared/schemas/goal.ts';
import { isoDaysFromNow, openApp, signedInWithChildren, signUpThroughApi, yearsAgo } from './support/journeys.ts';

const PHONE = { width: 390, height: 844 };
const NAV_LABELS = [
  'Dashboard',
  'Observations',
  'Progress planner',
  'Roadmap',
  'Snapshots',
  'Forms',
  'Vault',
  'Reimbursements',
  'Guide',
  'Settings',
];

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test("the goal page fits the screen, the chart's text is readable and its labels are clear of the data", async ({ page }) => {
    const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }]);
    const goal = await parent.post<Goal>('/api/goals', {
      area: 'reading',
      title: 'Read a page aloud fluently, with expression, every evening',
      baseline: 60,
      target: 90,
      unit: 'words per minute',
    });
    // The data line runs just above the baseline, where its label used to sit.
    for (const [days, value] of [
      [-14, 61],
      [-7, 63],
      [0, 62],
    ] as const) {
      await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(days), value });
    }
    await openApp(page, `/progress-planner?goal=${goal.id}`);
    const chart = page.getByRole('img', { name: /words per minute over time/ });
    await expect(chart).toBeVisible();

    expect(await pageScrollsSideways(page)).toBe(false);

    const texts = await chart.locator('text').evaluateAll((elements) =>
      elements.map((element) => {
        const { height, left, right, top, bottom } = element.getBoundingClientRect();
        return { text: element.textContent ?? '', height, left, right, top, bottom };
      }),
    );
    expect(texts.length).toBeGreaterThan(4);
    for (const text of texts) expect(text.height, `"${text.text}" is ${text.height} px tall`).toBeGreaterThanOrEqual(10);

    const points = await chart.locator('circle').evaluateAll((elements) =>
      elements.map((element) => {
        const { left, right, top, bottom } = element.getBoundingClientRect();
        return { left, right, top, bottom };
      }),
    );
    expect(points).toHaveLength(3);
    const labels = texts.filter((text) => /^(Baseline|Target) /.test(text.text));
    expect(labels.map((label) => label.text).sort()).toEqual(['Baseline 60', 'Target 90']);
    for (const label of labels) {
      for (const point of points) {
        const overlaps = label.left < point.right && point.left < label.right && label.top < point.bottom && point.top < label.bottom;
        expect(overlaps, `${label.text} over a point`).toBe(false);
      }
    }
  });

  test('the menu shows every screen after one tap and marks the current one', async ({ page }) => {
    await signedInWithChildren(page, [{ firstName: 'Leo', dateOfBirth: yearsAgo(7) }], '/progress-planner');
    const nav = page.getByRole('navigation', { name: 'App' });
    const menu = nav.getByRole('button', { name: /^Menu/ });
    // Closed, the button already says where the parent is.
    await expect(menu).toBeInViewport();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toContainText('Progress planner');

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const label of NAV_LABELS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Progress planner', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    expect(await pageScrollsSideways(page)).toBe(false);

    // Choosing a screen goes there and closes the menu.
    await nav.getByRole('link', { name: 'Roadmap', exact: true }).click();
    await page.waitForURL('**/roadmap');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toContainText('Roadmap');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeHidden();

    // Escape closes it too, and gives focus back to the button.
    await menu.click();
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Settings', exact: true })).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

/**
 * The controls a finger taps on each screen shorter than 44 px: buttons, the choice and tag chips
 * and the guide's theme chips. A button inside a sentence is left out (WCAG 2.5.8 exempts inline
 * targets), and so are the parts of a control (a switch's track inside its labelled row).
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const targets = document.querySelectorAll<HTMLElement>(
      'main button, main label:has(> input[type=radio]), main label:has(> input[type=checkbox]), nav a, header button',
    );
    return [...targets]
      .filter((element) => element.checkVisibility() && !element.closest('p, .sr-only'))
      .map((element) => ({ element, height: element.getBoundingClientRect().height }))
      .filter(({ height }) => height < 44)
      .map(
        ({ element, height }) =>
          `${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}: ${Math.round(height)} px`,
      );
  });
}

test.describe('on a phone, by finger', () => {
  test.use({ viewport: PHONE });

  test('every button and chip is at least 44 px tall', async ({ page }) => {
    const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9), supportPlan: 'iep' }]);
    await parent.post('/api/observations', { what: 'Read two pages before bed', isWin: true, tags: ['reading', 'bedtime'] });
    const goal = await parent.post<Goal>('/api/goals', { area: 'reading', title: 'Read aloud fluently', baseline: 60, target: 90 });
    await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(-3), value: 64 });
    await parent.post('/api/milestones/generate', {});
    const found: string[] = [];
    for (const [path, open] of [
      ['/app', null],
      ['/app', (p: Page) => p.getByRole('navigation', { name: 'App' }).getByRole('button', { name: /^Menu/ }).click()],
      [
        '/observations',
        (p: Page) =>
          p
            .getByRole('form', { name: 'Log an observation' })
            .getByRole('button', { name: /More details/ })
            .click(),
      ],
      ['/progress-planner', null],
      [`/progress-planner?goal=${goal.id}`, null],
      ['/roadmap', null],
      ['/guide', null],
      ['/guide/templates/parent-concerns-statement', null],
      ['/settings', null],
    ] as const) {
      await openApp(page, path);
      await page.waitForLoadState('networkidle');
      if (open) await open(page);
      found.push(...(await smallTargets(page)).map((target) => `${path}: ${target}`));
    }
    expect(found).toEqual([]);
  });
});

test.describe('the beta page on a phone', () => {
  test.use({ viewport: PHONE });

  // Issue 24: "Continue" was 2.5 screens down, under a header that said "Sign In" to a parent who had just signed up.
  test('shows "Continue to Trelli" on the first screen, and no Sign In', async ({ page }) => {
    await page.goto('/beta-access?from=%2Fapp');
    const next = page.getByRole('button', { name: 'Continue to Trelli' });
    await expect(next).toBeEnabled();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(next).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });
});

test.describe('with a finger', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a tap on a "?" shows its explanation, and a second tap hides it', async ({ page }) => {
    await signedInWithChildren(page, [{ firstName: 'Ava', dateOfBirth: yearsAgo(10) }]);
    const help = page.getByRole('button', { name: 'How observations this week is counted' });
    await help.tap();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText('Weeks run Monday to Sunday. The small bars compare this week with last week.');
    await help.tap();
    await expect(tooltip).toHaveCount(0);
  });
});

test('on a desktop a "?" opens only once the mouse rests on it (SPEC: 700 ms)', async ({ page }) => {
  await signedInWithChildren(page, [{ firstName: 'Sam', dateOfBirth: yearsAgo(8) }]);
  const help = page.getByRole('button', { name: 'How observations this week is counted' });
  await help.hover();
  const hoveredAt = Date.now();
  const tooltip = page.getByRole('tooltip');
  await page.waitForTimeout(350);
  await expect(tooltip).toHaveCount(0);
  await expect(tooltip).toHaveText(/Weeks run Monday to Sunday/);
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(650);
});

test.describe('the skip link', () => {
  test('is the first stop on the app and moves focus to the screen', async ({ page }) => {
    await signedInWithChildren(page, [{ firstName: 'Noor', dateOfBirth: yearsAgo(10) }]);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('is the first stop on the public site and moves focus to the page', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
