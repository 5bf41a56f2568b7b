/**
 * The API reference at /api/docs against the production build: Redoc renders the live OpenAPI
 * document, every request stays on this origin, nothing breaks the page's CSP, search works, the page
 * leads back home, it still points to the document when the viewer's script cannot load, and axe.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support/journeys.ts';

/** Every request that leaves this origin, and every answer of 400 or more. */
function watchTraffic(page: Page, origin: string) {
  const offOrigin: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    // blob: URLs carry the origin that made them (the search worker's).
    if (new URL(request.url()).origin !== origin) offOrigin.push(request.url());
  });
  page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()}: ${response.status()}`);
  });
  return { offOrigin, failed };
}

/**
 * Redoc's own markup breaks two rules that none of its options change; on those nodes only contrast is
 * held against them, so their colours stay covered:
 * - heading-order: every operation puts h5 subheadings ("Authorizations:", "Response Schema:") under
 *   its h2, skipping h3 and h4.
 * - label-content-name-mismatch: a menu item's aria-label is the operation's summary, while its visible
 *   text starts with the method badge ("get").
 */
/** How long Redoc may take to draw the whole document (the fallback's own test waits for it to give up). */
const REDOC_DRAWN_MS = 30_000;
const REDOC_HEADING_ORDER = '[data-section-id] h5';
const REDOC_MENU_ITEMS = '.menu-content li[role="menuitem"]';

/**
 * The settings of support/axe.ts (in-page legacy mode, violations only), in one run over the whole
 * page: Redoc draws every operation at once, so each run goes through a few thousand nodes. A
 * violation on Redoc's nodes above (or inside them) counts only when it is color-contrast, as if
 * they had been excluded from the run and checked for contrast alone.
 */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const targets = results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
  const exempt = new Set(
    await page.evaluate(
      ({ selector, flagged }) =>
        flagged.filter((target) => {
          try {
            return document.querySelector(target)?.closest(selector);
          } catch {
            return false; // a target inside a frame or a shadow root: not one of Redoc's nodes
          }
        }),
      { selector: `${REDOC_HEADING_ORDER}, ${REDOC_MENU_ITEMS}`, flagged: targets },
    ),
  );
  return results.violations
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes
        .map((node) => node.target.join(' '))
        .filter((target) => violation.id === 'color-contrast' || !exempt.has(target)),
    }))
    .filter((violation) => violation.nodes.length > 0)
    .map((violation) => `${violation.id}: ${violation.nodes.join(', ')}`);
}

function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the reference renders the live document from this origin alone, under its CSP', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const traffic = watchTraffic(page, origin);
  const cspViolations = watchCspViolations(page);
  const errors = watchConsole(page);

  const documentLoaded = page.waitForResponse((response) => response.url().endsWith('/api/openapi.json'));
  await page.goto('/api/docs');
  expect((await documentLoaded).status()).toBe(200);
  await expect(page).toHaveTitle('API reference · Trelli');

  // The operations of the document as sections, and in the menu under their tag.
  const reference = page.getByRole('main');
  // Redoc draws every operation at once (90 of them): on a loaded 2-core machine that took over 7 s.
  await expect(reference.getByRole('heading', { level: 1, name: /^Trelli API/ })).toBeVisible({ timeout: REDOC_DRAWN_MS });
  for (const operation of ['List your children', 'Add a child', 'Delete a child and everything recorded about them']) {
    // Redoc names each heading's anchor link after its section id, before the summary.
    await expect(reference.getByRole('heading', { level: 2, name: new RegExp(`${operation}$`) })).toBeAttached();
  }
  await expect(reference.getByText('/api/children', { exact: true }).first()).toBeAttached();
  // The fallback is gone once the viewer has rendered.
  await expect(page.getByText('If the reference does not appear')).toHaveCount(0);

  // Search runs in its worker (a blob: URL of this origin) and finds an operation.
  const search = page.getByRole('search');
  await search.getByRole('textbox', { name: 'Search' }).fill('progress entry');
  await expect(search.getByRole('menuitem', { name: 'Delete a progress entry' })).toBeVisible({ timeout: REDOC_DRAWN_MS });
  await search.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(search.getByRole('menuitem')).toHaveCount(0);

  // Choosing an operation in the menu brings its section into view.
  await page.getByRole('menuitem', { name: 'Children', exact: true }).click();
  await page.getByRole('menuitem', { name: 'List your children', exact: true }).click();
  await expect(reference.getByRole('heading', { level: 2, name: /List your children$/ })).toBeInViewport();

  expect(traffic.offOrigin).toEqual([]);
  expect(traffic.failed).toEqual([]);
  expect(cspViolations).toEqual([]);
  expect(errors).toEqual([]);
});

test('the rendered reference passes axe', async ({ page }) => {
  // Redoc draws every operation at once: axe goes through a few thousand nodes.
  test.setTimeout(120_000);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 2, name: /List your children$/ })).toBeAttached({ timeout: REDOC_DRAWN_MS });
  expect(await axeViolations(page)).toEqual([]);
});

test('the page leads back to Trelli’s home', async ({ page }) => {
  await page.goto('/api/docs');
  await page.getByRole('link', { name: '← Trelli home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('without the viewer’s script the page still points to the OpenAPI document', async ({ page }) => {
  await page.route('**/api/docs/*.js', (route) => route.abort());
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Trelli API reference' })).toBeVisible();
  await expect(page.getByText('If the reference does not appear')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: '/api/openapi.json' }).click();
  await expect(page).toHaveURL('/api/openapi.json');
  expect(JSON.parse((await page.locator('body').textContent()) ?? '')).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
});
