/**
 * Reimbursements (issue 26) against the production build, on a desktop and a phone: a parent adds an
 * ESA with quarterly deadlines and one listed date within 14 days, adds an expense from a receipt PDF
 * whose amount the receipt's text proposes, claims it, moves the claim to submitted and approved,
 * records two payments to paid, reads the summary, downloads the receipts ZIP, and the screen passes
 * axe; the dashboard warns of the deadline while the claim is still to submit. A viewer of the same
 * child sees the figures and no control that changes them.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { makeTextPdf } from '../tests/helpers/document-pdfs.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  isoDaysFromNow,
  openApp,
  signUpThroughApi,
  signedInWithChildren,
  uniqueEmail,
  watchConsole,
  yearsAgo,
} from './support/journeys.ts';

// "Today" in the browser and in the test are the same calendar day.
test.use({ timezoneId: 'UTC' });

const PROVIDER = 'Bright Minds Therapy';

function receiptPdf(): Buffer {
  return makeTextPdf(PROVIDER, [
    'Receipt for speech therapy, Maya Lopez',
    `Date of service: ${isoDaysFromNow(0)}`,
    'Speech therapy session (60 minutes)',
    'Amount paid: $150.00',
    'Paid by card. Thank you!',
  ]);
}

/** No part of the page is wider than the window (WCAG 1.4.10). */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

