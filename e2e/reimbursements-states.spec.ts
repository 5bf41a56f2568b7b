/**
 * /reimbursements in every state a parent reaches, on a phone (390 px) and at 320 px (WCAG 1.4.10):
 * the first run, loading, the server failing and the connection gone (each says so and recovers),
 * a record with the longest funder, provider and reference names the API takes, its history open,
 * forms open with field errors, a refused delete's sentence, after the CSV and ZIP downloads, and a
 * viewer's view; axe on each. Then the whole claim journey by keyboard alone (Tab, Enter, Space and
 * typing): focus is visible and lands on what each save made.
 */
import { expect, test, type Page } from '@playwright/test';
import { REIMBURSEMENT_LIMITS } from '#shared/schemas/reimbursement.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { viewerOf } from './support/caregivers.ts';
import {
  isoDaysFromNow,
  openApp,
  signedInWithChildren,
  signUpThroughApi,
  watchConsole,
  yearsAgo,
  type ApiParent,
} from './support/journeys.ts';
import { expectFocusShown, tabTo } from './support/keyboard.ts';

test.use({ timezoneId: 'UTC' });

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const MAYA = { firstName: 'Maya', dateOfBirth: yearsAgo(9) };

/** `length` characters without a break: `label`, then letters. */
function unbroken(label: string, length: number): string {
  return (label + 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(length / 26))).slice(0, length);
}

const FUNDER = unbroken('Funder', REIMBURSEMENT_LIMITS.name);
const PROVIDER = unbroken('Provider', REIMBURSEMENT_LIMITS.provider);
const DRAFT_PROVIDER = unbroken('Second', REIMBURSEMENT_LIMITS.provider);

/** What pushes the page wider than the window, and text cut short; empty when it reflows. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (element: Element) => `<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').slice(0, 40)}`;
    if (document.documentElement.scrollWidth > window.innerWidth)
      found.push(`${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`);
    // Past the right edge or wider than the window; the innermost such elements are what push the page.
    const past = (element: Element) => {
      const { right, width } = element.getBoundingClientRect();
      return (right > window.innerWidth + 1 || width > window.innerWidth + 1) && !element.closest('.sr-only');
    };
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      if (past(element) && ![...element.children].some(past)) found.push(`past the edge: ${name(element)}`);
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) found.push(`cut short: ${name(element)}`);
    }
    return found.slice(0, 12);
  });
}

/** The state on a phone and at 320 px: nothing wider than the window, nothing cut short; axe on the phone. */
async function checkState(page: Page, state: string, { axe = true } = {}) {
  await page.setViewportSize(PHONE);
  expect(await overflow(page), `${state} (390 px)`).toEqual([]);
  if (axe) await expectNoAxeViolations(page, `${state} (390 px)`);
  await page.setViewportSize(NARROW);
  expect(await overflow(page), `${state} (320 px)`).toEqual([]);
  await page.setViewportSize(PHONE);
}

/** A funder, a paid claim with a long history, and a draft claim, each with the longest names the API takes. */
async function longRecord(parent: ApiParent) {
  const source = await parent.post<{ id: number }>(`/api/funding-sources?childId=${parent.children[0]?.id}`, {
    kind: 'esa',
    name: FUNDER,
    awardCents: 500_000,
    deadlines: [isoDaysFromNow(10)],
    notes: unbroken('SourceNotes', 600),
  });
  const paid = await parent.post<{ id: number }>('/api/expenses', {
    provider: PROVIDER,
    category: 'assistive-technology',
    serviceDate: isoDaysFromNow(-3),
    serviceEndDate: isoDaysFromNow(0),
    amountCents: 123_456_78,
    paidBy: unbroken('PaidBy', REIMBURSEMENT_LIMITS.paidBy),
    notes: unbroken('ExpenseNotes', 600),
  });
  const claim = await parent.post<{ id: number }>(`/api/expenses/${paid.id}/claims`, {
    fundingSourceId: source.id,
    amountCents: 123_456_78,
  });
  const reference = unbroken('Reference', REIMBURSEMENT_LIMITS.reference);
  await parent.post(`/api/claims/${claim.id}/status`, { status: 'submitted', reference, note: unbroken('Note', 300) });
  await parent.post(`/api/claims/${claim.id}/status`, { status: 'approved', approvedCents: 123_456_78 });
  await parent.post(`/api/claims/${claim.id}/payments`, { amountCents: 23_456_78, paidOn: isoDaysFromNow(0), reference });
  const draft = await parent.post<{ id: number }>('/api/expenses', {
    provider: DRAFT_PROVIDER,
    category: 'therapy',
    serviceDate: isoDaysFromNow(0),
    amountCents: 15_000,
  });
  await parent.post(`/api/expenses/${draft.id}/claims`, { fundingSourceId: source.id, amountCents: 15_000 });
}

