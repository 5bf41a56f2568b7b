/**
 * What the smart forms specs share (issue 28): a child with a goal measured in pages, a form and its
 * fill links made through the REST API, answers sent the way the fill page sends them, and reads of
 * what the parent's API says afterwards.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { FormAnswersBody, FormCreate, FormLinkCreate, FormResponse } from '#shared/schemas/form.ts';
import { entrySourceLine } from '#shared/record-labels.ts';
import { isoDaysFromNow, signUpThroughApi, yearsAgo, type ApiParent } from './journeys.ts';

/** The child's first name (the recipient sees it) and last name (the recipient never does). */
export const FIRST_NAME = 'Maya';
export const LAST_NAME = 'Okonkwo-Hartley';
/** The goal's title: the recipient never sees it either. */
export const GOAL = 'Read five pages a night';
export const TEACHER = 'Ms Lee';

/** A parent whose child has one goal in pages with one entry of the parent's own, a week ago. */
export async function parentWithGoal(page: Page): Promise<{ parent: ApiParent; goalId: number; childId: number }> {
  const parent = await signUpThroughApi(page, [{ firstName: FIRST_NAME, lastName: LAST_NAME, dateOfBirth: yearsAgo(9), grade: '4' }]);
  const goal = await parent.post<{ id: number }>('/api/goals', {
    area: 'reading',
    title: GOAL,
    status: 'in-progress',
    baseline: 1,
    target: 5,
    unit: 'pages',
  });
  await parent.post(`/api/goals/${goal.id}/progress`, { recordedOn: isoDaysFromNow(-7), value: 2 });
  const childId = parent.children[0]?.id;
  if (childId === undefined) throw new Error('the child was not made');
  return { parent, goalId: goal.id, childId };
}

/** A form of every kind a keyboard or a thumb answers: a count tied to the goal, yes/no, a 1-5 scale and a text. */
export function everyKindForm(goalId: number): FormCreate {
  return {
    title: 'Maya at school this week',
    intro: 'Thank you for a minute of your time.',
    questions: [
      { id: 'q1', kind: 'count', prompt: 'How many nights did Maya read to you?', goalId, required: true },
      { id: 'q2', kind: 'yes-no', prompt: 'Did Maya bring her reading log?' },
      { id: 'q3', kind: 'scale', prompt: 'How was her focus?', scaleLow: 'Not focused', scaleHigh: 'Very focused' },
      { id: 'q4', kind: 'text', prompt: 'What helped?', goalId },
    ],
  };
}

/** A form made through POST /api/forms. */
export async function makeForm(parent: ApiParent, data: FormCreate): Promise<{ id: number }> {
  return parent.post<{ id: number }>('/api/forms', data);
}

/** A fill link made through POST /api/forms/{id}/links: its id and the whole link, token after `#`. */
export async function fillLink(
  parent: ApiParent,
  formId: number,
  data: Partial<FormLinkCreate> = {},
): Promise<{ id: number; link: string; token: string }> {
  const made = await parent.post<{ id: number; link: string }>(`/api/forms/${formId}/links`, {
    recipientName: TEACHER,
    recipientRole: 'teacher',
    expiresInDays: 7,
    ...data,
  });
  return { ...made, token: made.link.slice(made.link.indexOf('#') + 1) };
}

/** Answers sent as the fill page sends them (POST /api/forms/fill/answers, no account), expected to be taken. */
export async function answerThroughApi(request: APIRequestContext, baseURL: string, token: string, answers: FormAnswersBody['answers']) {
  const sent = await request.post(`${baseURL}/api/forms/fill/answers`, { data: { token, answers } });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** GET as the parent, with `?childId=`. */
export async function getAsParent<T>(page: Page, parent: ApiParent, path: string): Promise<T> {
  const childId = parent.children[0]?.id;
  const answer = await page.request.get(`${path}${path.includes('?') ? '&' : '?'}childId=${childId}`, {
    headers: { authorization: `Bearer ${parent.token}` },
  });
  if (!answer.ok()) throw new Error(`GET ${path} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** The child's form responses with `status`, newest answered first. */
export function responsesOf(page: Page, parent: ApiParent, status: FormResponse['status']): Promise<FormResponse[]> {
  return getAsParent<FormResponse[]>(page, parent, `/api/form-responses?status=${status}`);
}

/** "Ms Lee (teacher), answered Nov 27": who answered, as the inbox's card is named (the page runs in UTC). */
export function answeredBy(answeredAt: string, name = TEACHER): string {
  return entrySourceLine({ name, role: 'teacher', answeredAt }).replace(/^from /, '');
}

/** The page is no wider than its window (WCAG 1.4.10 at 320 px: no sideways scrolling). */
export async function expectNoSideways(page: Page, state: string) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `${state}: ${widths.page} px wide in a ${widths.window} px window`).toBeLessThanOrEqual(widths.window);
}
