import { expect, test } from '@playwright/test';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

/**
 * Clerk mode with a publishable key whose Frontend API host cannot be reached (`.invalid` never
 * resolves): the app must say so and offer a reload, not spin forever. A second server runs the same
 * production build in Clerk mode; Clerk's servers are never contacted.
 */
const CLERK_FRONTEND_API_HOST = 'clerk.trelli.invalid';
const unreachableKey = `pk_test_${Buffer.from(`${CLERK_FRONTEND_API_HOST}$`).toString('base64')}`;

// One group of tests in order, on one worker: one Clerk-mode server, not one per worker.
test.describe.configure({ mode: 'default' });

let server: OwnServer | undefined;
let baseURL = '';

test.beforeAll(async () => {
  // On a busy machine starting the server can take longer than a test's 60 s.
  test.setTimeout(90_000);
  server = await startOwnServer({ E2E_CLERK_PUBLISHABLE_KEY: unreachableKey, E2E_CLERK_SECRET_KEY: 'sk_test_e2e' });
  baseURL = server.baseURL;
});

test.afterAll(async () => {
  await server?.stop();
});

test('the server says it is in Clerk mode with that key', async ({ request }) => {
  const config = await request.get(`${baseURL}/api/clerk-config`);
  expect(await config.json()).toEqual({ publishableKey: unreachableKey });
});

test('when the Clerk script cannot load, the app shows the authentication error with a reload', async ({ page }) => {
  // SPEC §9: each of the 1 + 5 attempts waits 15 s for the script, so 90 s before the error. The page's
  // clock is moved on instead of waited out, 5 s at a time: the error must not come before all six
  // attempts have had their 15 s, and must come once they have.
  await page.clock.install();
  await page.goto(`${baseURL}/app`);
  await expect(page.getByText('This is taking a little longer than usual. Thanks for waiting.')).toBeVisible({ timeout: 10_000 });
  const error = page.getByRole('heading', { name: 'Authentication Error' });
  const step = 5_000;
  for (let moved = 0; moved < 6 * 15_000 - step; moved += step) {
    await expect(error).toHaveCount(0);
    await page.clock.runFor(step);
  }
  await expect(error).toHaveCount(0);
  // Each attempt starts its 15 s a moment after the one before failed: a step or two more may be needed.
  await expect(async () => {
    await page.clock.runFor(step);
    await expect(error).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('There was an error initializing authentication.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  // The public site never loads Clerk at all, so it keeps working.
  await page.goto(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the form fill screen opens without Clerk: no auth config call, nothing from Clerk, no authentication error', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${baseURL}/forms/abc/fill`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not complete' })).toBeVisible();
  // Everything the page was going to ask for has been asked for by now.
  await page.waitForLoadState('networkidle');
  expect(requested.filter((url) => new URL(url).hostname === CLERK_FRONTEND_API_HOST)).toEqual([]);
  expect(requested.filter((url) => new URL(url).pathname === '/api/clerk-config')).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not complete' })).toBeVisible();
});