test.describe('on a phone and at 320 px', () => {
  test.use({ viewport: PHONE });

  test('first run, loading, a failing server and no connection: each says so, fits, and recovers', async ({ page, context }) => {
    await signUpThroughApi(page, [MAYA]);
    // Loading: the first answer is held until the spinner has been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/trpc\/[^?]*reimbursements\.summary/, async (route) => {
      await held;
      await route.continue();
    });
    await openApp(page, '/reimbursements');
    await expect(page.getByText('Loading the reimbursements')).toBeVisible();
    await checkState(page, 'loading', { axe: false });
    release();
    await expect(page.getByRole('heading', { level: 2, name: 'Get money back for therapy, tutoring and more' })).toBeVisible();
    await page.unrouteAll();
    await checkState(page, 'first run');

    // The server failing (the database away): the screen's lists answer 500 (the app shell's own
    // calls, the children and the session, still answer).
    const screenCalls = (url: URL) =>
      url.pathname.startsWith('/api/trpc/') &&
      url.pathname
        .slice('/api/trpc/'.length)
        .split(',')
        .every((procedure) => /^(fundingSources|expenses|reimbursements)\./.test(procedure));
    await page.route(screenCalls, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) }),
    );
    await page.reload();
    const failed = page.getByText('We could not load the reimbursements just now. Please check your connection and try again.');
    await expect(failed).toBeVisible({ timeout: 20_000 });
    await checkState(page, 'the server failing');
    await page.unroute(screenCalls);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Get money back for therapy, tutoring and more' })).toBeVisible();
    await expect(failed).toHaveCount(0);

    // No connection: another year asked for offline waits, says so, and shows once back.
    await context.setOffline(true);
    await page.getByRole('combobox', { name: 'Period' }).selectOption(String(Number(isoDaysFromNow(0).slice(0, 4)) - 1));
    await expect(page.getByText("You're offline. The reimbursements will show when you're back online.")).toBeVisible();
    await checkState(page, 'offline');
    await context.setOffline(false);
    await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();
    await expect(page.getByText(/You're offline/)).toHaveCount(0);
    await checkState(page, 'back online, another year');
  });

  test('with the longest names, each state a parent reaches fits and reads', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    const parent = await signUpThroughApi(page, [MAYA]);
    await longRecord(parent);
    await openApp(page, '/reimbursements');
    const expenses = page.getByRole('region', { name: 'Expenses' });
    const paid = expenses.getByRole('article', { name: PROVIDER });
    const draft = expenses.getByRole('article', { name: DRAFT_PROVIDER });
    await expect(paid).toContainText('Partly paid');
    await checkState(page, 'with data');

    // The paid claim's history, and the draft's change and move forms.
    await paid.getByText('History', { exact: true }).click();
    await expect(paid.getByText(/: Approved \(\$123,456\.78\), by you$/)).toBeVisible();
    await draft.getByRole('button', { name: `Change claim: ${FUNDER} claim` }).click();
    await expect(draft.getByLabel('Claim from')).toBeFocused();
    await checkState(page, 'history open, a draft claim being changed');
    await draft.getByLabel('Amount to claim (USD)').fill('999999');
    await draft.getByRole('button', { name: 'Save claim' }).click();
    await expect(draft.getByRole('alert')).toBeVisible();
    await checkState(page, 'a claim change refused');
    // Saved offline: the form says it waits, and saves once the connection is back.
    await page.context().setOffline(true);
    await draft.getByLabel('Amount to claim (USD)').fill('100');
    await draft.getByRole('button', { name: 'Save claim' }).click();
    const waiting = "You're offline. Your change to the claim is kept here and will be saved when you're back online.";
    await expect(draft.getByRole('status').filter({ hasText: waiting })).toBeAttached();
    await expect(draft.getByText(waiting).last()).toBeVisible();
    await checkState(page, 'a claim change waiting offline', { axe: false });
    await page.context().setOffline(false);
    await expect(draft).toContainText('Asked $100.00');
    await expect(draft.getByRole('heading', { name: `${FUNDER} claim` })).toBeFocused();
    await paid.getByRole('button', { name: `Record a payment: ${FUNDER} claim` }).click();
    await expect(paid.getByLabel('Amount paid (USD)', { exact: true })).toBeFocused();
    await checkState(page, 'recording a payment', { axe: false });
    await paid.getByRole('button', { name: 'Cancel' }).click();

    // A new expense sent empty: the field errors.
    await page.getByRole('button', { name: 'Add an expense' }).first().click();
    const form = page.getByRole('form', { name: 'Add an expense' });
    await form.getByRole('button', { name: 'Add expense' }).click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    // And a new funder sent without its name, both forms open at once.
    await page.getByRole('button', { name: 'Add a funding source' }).click();
    const sourceForm = page.getByRole('form', { name: 'Add a funding source' });
    await sourceForm.getByRole('button', { name: 'Add funding source' }).click();
    await expect(sourceForm.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await checkState(page, 'the expense and funder forms with field errors');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await sourceForm.getByRole('button', { name: 'Cancel' }).click();

    // The funder's delete refused: the server's sentence beside the button.
    const sourceCard = page.getByRole('region', { name: 'Funding sources' }).getByRole('article', { name: FUNDER });
    await sourceCard.getByRole('button', { name: `Delete ${FUNDER}` }).click();
    await sourceCard.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(sourceCard.getByText(/^This funding source has 2 claims.*before deleting it\.$/)).toBeVisible();
    await checkState(page, 'a refused delete');

    // After both downloads.
    const summary = page.getByRole('region', { name: 'Summary' }).getByRole('article', { name: FUNDER });
    for (const [button, toast] of [
      ['Download CSV', 'Your CSV is downloading'],
      ['Download receipts (ZIP)', 'Your receipts are downloading'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        summary.getByRole('button', { name: `${button}: ${FUNDER}` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^reimbursements_funder/);
      await expect(page.getByText(toast, { exact: true })).toBeVisible();
    }
    await checkState(page, 'after the CSV and ZIP downloads');
    expect(errors).toEqual([]);
  });

  test('a viewer’s view with the longest names fits, reads and offers no change', async ({ page, browser }) => {
    const parent = await signUpThroughApi(page, [MAYA]);
    await longRecord(parent);
    const viewer = await viewerOf(browser, parent, PHONE);
    await openApp(viewer, '/reimbursements');
    await expect(viewer.getByText('You can view Maya’s record but not change it.', { exact: false })).toBeVisible();
    const paid = viewer.getByRole('region', { name: 'Expenses' }).getByRole('article', { name: PROVIDER });
    await paid.getByText('History', { exact: true }).click();
    await expect(viewer.getByRole('button', { name: /^(Change claim|Mark |Record a payment|Claim it|Delete|Edit)/ })).toHaveCount(0);
    await checkState(viewer, 'a viewer’s view');
    await viewer.context().close();
  });
});

test('by keyboard alone: a funder, an expense without a receipt, claimed, submitted, approved and paid', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInWithChildren(page, [MAYA], '/reimbursements');
  const keys = page.keyboard;

  await tabTo(page, page.getByRole('button', { name: 'Add a funding source' }));
  await keys.press('Enter');
  const sourceForm = page.getByRole('form', { name: 'Add a funding source' });
  await expectFocusShown(sourceForm.getByLabel('Kind', { exact: true }));
  await tabTo(page, sourceForm.getByLabel('Name', { exact: true }));
  await keys.type('Family HSA');
  await tabTo(page, sourceForm.getByRole('button', { name: 'Add funding source' }));
  await keys.press('Enter');
  const sources = page.getByRole('region', { name: 'Funding sources' });
  await expectFocusShown(sources.getByRole('heading', { name: 'Family HSA' }));

  await tabTo(page, page.locator('#add-expense'), { back: true });
  await keys.press('Space');
  await expectFocusShown(page.getByRole('heading', { level: 2, name: 'Add an expense' }));
  const form = page.getByRole('form', { name: 'Add an expense' });
  await tabTo(page, form.getByLabel('Provider', { exact: true }));
  await keys.type('Reading Tutor');
  await tabTo(page, form.getByLabel('Amount paid (USD)', { exact: true }));
  await keys.type('80');
  await tabTo(page, form.getByRole('button', { name: 'Add expense' }));
  await keys.press('Enter');
  const expense = page.getByRole('region', { name: 'Expenses' }).getByRole('article', { name: 'Reading Tutor' });
  await expectFocusShown(expense.getByRole('heading', { name: 'Reading Tutor' }));

  await tabTo(page, expense.getByRole('button', { name: 'Claim it: Reading Tutor' }));
  await keys.press('Enter');
  await expectFocusShown(expense.getByLabel('Claim from'));
  await tabTo(page, expense.getByRole('button', { name: 'Add claim' }));
  await keys.press('Enter');
  const claim = expense.getByRole('listitem').filter({ hasText: 'Family HSA claim' });
  await expect(claim).toContainText('Draft');
  await expectFocusShown(expense.getByRole('heading', { name: 'Reading Tutor' }));

  const step = async (open: string, submit: string, shows: string) => {
    await tabTo(page, claim.getByRole('button', { name: `${open}: Family HSA claim` }));
    await keys.press('Space');
    await expect(claim.getByRole('textbox').first()).toBeFocused();
    await tabTo(page, claim.getByRole('button', { name: submit, exact: true }));
    await keys.press('Enter');
    await expect(claim).toContainText(shows);
    await expectFocusShown(claim.getByRole('heading', { name: 'Family HSA claim' }));
  };
  await step('Mark submitted', 'Mark submitted', 'Submitted');
  await step('Mark approved', 'Mark approved', 'Approved $80.00');
  await step('Record a payment', 'Record payment', 'Paid $80.00');
  await expect(claim.getByText('Paid', { exact: true })).toBeVisible();

  // No trap: Tab goes on past the claim to the funding sources and the end of the page.
  await tabTo(page, sources.getByRole('button', { name: 'Edit Family HSA' }));
  await expectNoAxeViolations(page, 'after the keyboard journey');
});
