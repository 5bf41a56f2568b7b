/**
 * SPEC §9, no polling (issue 25, decision 0093): while a new file is being read, the vault waits for
 * the server to say it is done, over one server-sent-events stream that carries the bearer token in
 * a header, instead of asking for the list again every second.
 */
import { expect, test, type Request } from '@playwright/test';
import { makeHostilePdf } from '../tests/helpers/document-pdfs.ts';
import { signedInWithChildren, watchConsole, yearsAgo } from './support/journeys.ts';

const isListCall = (request: Request) => new URL(request.url()).pathname.split('/').pop()?.split(',').includes('documents.list') ?? false;
const isStream = (request: Request) => new URL(request.url()).pathname.endsWith('/documents.watchProcessing');

test('a file being read shows as read when the server says so, with no repeated list requests meanwhile', async ({ page }) => {
  test.setTimeout(90_000);
  const consoleErrors = watchConsole(page);
  const listCalls: Request[] = [];
  const streams: Request[] = [];
  page.on('request', (request) => {
    if (isListCall(request)) listCalls.push(request);
    if (isStream(request)) streams.push(request);
  });
  await signedInWithChildren(page, [{ firstName: 'Maya', dateOfBirth: yearsAgo(9) }], '/vault');
  await expect(page.getByText('No documents yet.')).toBeVisible();

  // A PDF with a million drawing operations: reading it and giving up on its thumbnail takes seconds.
  await page.locator('input[type=file][name=documents]').setInputFiles({
    name: 'therapy-plan.pdf',
    mimeType: 'application/pdf',
    buffer: makeHostilePdf(1_200_000, 'Occupational therapy plan'),
  });
  const item = page
    .getByRole('list', { name: /^Documents/ })
    .locator(':scope > li')
    .filter({ hasText: 'therapy-plan' });
  await expect(item.getByText('Reading the file for search...')).toBeVisible();
  const listedWhilePending = listCalls.length;
  await expect.poll(() => streams.length).toBe(1);

  await expect(item.getByText('Reading the file for search...')).toBeHidden({ timeout: 60_000 });
  // One read of the list when the server said the file was done; none while it was being read.
  expect(listCalls.length - listedWhilePending).toBe(1);
  expect(streams).toHaveLength(1);
  const stream = streams[0] as Request;
  const authorization = (await stream.headerValue('authorization')) ?? '';
  expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(stream.url()).not.toContain(authorization.slice('Bearer '.length));
  expect(consoleErrors).toEqual([]);
});
