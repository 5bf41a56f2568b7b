/**
 * Smart forms (issue 28) against the production build: a parent opens a goal in the Progress Planner,
 * asks for data on it, adjusts a question in the editor and sends the form to Ms Lee, a teacher. Ms Lee,
 * signed out on a phone, opens the link: the child's first name and the questions, nothing else of the
 * record, and no request leaves Trelli. She answers a count and a text and is thanked. The parent sees
 * her answers waiting on /snapshots and on the goal, approves them, and the goal's chart marks the point
 * as hers; the entry and the observation say "from Ms Lee (teacher), answered <day>". axe on the
 * editor, the fill screen and the inbox.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openApp, watchConsole } from './support/journeys.ts';
import { observationItem } from './support/screens.ts';
import { answeredBy, FIRST_NAME, GOAL, LAST_NAME, parentWithGoal, responsesOf, TEACHER } from './support/forms.ts';

// "Today" in the browser and in the test are the same calendar day.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

const PROMPT = 'How many nights this week did Maya read aloud in class?';
const HELPED = 'Choosing her own book, and a quiet corner.';

test('from a goal, a form sent to a teacher, answered on a phone without an account, approved onto the goal’s chart', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const { parent } = await parentWithGoal(page);

  // The goal in the Progress Planner: ask for data on it.
  await openApp(page, '/progress-planner');
  await page.getByRole('link', { name: `See progress on ${GOAL}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: GOAL })).toBeVisible();
  await page.getByRole('button', { name: 'Ask for data on this goal' }).click();
  await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);
  const title = `A quick check on ${FIRST_NAME}’s progress`;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview).not.toContainText(GOAL);
  await expectNoAxeViolations(page, 'the form editor');

  // The first question becomes a count, in the parent's words; the preview follows and autosave keeps it.
  const first = page.getByRole('group', { name: 'Question 1', exact: true });
  await first.getByLabel('Kind of answer').selectOption({ label: 'How many times (a count)' });
  await first.getByRole('textbox', { name: /^Question/ }).fill(PROMPT);
  await expect(preview).toContainText(PROMPT);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 10_000 });

  // Sent to Ms Lee, a teacher: the link is shown once.
  await page.getByRole('button', { name: 'Send to someone' }).click();
  await page.getByLabel('Who will answer').fill(TEACHER);
  await expect(page.getByLabel('They are')).toHaveValue('teacher');
  await page.getByRole('button', { name: 'Make the link' }).click();
  await expect(page.getByText(`The link for ${TEACHER} is ready.`, { exact: false })).toBeFocused();
  const link = await page.getByLabel('Link to the form').inputValue();
  expect(link).toMatch(/\/forms\/\d+\/fill#[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, 'the form editor, the link made');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'Open links' }).getByRole('article', { name: `${TEACHER} (teacher)` })).toBeVisible();

  // Ms Lee, signed out, on a phone.
  const teacher = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  const phone = await teacher.newPage();
  const phoneErrors = watchConsole(phone);
  const origin = new URL(link).origin;
  const elsewhere: string[] = [];
  phone.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
  });
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
  await expect(phone.locator('main')).toContainText(`Hello ${TEACHER}. ${FIRST_NAME}'s family asked for your answers to these questions.`);
  const body = phone.locator('body');
  await expect(body).not.toContainText(LAST_NAME);
  await expect(body).not.toContainText(GOAL);
  await expect(phone.getByRole('navigation')).toHaveCount(0);
  await expect(phone.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoAxeViolations(phone, 'the fill screen on a phone');

  const count = phone.getByRole('group', { name: new RegExp(PROMPT.replace('?', '\\?')) });
  await count.getByRole('textbox').fill('2');
  await count.getByRole('button', { name: 'One more' }).tap();
  await expect(count.getByRole('textbox')).toHaveValue('3');
  await phone
    .getByRole('group', { name: /What helped\?/ })
    .getByRole('textbox')
    .fill(HELPED);
  await phone.getByRole('button', { name: 'Send' }).tap();
  await expect(phone.getByRole('heading', { level: 1, name: 'Answers sent' })).toBeFocused();
  await expect(phone.getByText(`Thank you, ${TEACHER}. Your answers were sent to ${FIRST_NAME}'s family.`)).toBeVisible();
  await expectNoAxeViolations(phone, 'the fill screen, answers sent');
  await phone.waitForLoadState('networkidle');
  expect(elsewhere).toEqual([]);
  expect(phoneErrors).toEqual([]);
  await teacher.close();

  const [response] = await responsesOf(page, parent, 'pending');
  if (!response) throw new Error('no response is waiting');
  const who = answeredBy(response.answeredAt);
  expect(who).toMatch(/^Ms Lee \(teacher\), answered [A-Z][a-z]{2} \d{1,2}$/);

  // Waiting on /snapshots: who, their role, each answer beside its question and what it becomes.
  await openApp(page, '/snapshots');
  const inbox = page.getByRole('region', { name: 'Answers from forms' });
  const card = inbox.getByRole('article', { name: who });
  await expect(card).toBeVisible();
  await expect(card).toContainText(PROMPT);
  await expect(card).toContainText(HELPED);
  await expect(card).toContainText(`Becomes a progress entry on ${GOAL}`);
  await expect(card).toContainText('Becomes an observation');
  await expectNoAxeViolations(page, 'the inbox on /snapshots');

  // And on the goal, where the parent approves.
  await openApp(page, '/progress-planner');
  await page.getByRole('link', { name: `See progress on ${GOAL}` }).click();
  const onGoal = page.getByRole('region', { name: 'Answers about this goal' });
  const goalCard = onGoal.getByRole('article', { name: who });
  await expect(goalCard).toContainText(PROMPT);
  await expectNoAxeViolations(page, 'the inbox on the goal');
  await goalCard.getByRole('button', { name: `Approve the answers from ${who}` }).click();
  await expect(onGoal.getByRole('article')).toHaveCount(0);
  await expect(onGoal.getByRole('heading', { name: 'Answers about this goal' })).toBeFocused();

  // The chart marks Ms Lee's point apart; the entry says who answered, and has no Edit.
  const chart = page.getByRole('region', { name: 'Progress over time' });
  const marked = chart.locator('[data-source="form"]');
  await expect(marked).toHaveCount(1);
  await expect(marked.locator('title')).toHaveText(new RegExp(`^3 on .+ \\(from ${who.replace(/[()]/g, '\\$&')}\\)$`));
  await expect(chart).toContainText('Answered by a teacher or therapist');
  const entries = page.getByRole('region', { name: 'Entries' });
  const fromTeacher = entries.getByRole('listitem').filter({ hasText: `from ${who}` });
  await expect(fromTeacher).toHaveCount(1);
  await expect(fromTeacher).toContainText(PROMPT);
  await expect(fromTeacher.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(fromTeacher.getByRole('button', { name: /^Delete entry/ })).toBeVisible();
  await expect(page.getByRole('region', { name: "What you've noticed" })).toContainText(HELPED);

  // The observation from the text answer, with the same source.
  await openApp(page, '/observations');
  const observation = observationItem(page, HELPED);
  await expect(observation).toHaveCount(1);
  await expect(observation).toContainText(`from ${who}`);
  await expect(observation.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
