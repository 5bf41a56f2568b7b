/**
 * Long unbroken text never pushes a page sideways: a parent pastes a Google Docs link as a note, or
 * 2,000 characters without a space, and names a child, a goal, a strategy and a milestone with long
 * unbroken words. Every app screen, in each state a parent reaches (a form open, an export ready, the
 * delete question asked), on a phone (390 x 844) and on a desktop (1280 x 800), is no wider
 * than the window, and no element holding such text reaches past its right edge.
 */
import { expect, test, type Page } from '@playwright/test';
import { CHILD_LIMITS } from '#shared/schemas/child.ts';
import { openApp, signUpThroughApi, yearsAgo, type ApiParent } from './support/journeys.ts';

/** `length` characters without a break: `label`, then letters. */
function unbroken(label: string, length: number): string {
  return (label + 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(length / 26))).slice(0, length);
}

const GOOGLE_DOCS_URL =
  'https://docs.google.com/document/d/1x9Yq3ZkP7wLmN2bVcR8sT4uH6jA0dEfGiJoKlMnOpQrS/edit?usp=sharing&ouid=104857392017462839105&rtpof=true&sd=true';

/** A screen to measure: its path, and what to press first to show more of it. */
interface Screen {
  path: string;
  open?: (page: Page) => Promise<void>;
  /** What shows once the screen's state has loaded. */
  ready?: (page: Page) => Promise<void>;
}

/** Every screen of the app (client/app/routes.tsx), with a goal's own page and the forms that list goals. */
function screens(goalId: number): Screen[] {
  return [
    { path: '/app' },
    // "Add progress" asks which goal, by its (long) title.
    { path: '/app', open: (page) => page.getByRole('button', { name: 'Add progress' }).click() },
    { path: '/observations' },
    {
      path: '/observations',
      open: (page) =>
        page
          .getByRole('button', { name: /More details/ })
          .first()
          .click(),
    },
    { path: '/progress-planner' },
    { path: `/progress-planner?goal=${goalId}` },
    { path: '/roadmap' },
    { path: '/roadmap', open: (page) => page.getByRole('button', { name: 'Add a milestone' }).click() },
    { path: '/vault' },
    { path: '/reimbursements' },
    { path: '/snapshots' },
    // The first child's snapshots: a teacher snapshot made with its long name, a wording open, a link made.
    {
      path: '/snapshots',
      open: async (page) => {
        await page
          .getByRole('group', { name: 'Whose snapshots' })
          .getByRole('button', { name: unbroken('First', CHILD_LIMITS.firstName) })
          .click();
        await page.getByRole('button', { name: 'Start a snapshot for Teacher' }).click();
        await page.getByRole('button', { name: 'Edit wording (About me)' }).click();
        await page.getByRole('button', { name: 'Share by link' }).click();
        await page.getByRole('button', { name: 'Make the link' }).click();
        await expect(page.getByLabel('Share link', { exact: true })).toBeVisible();
      },
    },
    { path: '/guide' },
    { path: '/guide/templates/parent-concerns-statement' },
    // Once an export exists, its "Download trelli-export-<date>.zip" button (issue 24: 385 px wide).
    {
      path: '/settings',
      ready: (page) => expect(page.getByRole('button', { name: /^Download trelli-export-/ })).toBeVisible({ timeout: 20_000 }),
    },
    { path: '/settings', open: (page) => page.getByRole('button', { name: 'Delete my account…' }).click() },
    { path: '/forms' },
    { path: '/forms/1/edit' },
    { path: '/onboarding/new-child' },
  ];
}

/** A child, and one of everything, each with long unbroken words, made through the API. */
async function recordWithLongText(page: Page): Promise<{ parent: ApiParent; goalId: number }> {
  const parent = await signUpThroughApi(page, [
    {
      firstName: unbroken('First', CHILD_LIMITS.firstName),
      lastName: unbroken('Last', CHILD_LIMITS.lastName),
      dateOfBirth: yearsAgo(9),
      grade: '4',
      school: unbroken('School', CHILD_LIMITS.school),
      strengths: [unbroken('Strength', CHILD_LIMITS.listItemLength)],
      notes: unbroken('ChildNotes', 2000),
    },
    // A second child, so the app shows the child switcher with both long names.
    {
      firstName: unbroken('Sibling', CHILD_LIMITS.firstName),
      lastName: unbroken('Surname', CHILD_LIMITS.lastName),
      dateOfBirth: yearsAgo(6),
    },
  ]);
  await parent.post('/api/observations', { what: GOOGLE_DOCS_URL, behaviour: unbroken('Behaviour', 1000), tags: [unbroken('Tag', 40)] });
  await parent.post('/api/observations', { what: unbroken('Pasted', 2000), isWin: true });
  const goal = await parent.post<{ id: number }>('/api/goals', {
    area: 'reading',
    title: unbroken('GoalTitle', 200),
    description: unbroken('GoalDescription', 2000),
    baseline: 10,
    target: 90,
    unit: unbroken('Unit', 60),
  });
  await parent.post('/api/goals', { area: 'math', title: unbroken('SecondGoal', 200) });
  await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: dayFromNow(0), value: 40, note: unbroken('ProgressNote', 1000) });
  await parent.post('/api/observations', { what: unbroken('Evidence', 500), goalId: goal.id });
  await parent.post('/api/strategies', {
    title: unbroken('StrategyTitle', 200),
    description: unbroken('StrategyDescription', 2000),
    goalIds: [goal.id],
  });
  for (const [label, dueIn] of [
    ['MilestoneSoon', 3],
    ['MilestoneLater', 40],
  ] as const) {
    await parent.post('/api/milestones', {
      title: unbroken(label, 200),
      whyItMatters: unbroken('WhyItMatters', 2000),
      whatToDo: unbroken('WhatToDo', 2000),
      dueDate: dayFromNow(dueIn),
    });
  }
  // A copy of everything: Settings then offers its file by name.
  await parent.post('/api/exports', {});
  return { parent, goalId: goal.id };
}

function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * How the page fits the window: its scroll width, and each element whose own text has a run of 60+
 * characters without a break that reaches past the window's right edge (or starts left of it).
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const tooWide: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !/\S{60,}/.test(node.textContent ?? '')) continue;
      // Text a screen reader gets but the eye does not (sr-only) is clipped to 1 px: not shown.
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || element.closest('[hidden], .sr-only')) continue;
      if (rect.right > width + 1 || rect.left < -1) {
        tooWide.push(
          `<${element.tagName.toLowerCase()} class="${element.className}"> ${Math.round(rect.width)} px: ${(node.textContent ?? '').slice(0, 30)}…`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, tooWide };
  });
}

for (const viewport of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
]) {
  test(`long unbroken text wraps on every screen on ${viewport.name}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const { goalId } = await recordWithLongText(page);
    const found: string[] = [];
    for (const { path, open, ready } of screens(goalId)) {
      await openApp(page, path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main')).not.toContainText('Loading', { timeout: 15_000 });
      await ready?.(page);
      if (open) {
        await open(page);
        await page.waitForLoadState('networkidle');
      }
      // The details that fold long text away are opened, so it is measured too.
      await page.evaluate(() => {
        for (const details of document.querySelectorAll('details')) details.open = true;
      });
      const { scrollWidth, width, tooWide } = await overflow(page);
      const where = open ? `${path} (with its form open)` : path;
      if (scrollWidth > width) found.push(`${where}: the page is ${scrollWidth} px wide in a ${width} px window`);
      found.push(...tooWide.map((element) => `${where}: ${element}`));
    }
    expect(found).toEqual([]);
  });
}
