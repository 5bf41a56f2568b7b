/** A second account invited to a child, as a caregiver's browser. */
import type { Browser, Page, ViewportSize } from '@playwright/test';
import { signUpThroughApi, uniqueEmail, type ApiParent } from './journeys.ts';

/** A second account, in a browser of its own, invited as a viewer of the parent's first child and accepted. */
export async function viewerOf(browser: Browser, parent: ApiParent, viewport: ViewportSize): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'UTC', viewport });
  const page = await context.newPage();
  const uncle = await signUpThroughApi(page, [], uniqueEmail('uncle'));
  const { link } = await parent.post<{ link: string }>('/api/invites', {
    email: uncle.email,
    role: 'viewer',
    childIds: [parent.children[0]?.id],
  });
  await uncle.post('/api/invites/accept', { token: link.slice(link.indexOf('#') + 1) });
  return page;
}
