/**
 * Reflow at 320 CSS px (WCAG 1.4.10), also with the text-spacing override of WCAG 1.4.12: every app
 * screen, with a child's record in it and in the states a parent reaches (a form open, an export
 * ready, the delete question asked), is no wider than the window, and no text is cut short with an
 * ellipsis or a line clamp.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { isoDaysFromNow, openApp, signUpThroughApi, yearsAgo, type ApiParent } from './support/journeys.ts';

const NARROW = { width: 320, height: 640 };

/** The WCAG 1.4.12 bookmarklet's values: line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** A screen in one state: its path, and what to press to reach the state. */
interface Screen {
  path: string;
  state?: string;
  open?: (page: Page) => Promise<void>;
}

function screens(goalId: number): Screen[] {
  return [
    { path: '/app' },
    { path: '/app', state: 'adding progress', open: (page) => page.getByRole('button', { name: 'Add progress' }).click() },
    { path: '/observations' },
    {
      path: '/observations',
      state: 'the form with more details',
      open: (page) =>
        page
          .getByRole('form', { name: 'Log an observation' })
          .getByRole('button', { name: /More details/ })
          .click(),
    },
    { path: '/progress-planner' },
    { path: `/progress-planner?goal=${goalId}` },
    { path: '/roadmap' },
    { path: '/roadmap', state: 'adding a milestone', open: (page) => page.getByRole('button', { name: 'Add a milestone' }).click() },
    { path: '/vault' },
    { path: '/vault', state: 'previewing a document', open: (page) => page.getByRole('button', { name: /^Preview iep-sample/ }).click() },
    { path: '/vault', state: 'editing a document', open: (page) => page.getByRole('button', { name: /^Edit iep-sample/ }).click() },
    { path: '/guide' },
    { path: '/guide/what-is-an-iep' },
    { path: '/guide/templates/parent-concerns-statement' },
    { path: '/settings', state: 'an export ready' },
    {
      path: '/settings',
      state: 'an invitation made',
      open: async (page) => {
        await page.getByLabel('Their email address').fill('grandma.rodriguez.family@example.com');
        await page.getByRole('button', { name: 'Create invitation' }).click();
        await expect(page.getByLabel('Invitation link')).toBeVisible();
      },
    },
    {
      path: '/settings',
      state: 'asked to delete the account',
      open: (page) => page.getByRole('button', { name: 'Delete my account…' }).click(),
    },
    { path: '/forms' },
    { path: '/forms/1/edit' },
    { path: '/snapshots' },
    {
      path: '/snapshots',
      state: 'a snapshot made, a section’s wording open, and a link made',
      open: async (page) => {
        await page.getByRole('group', { name: 'Whose snapshots' }).getByRole('button', { name: 'Maya' }).click();
        await page.getByRole('button', { name: 'Start a snapshot for Teacher' }).click();
        await page.getByRole('button', { name: 'Edit wording (About me)' }).click();
        await page.getByRole('button', { name: 'Share by link' }).click();
        await page.getByRole('button', { name: 'Make the link' }).click();
        await expect(page.getByLabel('Share link', { exact: true })).toBeVisible();
      },
    },
    { path: '/reimbursements' },
    { path: '/onboarding/new-child' },
  ];
}

