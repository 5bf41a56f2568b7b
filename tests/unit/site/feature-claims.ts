/**
 * Words that say a part of Trelli works: each appears on the public site once that part is
 * 'available' in client/site/content/feature-status.ts, and nowhere while it is 'coming'.
 * feature-status.test.tsx checks the second half with the real statuses; feature-status-landed.test.tsx
 * checks the first with every status flipped to 'available', so no pattern here can pass vacuously.
 */
import type { FeatureId } from '../../../client/site/content/feature-status.ts';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, preloadAllPages, renderPage, type SitePage } from '../../../client/site/prerender-entry.tsx';

export const CLAIMS: Partial<Record<FeatureId, readonly RegExp[]>> = {
  'document-vault': [/Upload PDFs/, /keep in the vault/, /documents you can find when they ask/],
  reimbursements: [
    /Expenses with their receipts, superbills and invoices/,
    /Deadline warnings on the dashboard and the roadmap/,
    /How does reimbursement tracking work/,
    /reimbursement records/,
  ],
  snapshots: [
    /Save it as a PDF, or share it by a link that works for 1 to 30 days/,
    /IEP meeting pack with each goal’s progress chart/,
    /share a snapshot with a new teacher/,
    /print or send a snapshot/,
    /create the snapshots you ask for/,
  ],
  'smart-forms': [
    /Filled in by link, with no account needed/,
    /You approve each answer before it joins the record/,
    /fill in a smart form/,
    /Smart form links are for the people/,
  ],
  guide: [
    /Short, practical reads/,
    /The guide and any suggestions/,
    /Letters to the school you can fill in/,
    /Where does the guide’s advice come from/,
  ],
  caregivers: [/the people they invite/, /need the same picture/, /Share a child’s record with a co-parent or caregiver/, /audit log/],
  export: [/export your information/i, /export everything and leave/, /export or delete/i],
  'child-deletion': [
    /choose Delete profile on the child’s card/,
    /A deleted child takes all of their records/,
    /delete a child profile with all of its records/,
    /Delete records, child profiles/,
  ],
  'account-deletion': [/choose to delete your account/, /delete your account at any time/, /Export and deletion whenever you want/],
  'password-reset': [
    /use the reset option on the sign-in screen/,
    /emails you a link to choose a new one/,
    /sign out of every other device/i,
  ],
};

export const ALL_PAGES: readonly SitePage[] = [...PUBLIC_PAGES, NOT_FOUND_PAGE];

/** Every page's prerendered text (collapsed details included), by page name. */
export async function pageTexts(): Promise<Map<string, string>> {
  await preloadAllPages();
  const texts = new Map<string, string>();
  for (const page of ALL_PAGES) {
    const container = document.createElement('div');
    container.innerHTML = renderPage(page);
    texts.set(page.name, `${page.description}\n${container.textContent ?? ''}`);
  }
  return texts;
}

/** The prerendered page as a DOM tree. */
export function pageDom(page: SitePage): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderPage(page);
  return container;
}
