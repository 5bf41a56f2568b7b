// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, preloadAllPages, renderPage, type SitePage } from '../../../client/site/prerender-entry.tsx';
import { preloadPageForPath } from '../../../client/site/pages.tsx';
import { SiteBrowserApp } from '../../../client/site/site-client.tsx';
import { AVAILABLE_FEATURES, COMING_FEATURES, COMING_SECTION } from '../../../client/site/content/features.ts';

// Tell React this file drives it with act() (Testing Library does this for the other files).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ALL_PAGES: readonly SitePage[] = [...PUBLIC_PAGES, NOT_FOUND_PAGE];

function textOf(html: string): string {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container.textContent ?? '';
}

beforeAll(async () => {
  await preloadAllPages();
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('prerendered public pages', () => {
  it.each(ALL_PAGES.map((page) => [page.path, page] as const))('%s renders its shell and exactly one h1', (_path, page) => {
    const html = renderPage(page);
    const container = document.createElement('div');
    container.innerHTML = html;
    const headings = [...container.querySelectorAll('h1')];
    expect(headings.map((h1) => h1.textContent)).toEqual([page.heading]);
    expect(container.querySelector('header')?.textContent).toContain('track. plan. thrive.');
    // Every page but the beta page, which greets a parent who has just signed up.
    expect(container.querySelector('header a[href="/sign-in"]')?.textContent).toBe(page.path === '/beta-access' ? undefined : 'Sign In');
    expect(container.querySelector('main')).not.toBeNull();
    const footer = container.querySelector('footer')?.textContent ?? '';
    expect(footer).toContain('Smarter tools for real family life');
    expect(footer).toContain('© 2025 Trelli');
    expect(footer).toContain('Tools, insight and support for families of kids who learn and think differently.');
    expect(textOf(html)).not.toMatch(/lorem ipsum|coming soon/i);
  });

  it('puts the landing page’s tour, what is coming and the “Already have access?” prompt in the HTML', () => {
    const container = document.createElement('div');
    container.innerHTML = renderPage(PUBLIC_PAGES[0]);
    const titles = (selector: string) => [...container.querySelectorAll(`${selector} h3`)].map((h3) => h3.textContent);
    expect(titles('section#tour')).toEqual(AVAILABLE_FEATURES.map((feature) => feature.name));
    expect(titles(`section#${COMING_SECTION.id}`)).toEqual(COMING_FEATURES.map((feature) => feature.name));
    // Together, the nine tools of the tour.
    expect([...titles('section#tour'), ...titles(`section#${COMING_SECTION.id}`)].sort()).toEqual(
      [
        'Child profile',
        'Observations',
        'Progress planner',
        'Roadmap',
        'Document vault',
        'Reimbursements',
        'Snapshots',
        'Smart forms',
        'The guide',
      ].sort(),
    );
    const prompt = [...container.querySelectorAll('h2')].find((h2) => h2.textContent === 'Already have access?');
    expect(prompt?.closest('section')?.querySelector('a[href="/sign-in"]')?.textContent).toBe('Sign In');
  });

  /** Pages whose forms need React too (their submit waits for it), beside the header's Menu button on every page. */
  const FORMS_GATED = new Set(['/beta-access', '/contact']);

  it.each(ALL_PAGES.map((page) => [page.path, page] as const))('%s hydrates without a mismatch', async (_path, page) => {
    const path = page.path === '*' ? '/no-such-page' : page.path;
    window.history.replaceState(null, '', path);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));

    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = renderPage(page);
    document.body.append(container);
    const before = container.innerHTML;

    await preloadPageForPath(path);
    await act(async () => {
      root = hydrateRoot(container, <SiteBrowserApp />, { onRecoverableError: (error) => errors.push(error) });
    });

    expect(errors.map((error) => String(Array.isArray(error) ? error.join(' ') : error).slice(0, 600))).toEqual([]);
    // The one intended change: controls that need React are disabled until it is attached (useHydrated).
    expect(/<button[^>]*aria-label="Menu"[^>]*>/.exec(before)?.[0]).toContain(' disabled=""');
    const disabledCount = before.split(' disabled=""').length - 1;
    expect(disabledCount > 1).toBe(FORMS_GATED.has(page.path));
    expect(container.innerHTML).toBe(before.replaceAll(' disabled=""', ''));
    expect(document.title).toBe(page.title);
  });
});
