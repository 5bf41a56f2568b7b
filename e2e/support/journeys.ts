/**
 * The user journeys the e2e specs share: a new parent signs up at /sign-up, passes the beta gate at
 * /beta-access, and creates a child in the onboarding wizard (and perhaps a second one); the same
 * starting point made through the real HTTP API for specs whose subject comes after it; plus the
 * small helpers those specs have in common (dates, the child card, console errors).
 */
import { expect, type Page } from '@playwright/test';
import { CHILD_SCOPED_ROUTERS } from '#shared/child-scoped.ts';
import type { Child, ChildCreateInput } from '#shared/schemas/child.ts';

/** The password of every account the specs create (long enough for the sign-up rules). */
export const PASSWORD = 'calm-river-stones-42';

/** An address no other test uses, so every test has an account of its own. */
export function uniqueEmail(label = 'parent'): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A date of birth `years` years (and ten days) ago, as YYYY-MM-DD: the child is `years` years old. */
export function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 10);
  return date.toISOString().slice(0, 10);
}

/** The UTC day `days` days from now (negative: ago), as YYYY-MM-DD. */
export function isoDaysFromNow(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Errors in the console other than failed resource loads (a 401 the app expects shows as one). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The selected child's card on the dashboard. */
export function childCard(page: Page) {
  return page
    .getByRole('region', { name: /.+/ })
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .first();
}

/** Fills the email and password of a sign-up or sign-in form and presses its button (Continue or Sign in). */
export async function fillCredentials(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /^(Continue|Sign in)$/ }).click();
}

/**
 * Creates an account at /sign-up. A new parent goes on (through /post-auth) to /app, whose beta gate
 * sends them to /beta-access?from=/app, where this stops. Returns the account's email.
 */
export async function signUp(page: Page, email = uniqueEmail()): Promise<string> {
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await fillCredentials(page, email);
  await page.waitForURL((url) => url.pathname === '/beta-access' && url.searchParams.get('from') === '/app');
  return email;
}

/** At /beta-access after signing up: "Continue to Trelli" leads a parent without children to onboarding. */
export async function passBetaGate(page: Page) {
  await page.getByRole('button', { name: 'Continue to Trelli' }).click();
  await page.waitForURL('**/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about your child' })).toBeVisible();
}

/** A brand-new parent on the first step of the onboarding wizard: sign-up, then the beta gate. Returns the email. */
export async function signUpToOnboarding(page: Page, email = uniqueEmail()): Promise<string> {
  await signUp(page, email);
  await passBetaGate(page);
  return email;
}

/** What a spec fills in the onboarding wizard; everything else is left empty. */
export interface ChildDetails {
  firstName: string;
  /** YYYY-MM-DD; nine years ago when left out. */
  dateOfBirth?: string;
  /** The label of a grade, e.g. "4th grade". */
  grade?: string;
  /** The label of a support plan (step 2), e.g. "IEP". */
  supportPlan?: string;
  /** YYYY-MM-DD (step 2). */
  planReviewDate?: string;
}

export interface WizardOptions {
  /**
   * How the steps after the first with nothing to fill are passed: "next" presses Next (and the
   * finishing button on the last step), "skip" presses "Skip for now" (which finishes on the last
   * step). Either way the child is created with the same details.
   */
  emptySteps?: 'next' | 'skip';
}

/**
 * Goes through the onboarding wizard (/onboarding or /onboarding/new-child, on its first step) and
 * creates the child; ends on the dashboard.
 */
export async function createChildThroughOnboarding(page: Page, child: ChildDetails, { emptySteps = 'next' }: WizardOptions = {}) {
  await page.getByLabel('First name').fill(child.firstName);
  await page.getByLabel('Date of birth').fill(child.dateOfBirth ?? yearsAgo(9));
  if (child.grade) await page.getByLabel(/^Grade/).selectOption({ label: child.grade });
  await page.getByRole('button', { name: 'Next' }).click();

  const passEmptyStep = async (last: boolean) => {
    if (emptySteps === 'skip') await page.getByRole('button', { name: 'Skip for now' }).click();
    else if (last) await page.getByRole('button', { name: /^(Create profile|Add child)$/ }).click();
    else await page.getByRole('button', { name: 'Next' }).click();
  };

  // Step 2: the learning profile and support plan.
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  if (child.supportPlan || child.planReviewDate) {
    if (child.supportPlan) await page.getByLabel(/^Support plan/).selectOption({ label: child.supportPlan });
    if (child.planReviewDate) await page.getByLabel(/^Plan review date/).fill(child.planReviewDate);
    await page.getByRole('button', { name: 'Next' }).click();
  } else {
    await passEmptyStep(false);
  }
  // Steps 3 (strengths and interests) and 4 (challenges and notes) are left empty.
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await passEmptyStep(false);
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await passEmptyStep(true);
  await page.waitForURL('**/app');
}

