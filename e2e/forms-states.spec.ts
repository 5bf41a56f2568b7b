/**
 * Smart forms (issue 28) in the states a recipient or a caregiver reaches, against the production build:
 * the fill page served in Clerk mode asks nothing of any host but Trelli and loads no Clerk script; a
 * turned-off link and a used single-use link say so plainly; a draft survives the connection dropping
 * and a reload, and is sent once the connection is back; the form answered by keyboard alone; the fill
 * screen and the editor at 320 px without sideways scrolling; a viewer reads the form and the inbox,
 * with nothing that changes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { viewerOf } from './support/caregivers.ts';
import {
  answeredBy,
  answerThroughApi,
  everyKindForm,
  expectNoSideways,
  FIRST_NAME,
  fillLink,
  GOAL,
  LAST_NAME,
  makeForm,
  parentWithGoal,
  responsesOf,
  TEACHER,
} from './support/forms.ts';
import { openApp, PASSWORD, uniqueEmail, watchConsole, yearsAgo } from './support/journeys.ts';
import { expectFocusShown, tabTo } from './support/keyboard.ts';
import { startOwnServer } from './support/own-server.ts';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const FORM_TITLE = 'Maya at school this week';

/** A signed-out phone: a browser context of its own, no cookie of the parent's. */
async function recipientPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'UTC', locale: 'en-US' });
  return context.newPage();
}

/** A question on the fill screen (a group, or a radio group for yes/no and a scale), by its prompt. */
function question(page: Page, prompt: string) {
  const name = new RegExp(prompt.replace(/[?()]/g, '\\$&'));
  return page.getByRole('main').getByRole('group', { name }).or(page.getByRole('main').getByRole('radiogroup', { name }));
}

