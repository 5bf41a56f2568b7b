/**
 * Sharing a child (issue 10): a parent invites a grandparent as a viewer from Settings; the grandparent
 * opens the link in their own browser, creates an account, accepts, and reads the child's record without
 * any way to change it; the parent removes them and their access ends. axe on each new screen.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { fillCredentials, signedInWithChildren, uniqueEmail, watchConsole, yearsAgo } from './support/journeys.ts';

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
  await page.getByLabel('Their email address').fill(grandmaEmail);
  await expect(page.getByRole('radio', { name: 'Viewer' })).toBeChecked();
  await page.getByRole('button', { name: 'Create invitation' }).click();
  await expect(page.getByText(`Invitation for ${grandmaEmail} is ready. Send them this link yourself.`)).toBeVisible();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/app\/invite#[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('list', { name: 'People with access to Maya' })).toBeVisible();
  await expect(page.getByText(grandmaEmail).first()).toBeVisible();
  await expectNoAxeViolations(page, 'settings with an invitation');

  // Grandma, in her own browser, opens the link, creates an account and comes back to the invitation.
  const grandmaContext = await browser.newContext();
  const grandma = await grandmaContext.newPage();
  const grandmaErrors = watchConsole(grandma);
  const { pathname, hash } = new URL(link);
  await grandma.goto(`${pathname}${hash}`);
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
