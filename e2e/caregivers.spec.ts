/**
 * Sharing a child (issue 10): a parent invites a grandparent as a viewer from Settings; the grandparent
 * opens the link in their own browser, creates an account, accepts, and reads the child's record without
 * any way to change it; the parent removes them and their access ends. axe on each new screen. By
 * keyboard alone, a caregiver's role is chosen, then saved, owner only after a question; a failed change
 * stays said beside its select; the audit log names whom a change was about and the two roles.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  fillCredentials,
  openApp,
  signedInWithChildren,
  signUpThroughApi,
  uniqueEmail,
  watchConsole,
  yearsAgo,
} from './support/journeys.ts';

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `most` presses. */
async function tabTo(page: Page, target: Locator, { back = false, most = 60 } = {}) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached in ${most} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

test('a parent invites a viewer, who accepts in another browser, reads but cannot change; removal ends their access', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const consoleErrors = watchConsole(page);
  const parent = await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }], '/settings');
  await parent.post('/api/observations', { what: 'Read a whole chapter aloud', occurredAt: new Date().toISOString() });

  // The parent invites Grandma as a viewer; with no mail server the link is shown to copy.
  const grandmaEmail = uniqueEmail('grandma');
  await expect(page.getByRole('heading', { level: 2, name: 'Family and caregivers' })).toBeVisible();
  // This server has no APP_ORIGIN: Settings says invitations are not emailed before one is made.
  await expect(
    page.getByText('Invitations are not emailed from this server: its public address (the APP_ORIGIN setting) is not set.'),
  ).toBeVisible();
  await page.getByLabel('Their email address').fill(grandmaEmail);
  await expect(page.getByRole('radio', { name: 'Viewer' })).toBeChecked();
  await page.getByRole('button', { name: 'Create invitation' }).click();
  await expect(page.getByText(`Invitation for ${grandmaEmail} is ready. Send them this link yourself.`)).toBeVisible();
  const link = await page.getByLabel('Invitation link').inputValue();
  // The link is at the address the parent opened Trelli at (127.0.0.1 here), not the server's own guess (localhost).
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  expect(link).toMatch(/\/app\/invite#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('list', { name: 'People with access to Maya' })).toBeVisible();
  await expect(page.getByText(grandmaEmail).first()).toBeVisible();
  await expectNoAxeViolations(page, 'settings with an invitation');

  // Grandma, in her own browser, opens the link, creates an account and comes back to the invitation.
  const grandmaContext = await browser.newContext();
  const grandma = await grandmaContext.newPage();
  const grandmaErrors = watchConsole(grandma);
  await grandma.goto(link);
  await expect(grandma.getByRole('heading', { level: 1, name: "You're invited to a child's record on Trelli" })).toBeVisible();
  // The secret leaves the address bar at once.
  await expect(grandma).toHaveURL(/\/app\/invite$/);
  await expectNoAxeViolations(grandma, 'invitation, signed out');
  await grandma.getByRole('link', { name: 'Create an account' }).click();
  await fillCredentials(grandma, grandmaEmail);
  await expect(grandma.getByRole('heading', { level: 1, name: "Join Maya's record" })).toBeVisible({ timeout: 15_000 });
  await expect(grandma.getByText(`${parent.email} invited you as viewer.`)).toBeVisible();
  await expectNoAxeViolations(grandma, 'invitation, signed in');
  await grandma.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(grandma.getByRole('navigation', { name: 'App' })).toBeVisible({ timeout: 20_000 });

  // Opened again, the used link says it was accepted, and leads back into Trelli.
  await grandma.goto(link);
  await expect(grandma.getByRole('heading', { level: 1, name: 'This invitation was already accepted' })).toBeVisible();
  await expect(grandma.getByText('You already accepted this invitation, so the record is in your Trelli.')).toBeVisible();
  await expectNoAxeViolations(grandma, 'invitation, already accepted');
  await grandma.getByRole('link', { name: 'Open Trelli' }).click();
  await expect(grandma.getByRole('navigation', { name: 'App' })).toBeVisible({ timeout: 20_000 });

  // She reads Maya's observations, with nothing offered to change them.
  await grandma.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Observations' }).click();
  await expect(grandma.getByText('Read a whole chapter aloud')).toBeVisible();
  await expect(grandma.getByText('You can view Maya’s record but not change it. An owner can give you more access.')).toBeVisible();
  await expect(grandma.getByRole('heading', { name: 'Note something' })).toHaveCount(0);
  await expect(grandma.getByRole('button', { name: /^(Save|Edit the note|Delete the note)/ })).toHaveCount(0);
  // The dashboard offers nothing to add either.
  await grandma.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(grandma.getByText('You can view Maya’s record but not change it. An owner can give you more access.')).toBeVisible();
  await expect(grandma.getByRole('button', { name: /^(Log an observation|Add progress)$/ })).toHaveCount(0);
  await expectNoAxeViolations(grandma, 'observations as a viewer');

  // The parent sees her, then removes her.
  await page.reload();
  const grandmaRow = page.getByRole('list', { name: 'People with access to Maya' }).getByRole('listitem').filter({ hasText: grandmaEmail });
  await expect(grandmaRow).toBeVisible();
  await expect(grandmaRow.getByRole('combobox', { name: `Role of ${grandmaEmail}` })).toHaveValue('viewer');
  await grandmaRow.getByRole('button', { name: `Remove ${grandmaEmail}` }).click();
  await grandmaRow.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(grandmaRow).toHaveCount(0);

  // Her next visit no longer shows Maya.
  await grandma.goto('/observations');
  await expect(grandma.getByText('Read a whole chapter aloud')).toHaveCount(0);
  await expect(grandma.getByText('Add your child first, then note what you notice here.')).toBeVisible({ timeout: 20_000 });

  // On a phone the section fits the screen, long addresses included.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Their email address').fill(`a-rather-long-address-for-a-phone-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Create invitation' }).click();
  await expect(page.getByText('Invitations not yet accepted')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  expect(consoleErrors).toEqual([]);
  expect(grandmaErrors).toEqual([]);
  await grandmaContext.close();
});

