/**
 * The Children section of /settings (issue 10): a parent edits a child's grade and sees it on the
 * dashboard, adds a medication and a person, and deletes a child by typing its first name, after
 * which the selection moves to the child that remains (SPEC §4); the same section on a phone; axe on each.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { childCard, signedInWithChildren, watchConsole, yearsAgo } from './support/journeys.ts';
import { activityFeed } from './support/screens.ts';

function childSection(page: Page, name: string) {
  return page.getByRole('region', { name: 'Children' }).getByRole('article', { name, exact: true });
}

test('a parent edits a profile, adds a medication and a person, and deletes a child by typing its name', async ({ page }) => {
  test.setTimeout(60_000);
  const consoleErrors = watchConsole(page);
  await signedInWithChildren(
    page,
    [
      { firstName: 'Maya', dateOfBirth: yearsAgo(9), grade: '3' },
      { firstName: 'Leo', dateOfBirth: yearsAgo(6) },
    ],
    '/settings',
  );
  const maya = childSection(page, 'Maya');
  await expect(maya.getByText('No medications noted.')).toBeVisible();
  await expect(childSection(page, 'Leo').getByText('No one noted yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'settings, two children');

  // The profile, with the onboarding's steps: the grade moves up a year.
  await maya.getByRole('button', { name: 'Edit profile: Maya' }).click();
  await maya.getByLabel(/^Grade\b/).selectOption('4');
  await maya.getByRole('button', { name: 'Save changes' }).first().click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  await expect(maya.getByText(/4th grade/)).toBeVisible();

  // A medication.
  await maya.getByRole('button', { name: 'Add a medication' }).click();
  await maya.getByLabel('Medication', { exact: true }).fill('Melatonin');
  await maya.getByLabel(/^Dose\b/).fill('1 mg');
  await maya.getByLabel(/^When\b/).fill('At bedtime');
  await maya.getByRole('button', { name: 'Add medication' }).click();
  const melatonin = maya.getByRole('article', { name: 'Melatonin' });
  await expect(melatonin.getByText('1 mg · At bedtime')).toBeVisible();

  // A person, with a phone number that is not one first.
  await maya.getByRole('button', { name: 'Add a person' }).click();
  await maya.getByLabel('Name', { exact: true }).fill('Ms. Rivera');
  await maya.getByLabel(/^Who they are\b/).selectOption('teacher');
  await maya.getByLabel(/^Phone\b/).fill('call the office');
  await maya.getByRole('button', { name: 'Add person' }).click();
  await expect(maya.getByText('Use digits, spaces and + ( ) - . only', { exact: false })).toBeVisible();
  await expect(maya.getByLabel(/^Phone\b/)).toBeFocused();
  await maya.getByLabel(/^Phone\b/).fill('555 010 2030');
  await maya.getByRole('button', { name: 'Add person' }).click();
  const rivera = maya.getByRole('article', { name: 'Ms. Rivera' });
  await expect(rivera.getByText('Teacher')).toBeVisible();
  await expect(rivera.getByRole('link', { name: '555 010 2030' })).toHaveAttribute('href', 'tel:5550102030');
  await expectNoAxeViolations(page, 'settings, a medication and a person');

  // The dashboard shows the new grade, and the feed names the medication.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(childCard(page).getByRole('heading', { level: 2, name: 'Maya' })).toBeVisible();
  await expect(childCard(page).getByText('4th grade')).toBeVisible();
  await expect(activityFeed(page).getByText('Melatonin')).toBeVisible();

  // Deleting Maya, the selected child: only her first name, typed, lets the button work.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Settings' }).click();
  await maya.getByRole('button', { name: 'Delete profile: Maya' }).click();
  const confirm = maya.getByRole('form', { name: 'Delete Maya\u2019s profile' });
  await expect(confirm.getByText(/everything recorded for Maya/)).toBeVisible();
  const deleteButton = confirm.getByRole('button', { name: 'Delete Maya\u2019s profile' });
  await expect(confirm.getByLabel('Type Maya to confirm', { exact: true })).toBeFocused();
  await confirm.getByLabel('Type Maya to confirm', { exact: true }).fill('Leo');
  await expect(deleteButton).toBeDisabled();
  await expectNoAxeViolations(page, 'settings, deleting a child');
  await confirm.getByLabel('Type Maya to confirm', { exact: true }).fill('maya');
  await deleteButton.click();
  await expect(page.getByText('Profile deleted', { exact: true })).toBeVisible();
  await expect(maya).toHaveCount(0);
  await expect(childSection(page, 'Leo')).toBeVisible();

  // The selection moved to the child that remains.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(childCard(page).getByRole('heading', { level: 2, name: 'Leo' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the Children section, with long names and addresses, fits the screen', async ({ page }) => {
    const parent = await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }], '/settings');
    const childId = parent.children[0]!.id;
    await parent.post(`/api/medications?childId=${childId}`, {
      name: 'Methylphenidate extended release',
      dose: '18 mg',
      schedule: 'Every school morning',
    });
    await parent.post(`/api/people?childId=${childId}`, { name: 'Dr. Okafor', role: 'doctor', email: 'okafor.paediatrics@clinic.example' });
    await page.reload();
    const maya = childSection(page, 'Maya');
    await expect(maya.getByRole('article', { name: 'Methylphenidate extended release' })).toBeVisible();
    await expect(maya.getByRole('link', { name: 'okafor.paediatrics@clinic.example' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectNoAxeViolations(page, 'settings on a phone');
  });
});