for (const [device, viewport] of VIEWPORTS) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a parent claims a receipt from an ESA through to paid, and downloads the receipts', async ({ page }) => {
      const errors = watchConsole(page);
      await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }], '/reimbursements');
      await expect(page.getByRole('heading', { level: 1, name: 'Reimbursements' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Get money back for therapy, tutoring and more' })).toBeVisible();
      await expectNoAxeViolations(page, `first run (${device})`);

      // The ESA: quarterly deadlines, and one listed date ten days ahead.
      await page.getByRole('button', { name: 'Add a funding source' }).click();
      const sourceForm = page.getByRole('form', { name: 'Add a funding source' });
      await sourceForm.getByLabel('Kind', { exact: true }).selectOption('esa');
      await sourceForm.getByLabel('Name', { exact: true }).fill('Arizona ESA');
      await sourceForm.getByLabel(/^Award or limit \(USD\)/).fill('5,000');
      await sourceForm.getByLabel('Repeating deadline', { exact: true }).selectOption('quarterly');
      await sourceForm.getByRole('button', { name: 'Add a deadline date' }).click();
      await expect(sourceForm.getByLabel('Deadline 1', { exact: true })).toBeFocused();
      await sourceForm.getByLabel('Deadline 1', { exact: true }).fill(isoDaysFromNow(10));
      await sourceForm.getByRole('button', { name: 'Add funding source' }).click();
      await expect(page.getByText('Funding source added', { exact: true })).toBeVisible();
      const sources = page.getByRole('region', { name: 'Funding sources' });
      await expect(sources.getByRole('heading', { name: 'Arizona ESA' })).toBeFocused();
      await expect(sources.getByRole('article', { name: 'Arizona ESA' })).toContainText('$5,000.00');

      // The expense, from its receipt: the amount is proposed from the PDF's text.
      await page.getByRole('button', { name: 'Add an expense' }).first().click();
      const form = page.getByRole('form', { name: 'Add an expense' });
      await form
        .getByLabel(/^Receipt photo or PDF/)
        .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: receiptPdf() });
      await expect(form.getByText('We filled in what it shows: check each field.')).toBeVisible({ timeout: 20_000 });
      const amount = form.getByLabel('Amount paid (USD)', { exact: true });
      await expect(amount).toHaveValue('150.00');
      await expect(amount).toHaveAccessibleDescription('Proposed from the receipt — check it');
      await form.getByLabel('Provider', { exact: true }).fill(PROVIDER);
      await form.getByLabel('Category', { exact: true }).selectOption('therapy');
      await form.getByRole('textbox', { name: 'Date of service' }).fill(isoDaysFromNow(0));
      await form.getByRole('checkbox', { name: 'Amount paid' }).check();
      await form.getByRole('button', { name: 'Add expense' }).click();
      await expect(page.getByText('Expense added', { exact: true })).toBeVisible();
      const expense = page.getByRole('region', { name: 'Expenses' }).getByRole('article', { name: PROVIDER });
      await expect(expense.getByRole('heading', { name: PROVIDER })).toBeFocused();
      await expect(expense).toContainText('1 document in the vault');

      // A correction keeps the receipt.
      await expense.getByRole('button', { name: `Edit expense: ${PROVIDER}` }).click();
      const editForm = expense.getByRole('form', { name: `Edit expense: ${PROVIDER}` });
      await expect(editForm.getByLabel('Provider', { exact: true })).toBeFocused();
      await editForm.getByLabel(/^Paid by/).fill('Visa ending 4242');
      await editForm.getByRole('button', { name: 'Save expense' }).click();
      await expect(expense).toContainText('by Visa ending 4242');
      await expect(expense.getByRole('heading', { name: PROVIDER })).toBeFocused();
      await expect(expense).toContainText('1 document in the vault');

      // Claimed from the ESA, for what is left of the expense.
      await expense.getByRole('button', { name: `Claim it: ${PROVIDER}` }).click();
      const claimForm = expense.getByRole('form', { name: `Claim ${PROVIDER}` });
      await expect(claimForm.getByLabel('Amount to claim (USD)', { exact: true })).toHaveValue('150.00');
      await claimForm.getByRole('button', { name: 'Add claim' }).click();
      const claim = expense.getByRole('listitem').filter({ hasText: 'Arizona ESA claim' });
      await expect(claim).toContainText('Draft');

      // Still to submit before the deadline ten days ahead: the summary warns.
      const summary = page.getByRole('region', { name: 'Summary' }).getByRole('article', { name: 'Arizona ESA' });
      await expect(summary).toContainText(/Next deadline: .*\(in \d+ days\)\./);
      await expect(summary).toContainText(`1 expense still to submit ($150.00): ${PROVIDER}.`);

      // The dashboard warns too, and its line leads back here.
      await openApp(page, '/app');
      const warning = page.getByRole('link', { name: /^Arizona ESA: 1 expense to submit by / });
      await expect(warning).toBeVisible();
      await expect(page.getByText('10 days left', { exact: true })).toBeVisible();
      await warning.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reimbursements' })).toBeVisible();

      await claim.getByRole('button', { name: 'Mark submitted: Arizona ESA claim' }).click();
      await claim.getByRole('textbox', { name: /Funder’s reference/ }).fill('ESA-2291');
      await claim.getByRole('button', { name: 'Mark submitted', exact: true }).click();
      await expect(claim).toContainText('Submitted');
      await expect(summary).toContainText('Nothing is waiting to be submitted.');
      // Only the moves the claim can make now are offered.
      await expect(claim.getByRole('button', { name: /^Mark (approved|denied)/ })).toHaveCount(2);
      await expect(claim.getByRole('button', { name: /^Mark submitted/ })).toHaveCount(0);

      await claim.getByRole('button', { name: 'Mark approved: Arizona ESA claim' }).click();
      await expect(claim.getByLabel('Approved amount (USD)', { exact: true })).toHaveValue('150.00');
      await claim.getByRole('button', { name: 'Mark approved', exact: true }).click();
      await expect(claim).toContainText('Approved $150.00');

      await claim.getByRole('button', { name: 'Record a payment: Arizona ESA claim' }).click();
      await claim.getByLabel('Amount paid (USD)', { exact: true }).fill('100');
      await claim.getByRole('button', { name: 'Record payment' }).click();
      await expect(claim).toContainText('Partly paid');
      await claim.getByRole('button', { name: 'Record a payment: Arizona ESA claim' }).click();
      await expect(claim.getByLabel('Amount paid (USD)', { exact: true })).toHaveValue('50.00');
      await claim.getByRole('button', { name: 'Record payment' }).click();
      await expect(claim).toContainText('Paid $150.00');
      await expect(claim.getByRole('list', { name: 'Payments: Arizona ESA claim' }).getByRole('listitem')).toHaveCount(2);
      await expect(claim.getByText('Paid', { exact: true })).toBeVisible();

      // The summary: approved and paid in full, 4,850 left of the award, nothing out of pocket.
      await expect(summary).toContainText('Paid$150.00');
      await expect(summary).toContainText('Remaining$4,850.00');
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Out of pocket');
      // The total comes first after the block's description, before any category.
      await expect(page.getByRole('region', { name: 'Out of pocket' })).toContainText(/budgeting\.\s*\$0\.00/);

      // A funder with claims is not deleted: the server's sentence says why, beside the button.
      const sourceCard = sources.getByRole('article', { name: 'Arizona ESA' });
      await sourceCard.getByRole('button', { name: 'Delete Arizona ESA' }).click();
      await sourceCard.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(sourceCard.getByText(/^This funding source has 1 claim.*: remove or change them before deleting it\.$/)).toBeVisible();

      // The receipts as a funder asks for them: a ZIP with an index.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        summary.getByRole('button', { name: 'Download receipts (ZIP): Arizona ESA' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^reimbursements_arizona-esa_\d{4}-01-01_\d{4}-12-31\.zip$/);
      const zip = await readFile(await download.path());
      expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      expect(zip.toString('latin1')).toContain('index.csv');

      await expectNoSideways(page);
      await expectNoAxeViolations(page, `reimbursements (${device})`);
      // WCAG 1.4.10: the narrowest screen reads without scrolling sideways.
      await page.setViewportSize({ width: 320, height: 640 });
      await expectNoSideways(page);
      expect(errors).toEqual([]);
    });
  });
}