/** From the dashboard: "Add a child" -> /onboarding/new-child -> the wizard -> back on the dashboard. */
export async function addAnotherChild(page: Page, child: ChildDetails, options?: WizardOptions) {
  await page.getByRole('link', { name: 'Add a child' }).click();
  await page.waitForURL('**/onboarding/new-child');
  await expect(page.getByRole('heading', { level: 1, name: 'Add another child' })).toBeVisible();
  await createChildThroughOnboarding(page, child, options);
}

/** A parent made through the HTTP API (not the forms): the account, its bearer token and its children. */
export interface ApiParent {
  email: string;
  /** The token of the sign-up answer; tokens live 10 minutes, longer than any test. */
  token: string;
  /** The children created, in the order given (also the order of the app's child list). */
  children: Child[];
  /**
   * POSTs JSON to the API as this parent and returns the answer (a failure throws with the status and
   * body). Child-scoped paths (/api/observations, /api/goals, /api/milestones, ...) get `?childId=`:
   * the first child unless another is named.
   */
  post<T = unknown>(path: string, data: unknown, childId?: number): Promise<T>;
}

/**
 * The REST paths of the child-scoped routers: each router's REST routes live under /api/<router name>
 * (server/rest/child-record.routes.ts: /api/observations, /api/goals, ..., /api/dashboard/stats).
 */
const CHILD_SCOPED_PATH = new RegExp(`^/api/(${CHILD_SCOPED_ROUTERS.join('|')})(/|$)`);

async function postJson<T>(page: Page, path: string, data: unknown, token?: string): Promise<T> {
  const response = await page.request.post(path, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Creates an account with POST /api/auth/sign-up and the given children with POST /api/children,
 * through the page's request context: it shares cookies with the browser, so the httpOnly session
 * cookie is set and the app restores the session from it when a page opens, as after signing up in
 * the form. Nothing is opened; add starting data with `post`, then `openApp`.
 */
export async function signUpThroughApi(page: Page, children: ChildCreateInput[] = [], email = uniqueEmail()): Promise<ApiParent> {
  const { token } = await postJson<{ token: string }>(page, '/api/auth/sign-up', { email, password: PASSWORD });
  const created: Child[] = [];
  for (const child of children) created.push(await postJson<Child>(page, '/api/children', child, token));
  return {
    email,
    token,
    children: created,
    post: async <T>(path: string, data: unknown, childId = created[0]?.id): Promise<T> => {
      const scoped = CHILD_SCOPED_PATH.test(path);
      if (scoped && childId === undefined) throw new Error(`${path} needs a child`);
      return postJson<T>(page, scoped ? `${path}?childId=${childId}` : path, data, token);
    },
  };
}

/**
 * Opens a screen of the app as the signed-in parent, a full page load. A parent with children (SPEC
 * §4) passes the beta gate after its children check (about 0.7 s), or at once once this tab has been
 * through it; the first child is selected unless this tab selected another. Waits for the screen
 * with the app's navigation, at `path`.
 */
export async function openApp(page: Page, path = '/app') {
  await page.goto(path);
  // Loading the app, restoring the session, the gate's wait and the screen's own chunk: on a loaded
  // 2-core machine that can take longer than one assertion's 7 s.
  await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(path);
}

/** A parent with these children, made through the API, on `path` (the dashboard unless named). */
export async function signedInWithChildren(page: Page, children: ChildCreateInput[], path = '/app'): Promise<ApiParent> {
  const parent = await signUpThroughApi(page, children);
  await openApp(page, path);
  return parent;
}

/**
 * A parent made through the API, without children, on the first step of the onboarding wizard: the
 * beta gate sends a new account to /beta-access, whose "Continue to Trelli" leads to /onboarding.
 */
export async function signUpThroughApiToOnboarding(page: Page): Promise<ApiParent> {
  const parent = await signUpThroughApi(page);
  await page.goto('/onboarding');
  await page.waitForURL((url) => url.pathname === '/beta-access' && url.searchParams.get('from') === '/onboarding');
  await passBetaGate(page);
  return parent;
}