/** A child with an IEP and a record a parent builds in a few weeks: notes, goals with progress, milestones, a person, a document, an export. */
async function childWithRecord(page: Page): Promise<{ parent: ApiParent; goalId: number }> {
  const parent = await signUpThroughApi(page, [
    {
      firstName: 'Maya',
      lastName: 'Rodriguez',
      dateOfBirth: yearsAgo(9),
      grade: '4',
      school: 'Lincoln Elementary School',
      supportPlan: 'iep',
      strengths: ['Creative', 'Great at puzzles'],
    },
    { firstName: 'Leo', dateOfBirth: yearsAgo(6) },
  ]);
  for (let weeks = 0; weeks < 6; weeks += 1) {
    await parent.post('/api/observations', {
      what: `Finished the reading log without a reminder, week ${weeks + 1}`,
      occurredAt: new Date(Date.now() - weeks * 7 * 86_400_000 - 3_600_000).toISOString(),
      isWin: weeks % 2 === 0,
      tags: ['homework', 'reading'],
      antecedent: 'Asked to start homework after dinner',
      behaviour: 'Put the book away and walked off',
      consequence: 'Took a five-minute break, then read two pages',
    });
  }
  const goal = await parent.post<{ id: number }>('/api/goals', {
    area: 'reading',
    title: 'Read grade-level passages aloud at 90 words per minute with expression',
    description: 'Measured by the classroom teacher every two weeks with a cold read.',
    baseline: 60,
    target: 90,
    unit: 'words per minute',
  });
  await parent.post('/api/goals', { area: 'behaviour', title: 'Start homework within five minutes of sitting down' });
  for (const [days, value] of [
    [-21, 62],
    [-14, 66],
    [-7, 71],
  ] as const) {
    await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(days), value, note: 'Cold read in class' });
  }
  await parent.post('/api/strategies', {
    title: 'Paired reading every evening',
    description: 'Ten minutes, taking turns a page at a time.',
    goalIds: [goal.id],
  });
  await parent.post('/api/milestones/generate', {});
  await parent.post('/api/milestones', {
    title: 'Ask for the reading assessment results',
    whyItMatters: 'The team will use them at the annual review.',
    dueDate: isoDaysFromNow(12),
  });
  await parent.post(`/api/people?childId=${parent.children[0]?.id}`, {
    name: 'Ms. Alvarez',
    role: 'teacher',
    email: 'alvarez@lincoln.example.org',
  });
  await parent.post('/api/exports', {});
  return { parent, goalId: goal.id };
}

/** The page's scroll width, and each element whose text is cut short (an ellipsis or a line clamp hiding some of it). */
async function measure(page: Page) {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      const ellipsis = style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1;
      const clamped = style.webkitLineClamp !== 'none' && element.scrollHeight > element.clientHeight + 1;
      if (ellipsis || clamped) clipped.push(`<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').slice(0, 40)}`);
    }
    // The innermost elements past the right edge: what pushes the page wider.
    const past = (element: Element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !element.closest('.sr-only');
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => past(element) && ![...element.children].some(past))
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').slice(0, 40)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, clipped, wide };
  });
}

for (const spacing of [false, true]) {
  test(`every screen reflows at 320 px${spacing ? ' with the text-spacing override' : ''}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(NARROW);
    const { goalId } = await childWithRecord(page);
    // A document in the vault, added as a parent adds one.
    await openApp(page, '/vault');
    await page
      .locator('input[type=file][name=documents]')
      .setInputFiles(path.resolve(import.meta.dirname, '../tests/fixtures/documents/iep-sample.pdf'));
    await expect(page.getByRole('list', { name: /^Documents/ }).locator(':scope > li')).toHaveCount(1, { timeout: 20_000 });

    const found: string[] = [];
    for (const { path: screenPath, state, open } of screens(goalId)) {
      await openApp(page, screenPath);
      if (spacing) await page.addStyleTag({ content: TEXT_SPACING });
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main')).not.toContainText('Loading', { timeout: 15_000 });
      if (screenPath === '/settings') {
        await expect(page.getByRole('button', { name: /^Download trelli-export-/ })).toBeVisible({ timeout: 20_000 });
      }
      if (open) {
        await open(page);
        await page.waitForLoadState('networkidle');
      }
      const { scrollWidth, width, clipped, wide } = await measure(page);
      const where = state ? `${screenPath} (${state})` : screenPath;
      if (scrollWidth > width) found.push(`${where}: ${scrollWidth} px wide in a ${width} px window (${wide.join('; ')})`);
      found.push(...clipped.map((element) => `${where}: cut short: ${element}`));
    }
    expect(found).toEqual([]);
  });
}