test('a viewer reads the reimbursements and finds no control that changes them', async ({ page, browser }) => {
  const parent = await signUpThroughApi(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }]);
  const maya = parent.children[0]?.id;
  const source = await parent.post<{ id: number }>(`/api/funding-sources?childId=${maya}`, {
    kind: 'hsa',
    name: 'Family HSA',
    deadlines: [],
  });
  const expense = await parent.post<{ id: number }>('/api/expenses', {
    provider: PROVIDER,
    category: 'therapy',
    serviceDate: isoDaysFromNow(0),
    amountCents: 9000,
  });
  await parent.post(`/api/expenses/${expense.id}/claims`, { fundingSourceId: source.id, amountCents: 9000 });

  const uncleContext = await browser.newContext({ timezoneId: 'UTC' });
  const unclePage = await uncleContext.newPage();
  const uncle = await signUpThroughApi(unclePage, [], uniqueEmail('uncle'));
  const { link } = await parent.post<{ link: string }>('/api/invites', { email: uncle.email, role: 'viewer', childIds: [maya] });
  await uncle.post('/api/invites/accept', { token: link.slice(link.indexOf('#') + 1) });

  await openApp(unclePage, '/reimbursements');
  await expect(unclePage.getByText('You can view Maya’s record but not change it.', { exact: false })).toBeVisible();
  const item = unclePage.getByRole('region', { name: 'Expenses' }).getByRole('article', { name: PROVIDER });
  await expect(item).toContainText('Family HSA claim');
  await expect(item).toContainText('Draft');
  await expect(unclePage.getByRole('region', { name: 'Funding sources' }).getByRole('article', { name: 'Family HSA' })).toBeVisible();
  // The exports are reading, so a viewer has them.
  await expect(unclePage.getByRole('button', { name: 'Download CSV: Family HSA' })).toBeVisible();
  const editing = /^(Add an expense|Add a funding source|Claim it|Mark |Withdraw|Record a payment|Change claim|Edit|Delete)/;
  await expect(unclePage.getByRole('button', { name: editing })).toHaveCount(0);
  await expectNoAxeViolations(unclePage, 'reimbursements as a viewer');
  await uncleContext.close();
});
