/**
 * The Account section of /settings and "Forgot password?" (issue 10, decisions 0049-0051): a parent
 * names the account and changes the password, then signs in with the new one; on a phone too. A
 * parent who forgot the password asks at the sign-in screen; this Trelli sends no mail, so whoever
 * runs it makes a link with `npm run account:reset-link` (on a server of this spec's own, stopped
 * for the script as the embedded database needs), and the link sets a new password once.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { PASSWORD, signedInWithChildren, uniqueEmail, watchConsole, yearsAgo } from './support/journeys.ts';
import { freePort, startOwnServer, type OwnServer } from './support/own-server.ts';

const NEW_PASSWORD = 'quiet-harbour-lights-77';

const accountSection = (page: Page) => page.getByRole('region', { name: 'Account' });

async function signInWith(page: Page, baseURL: string, email: string, password: string) {
  await page.goto(`${baseURL}/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a parent names the account, changes the password and signs in with the new one', async ({ page, baseURL }) => {
  const consoleErrors = watchConsole(page);
  const parent = await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }], '/settings');
  const account = accountSection(page);
  await expect(account.getByText(`You sign in with ${parent.email}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'settings, account');

  await account.getByLabel(/^Your name/).fill('Sam Rivera');
  await account.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name saved', { exact: true })).toBeVisible();
  await expect(account.getByText(`Sam Rivera \u00b7 ${parent.email}`)).toBeVisible();

  const password = account.getByRole('form', { name: 'Password' });
  await password.getByLabel('Current password').fill('not the password at all');
  await password.getByLabel('New password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('The current password is not right')).toBeVisible();
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(password.getByLabel('Current password')).toHaveValue('');

  await account.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await signInWith(page, baseURL ?? '', parent.email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
  await signInWith(page, baseURL ?? '', parent.email, NEW_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/app');
  await page.goto('/settings');
  await expect(accountSection(page).getByText(`Sam Rivera \u00b7 ${parent.email}`)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the Account section on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInWithChildren(page, [{ firstName: 'Leo', dateOfBirth: yearsAgo(7) }], '/settings');
  const account = accountSection(page);
  await expect(account.getByRole('button', { name: 'Sign out of every other device' })).toBeVisible();
  expect(await account.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectNoAxeViolations(page, 'settings, account, phone', 'main');
});

test.describe('forgot password, on a server that sends no mail', () => {
  let server: OwnServer | undefined;
  let dataDir = '';
  let port = 0;
  let base = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-e2e-reset-'));
    port = await freePort();
    server = await startOwnServer({ E2E_DATA_DIR: dataDir }, port);
    base = server.baseURL;
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the sign-in screen leads to a reset; the script’s link sets a new password once', async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('forgetful');
    const signUp = await page.request.post(`${base}/api/auth/sign-up`, { data: { email, password: PASSWORD } });
    expect(signUp.status()).toBe(201);
    // Signed out in this browser, as someone who forgot the password is.
    await page.context().clearCookies();

    await page.goto(`${base}/sign-in`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText('This Trelli does not send email, so it cannot send you a link.')).toBeVisible();
    await expect(page.getByText(/reset-password#token=/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'forgot password, no mail');

    // Whoever runs Trelli: the embedded database takes one process at a time, so the server stops for the script.
    await server?.stop();
    const script = spawnSync('npm', ['run', '--silent', 'account:reset-link', '--', email], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        DATABASE_URL: '',
        APP_ORIGIN: '',
        CLERK_PUBLISHABLE_KEY: '',
        CLERK_SECRET_KEY: '',
      },
      encoding: 'utf8',
    });
    // (stderr shown on failure; Node notes a missing .env there)
    expect({ status: script.status, stderr: script.status === 0 ? '' : script.stderr }).toEqual({ status: 0, stderr: '' });
    const link = new RegExp(`http://localhost:${port}/sign-in/reset-password#token=[\\w-]{43}`).exec(script.stdout)?.[0] ?? '';
    expect(link).not.toBe('');
    server = await startOwnServer({ E2E_DATA_DIR: dataDir }, port);

    const onThisServer = link.replace(`http://localhost:${port}`, base);
    await page.goto(onThisServer);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    await expectNoAxeViolations(page, 'reset link');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your password is changed' })).toBeVisible();

    // Once only: the same link opened again, as from the email.
    const again = await page.context().newPage();
    await again.goto(onThisServer);
    await again.getByLabel('New password', { exact: true }).fill('yet-another-password-99');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await expect(again.getByRole('alert')).toContainText('This reset link has expired or was already used');
    await again.close();

    await signInWith(page, base, email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
    await signInWith(page, base, email, NEW_PASSWORD);
    // A new account without children goes on to the beta gate: signed in.
    await page.waitForURL((url) => url.pathname === '/beta-access');
  });
});