test('in Clerk mode the fill page loads nothing from any other host, no Clerk script, and still takes answers', async ({ browser }) => {
  test.setTimeout(120_000);
  // The form and its link are made on a server in local mode (Clerk mode cannot sign in here: its
  // Frontend API never resolves); the same data directory is then served in Clerk mode.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-e2e-forms-'));
  try {
    const local = await startOwnServer({ E2E_DATA_DIR: dataDir });
    let fillPath: string;
    try {
      const call = async <T>(route: string, body: unknown, token?: string): Promise<T> => {
        const answer = await fetch(`${local.baseURL}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        if (!answer.ok) throw new Error(`POST ${route} answered ${answer.status}: ${await answer.text()}`);
        return (await answer.json()) as T;
      };
      const { token } = await call<{ token: string }>('/api/auth/sign-up', { email: uniqueEmail('clerk-forms'), password: PASSWORD });
      const child = await call<{ id: number }>(
        '/api/children',
        { firstName: FIRST_NAME, lastName: LAST_NAME, dateOfBirth: yearsAgo(9) },
        token,
      );
      const goal = await call<{ id: number }>(`/api/goals?childId=${child.id}`, { area: 'reading', title: GOAL, unit: 'pages' }, token);
      const form = await call<{ id: number }>(`/api/forms?childId=${child.id}`, everyKindForm(goal.id), token);
      const { link } = await call<{ link: string }>(
        `/api/forms/${form.id}/links?childId=${child.id}`,
        { recipientName: TEACHER, recipientRole: 'teacher', expiresInDays: 3 },
        token,
      );
      const url = new URL(link);
      fillPath = `${url.pathname}${url.hash}`;
    } finally {
      await local.stop();
    }

    const clerkHost = 'clerk.trelli.invalid';
    const clerk = await startOwnServer({
      E2E_DATA_DIR: dataDir,
      E2E_CLERK_PUBLISHABLE_KEY: `pk_test_${Buffer.from(`${clerkHost}$`).toString('base64')}`,
      E2E_CLERK_SECRET_KEY: 'sk_test_e2e',
    });
    try {
      const config = await fetch(`${clerk.baseURL}/api/clerk-config`);
      expect(((await config.json()) as { publishableKey?: string }).publishableKey).toMatch(/^pk_test_/);

      const phone = await recipientPhone(browser);
      const errors = watchConsole(phone);
      const requested: string[] = [];
      phone.on('request', (request) => requested.push(request.url()));
      await phone.goto(`${clerk.baseURL}${fillPath}`);
      await expect(phone.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible({ timeout: 15_000 });
      await expect(phone.getByRole('main')).toContainText(`${FIRST_NAME}'s family asked for your answers`);
      await question(phone, 'How many nights').getByRole('textbox').fill('4');
      await phone.getByRole('button', { name: 'Send' }).tap();
      await expect(phone.getByRole('heading', { level: 1, name: 'Answers sent' })).toBeVisible();
      await phone.waitForLoadState('networkidle');

      const origin = new URL(clerk.baseURL).origin;
      const fetched = requested.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'));
      expect(fetched.length).toBeGreaterThan(0);
      expect(fetched.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      expect(fetched.filter((url) => /clerk/i.test(new URL(url).pathname))).toEqual([]);
      const scripts = await phone.evaluate(() => Array.from(document.scripts, (script) => script.src).filter(Boolean));
      expect(scripts.filter((src) => /clerk/i.test(src) || new URL(src).origin !== origin)).toEqual([]);
      expect(await phone.evaluate(() => 'Clerk' in window)).toBe(false);
      await expect(phone.getByRole('heading', { name: 'Authentication Error' })).toHaveCount(0);
      expect(errors).toEqual([]);
      await phone.context().close();
    } finally {
      await clerk.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a turned-off link and a used single-use link say so plainly, and show nothing of the child', async ({ page, browser }) => {
  const { parent, goalId } = await parentWithGoal(page);
  const form = await makeForm(parent, everyKindForm(goalId));
  const revoked = await fillLink(parent, form.id);
  const deleted = await page.request.delete(`/api/form-links/${revoked.id}?childId=${parent.children[0]?.id}`, {
    headers: { authorization: `Bearer ${parent.token}` },
  });
  expect(deleted.ok()).toBe(true);
  const once = await fillLink(parent, form.id, { singleUse: true });
  await answerThroughApi(page.request, '', once.token, [{ questionId: 'q1', value: 2 }]);

  const phone = await recipientPhone(browser);
  const failed = phone.getByRole('heading', { level: 1, name: 'This form did not open' });
  await phone.goto(revoked.link);
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByRole('alert')).toHaveText('This link was turned off. Ask the person who sent it for a new one.');
  await expect(phone.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(phone.locator('body')).not.toContainText(FIRST_NAME);
  await expectNoSideways(phone, 'a turned-off link');
  await expectNoAxeViolations(phone, 'the fill screen, a turned-off link');

  await phone.goto('about:blank');
  await phone.goto(once.link);
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByRole('alert')).toHaveText('This link was already used. It works once: ask the person who sent it for a new one.');
  await expect(phone.locator('body')).not.toContainText(FIRST_NAME);
  await expect(phone.locator('body')).not.toContainText(GOAL);
  await phone.context().close();
});

test('a draft kept through a reload and a dropped connection is sent once the connection is back', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { parent, goalId } = await parentWithGoal(page);
  const form = await makeForm(parent, everyKindForm(goalId));
  const { link } = await fillLink(parent, form.id);
  const phone = await recipientPhone(browser);
  const context = phone.context();
  await phone.goto(link);
  const heading = phone.getByRole('heading', { level: 1, name: FORM_TITLE });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  const count = (on: Page) => question(on, 'How many nights').getByRole('textbox');
  const helped = (on: Page) => question(on, 'What helped').getByRole('textbox');
  await count(phone).fill('5');
  await helped(phone).fill('A quiet corner after lunch');

  // A reload keeps what was typed.
  await phone.reload();
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(count(phone)).toHaveValue('5');
  await expect(helped(phone)).toHaveValue('A quiet corner after lunch');

  // The connection drops: Send keeps the answers and says so; the tab is closed before it is back.
  await context.setOffline(true);
  await phone.getByRole('button', { name: 'Send' }).tap();
  await expect(phone.getByRole('alert')).toHaveText(
    'You are offline. Your answers are kept on this device and will be sent when your connection is back.',
  );
  await phone.close();
  await context.setOffline(false);
  expect(await responsesOf(page, parent, 'pending')).toEqual([]);

  // Opened again, the draft is there; offline at Send, it goes by itself once the connection is back, once.
  const again = await context.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible({ timeout: 15_000 });
  await expect(count(again)).toHaveValue('5');
  await expect(helped(again)).toHaveValue('A quiet corner after lunch');
  await context.setOffline(true);
  await again.getByRole('button', { name: 'Send' }).tap();
  await expect(again.getByRole('button', { name: 'Try again' })).toBeVisible();
  await context.setOffline(false);
  await expect(again.getByRole('heading', { level: 1, name: 'Answers sent' })).toBeVisible({ timeout: 15_000 });
  const sent = await responsesOf(page, parent, 'pending');
  expect(sent).toHaveLength(1);
  expect(sent[0]?.answers.find((answer) => answer.questionId === 'q1')?.value).toBe(5);
  expect(sent[0]?.answers.find((answer) => answer.questionId === 'q4')?.value).toBe('A quiet corner after lunch');
  // Sent, the draft is gone: the form opened again starts empty.
  await again.reload();
  await expect(again.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible({ timeout: 15_000 });
  await expect(count(again)).toHaveValue('');
  await context.close();
});

test('answered with the keyboard alone, and fitting 320 px', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { parent, goalId } = await parentWithGoal(page);
  const form = await makeForm(parent, everyKindForm(goalId));
  const { link } = await fillLink(parent, form.id);
  const context = await browser.newContext({ viewport: NARROW, timezoneId: 'UTC', locale: 'en-US' });
  const phone = await context.newPage();
  const errors = watchConsole(phone);
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeFocused({ timeout: 15_000 });
  await expectNoSideways(phone, 'the fill screen at 320 px');
  await expectNoAxeViolations(phone, 'the fill screen at 320 px');

  // A count: typed, then one more with Space.
  const count = question(phone, 'How many nights').getByRole('textbox');
  await tabTo(phone, count);
  await expectFocusShown(count);
  await phone.keyboard.type('3');
  const more = question(phone, 'How many nights').getByRole('button', { name: 'One more' });
  await tabTo(phone, more);
  await phone.keyboard.press('Space');
  await expect(count).toHaveValue('4');
  // Yes or no: Space picks Yes, an arrow moves to No.
  const yes = question(phone, 'Did Maya bring').getByRole('radio', { name: 'Yes' });
  await tabTo(phone, yes);
  await phone.keyboard.press('Space');
  await expect(yes).toBeChecked();
  await phone.keyboard.press('ArrowRight');
  await expect(question(phone, 'Did Maya bring').getByRole('radio', { name: 'No' })).toBeChecked();
  // The scale: into the group, then arrows to 3.
  const scale = question(phone, 'How was her focus');
  await tabTo(phone, scale.getByRole('radio', { name: '1', exact: true }));
  await phone.keyboard.press('Space');
  await phone.keyboard.press('ArrowRight');
  await phone.keyboard.press('ArrowRight');
  await expect(scale.getByRole('radio', { name: '3', exact: true })).toBeChecked();
  await expectFocusShown(scale.getByRole('radio', { name: '3', exact: true }));
  // A text, then Send with Enter.
  const helped = question(phone, 'What helped').getByRole('textbox');
  await tabTo(phone, helped);
  await phone.keyboard.type('Reading with a friend');
  const send = phone.getByRole('button', { name: 'Send' });
  await tabTo(phone, send);
  await expectFocusShown(send);
  await expectNoSideways(phone, 'the fill screen filled in at 320 px');
  await phone.keyboard.press('Enter');
  await expect(phone.getByRole('heading', { level: 1, name: 'Answers sent' })).toBeFocused();
  await expectNoSideways(phone, 'answers sent at 320 px');
  const [sent] = await responsesOf(page, parent, 'pending');
  expect(Object.fromEntries((sent?.answers ?? []).map((answer) => [answer.questionId, answer.value]))).toEqual({
    q1: 4,
    q2: false,
    q3: 3,
    q4: 'Reading with a friend',
  });
  expect(errors).toEqual([]);
  await context.close();
});

test('the editor fits 320 px; a viewer reads the form and the inbox with nothing that changes them', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { parent, goalId } = await parentWithGoal(page);
  const form = await makeForm(parent, everyKindForm(goalId));
  const { token } = await fillLink(parent, form.id);
  await answerThroughApi(page.request, '', token, [
    { questionId: 'q1', value: 3 },
    { questionId: 'q4', value: 'Reading with a friend' },
  ]);
  const [waiting] = await responsesOf(page, parent, 'pending');
  if (!waiting) throw new Error('no response is waiting');
  const who = answeredBy(waiting.answeredAt);

  // The parent's editor at 320 px.
  await openApp(page, `/forms/${form.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible({ timeout: 15_000 });
  await page.setViewportSize(NARROW);
  await expect(page.getByRole('button', { name: 'Send to someone' })).toBeVisible();
  await expectNoSideways(page, 'the editor at 320 px');
  await page.getByRole('button', { name: 'Send to someone' }).click();
  await expect(page.getByLabel('Who will answer')).toBeVisible();
  await expectNoSideways(page, 'the editor, sending, at 320 px');

  // A viewer: the form as it reads, no field, no Send, no Delete; the inbox without Approve.
  const viewer = await viewerOf(browser, parent, PHONE);
  await openApp(viewer, `/forms/${form.id}/edit`);
  await expect(viewer.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible({ timeout: 15_000 });
  await expect(viewer.getByText(`You can view ${FIRST_NAME}’s record but not change it.`, { exact: false })).toBeVisible();
  const readOnly = viewer.getByRole('region', { name: 'The form' });
  await expect(readOnly).toContainText('How many nights did Maya read to you?');
  await expect(readOnly).toContainText(`Tied to the goal “${GOAL}”`);
  await expect(viewer.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(viewer.getByRole('main').getByRole('combobox')).toHaveCount(0);
  await expect(
    viewer.getByRole('button', { name: /^(Send to someone|Add question|Save form|Delete form|Turn off|Move|Remove)/ }),
  ).toHaveCount(0);
  await expectNoAxeViolations(viewer, 'the editor, read-only for a viewer');

  await openApp(viewer, '/snapshots');
  const card = viewer.getByRole('region', { name: 'Answers from forms' }).getByRole('article', { name: who });
  await expect(card).toContainText('Reading with a friend');
  await expect(viewer.getByRole('button', { name: /^(Approve|Leave out)( |$)/ })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /^Ask a teacher/ })).toHaveCount(0);
  await expectNoAxeViolations(viewer, 'the inbox for a viewer');
  await expectNoSideways(viewer, 'the inbox for a viewer on a phone');
  await viewer.context().close();
});