test('by keyboard alone: choosing a role saves nothing, owner asks first, the audit log names the change, and a failed change stays said', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const consoleErrors = watchConsole(page);
  const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }]);
  const maya = parent.children[0]?.id;
  // An uncle already shares Maya as a viewer (invited and accepted through the API, in his own context).
  const uncleContext = await browser.newContext();
  const uncle = await signUpThroughApi(await uncleContext.newPage(), [], uniqueEmail('uncle'));
  const { link } = await parent.post<{ link: string }>('/api/invites', { email: uncle.email, role: 'viewer', childIds: [maya] });
  await uncle.post('/api/invites/accept', { token: link.slice(link.indexOf('#') + 1) });
  const roleOnServer = async () => {
    const response = await page.request.get(`/api/caregivers?childId=${maya}`, { headers: { authorization: `Bearer ${parent.token}` } });
    const body = (await response.json()) as { caregivers: { email: string; role: string }[] };
    return body.caregivers.find((caregiver) => caregiver.email === uncle.email)?.role;
  };
  await openApp(page, '/settings');

  const row = page.getByRole('list', { name: 'People with access to Maya' }).getByRole('listitem').filter({ hasText: uncle.email });
  const role = row.getByRole('combobox', { name: `Role of ${uncle.email}` });
  await tabTo(page, role);
  // Arrowing through the choices only chooses.
  await page.keyboard.press('ArrowDown');
  await expect(role).toHaveValue('updater');
  await page.keyboard.press('ArrowDown');
  await expect(role).toHaveValue('owner');
  await expect(row.getByRole('button', { name: `Save role of ${uncle.email}` })).toBeVisible();
  expect(await roleOnServer()).toBe('viewer');

  // Saving owner asks first; focus is on keeping the current role.
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: `Save role of ${uncle.email}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByText(`Make ${uncle.email} an owner of Maya?`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Keep as viewer' })).toBeFocused();
  await expectNoAxeViolations(page, 'settings, asking before making an owner');
  expect(await roleOnServer()).toBe('viewer');
  await page.keyboard.press('Shift+Tab');
  await expect(row.getByRole('button', { name: 'Make owner' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByText(`Owner since`)).toBeVisible();
  await expect(role).toBeFocused();
  expect(await roleOnServer()).toBe('owner');

  // The audit log names whom the change was about, and the two roles.
  await tabTo(page, page.getByRole('button', { name: 'Audit log for Maya' }));
  await page.keyboard.press('Enter');
  const log = page.getByRole('list', { name: 'Audit log for Maya, newest first' });
  const named = uncle.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(log.getByRole('listitem').first()).toContainText(new RegExp(`Role changed\\s*‘${named}’\\s*from viewer to owner`));
  await expectNoAxeViolations(page, 'settings, the audit log');

  // He leaves while the page is open; a change chosen now fails, and says so beside the select after the toast has gone.
  await uncle.post(`/api/caregivers/leave?childId=${maya}`, {});
  await tabTo(page, role, { back: true });
  await page.keyboard.press('ArrowUp');
  await expect(role).toHaveValue('updater');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const failure = `The role did not change. ${uncle.email} no longer has access to Maya.`;
  await expect(row.getByText(failure)).toBeVisible();
  await expect(role).toBeFocused();
  await expect(role).toHaveAccessibleDescription(failure);
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'The role did not change' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 15_000 });
  await expect(row.getByText(failure)).toBeVisible();
  await expectNoAxeViolations(page, 'settings, a role change that failed');

  expect(consoleErrors).toEqual([]);
  await uncleContext.close();
});
