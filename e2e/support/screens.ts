/**
 * What the e2e specs find and do on the app's screens, in one place: the dashboard's stat cards and
 * its recent activity feed, the observation list and logging a note on the observations screen.
 */
import { expect, type Page } from '@playwright/test';

/** One of the dashboard's "At a glance" cards, by its title ("Observations this week", "Next milestones"...). */
export function statCard(page: Page, title: string) {
  return page.getByRole('region', { name: 'At a glance' }).getByRole('article', { name: title });
}

/**
 * The dashboard's recent activity feed: the region is there whether or not it has entries (its
 * list, "Latest changes", only once there is one), so a "does not contain" check has something to read.
 */
export function activityFeed(page: Page) {
  return page.getByRole('region', { name: 'Recent activity' });
}

/** The observations screen's list, newest first. */
export function observationList(page: Page) {
  return page.getByRole('list', { name: 'Observations, newest first' });
}

/** The observation in the list whose text contains `text`. */
export function observationItem(page: Page, text: string) {
  return observationList(page).locator(':scope > li').filter({ hasText: text });
}

/**
 * Logs a note through the observations screen's quick capture: `win` presses "This was a win" first;
 * `goal` (a goal's title) links it under "More details". Waits for the note in the list.
 */
export async function logNote(page: Page, text: string, { win = false, goal }: { win?: boolean; goal?: string } = {}) {
  const form = page.getByRole('form', { name: 'Log an observation' });
  await form.getByLabel('What happened').fill(text);
  if (win) await form.getByRole('button', { name: 'This was a win' }).click();
  if (goal) {
    await form.getByRole('button', { name: /More details/ }).click();
    await form.getByLabel(/^Linked goal/).selectOption({ label: goal });
  }
  await form.getByRole('button', { name: 'Save observation' }).click();
  await expect(observationItem(page, text)).toBeVisible();
}
