import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID, SkipLink } from '../components/ui/skip-link.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { FeatureFlagsProvider } from './feature-flags.tsx';
import { AccountDeletedNotice } from './components/account-deleted-notice.tsx';
import { PageErrorBoundary } from './components/page-error-boundary.tsx';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { PAGES } from './pages.tsx';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, pageForPath } from './paths.ts';

/**
 * Keeps the title and description in step with the page, and after a navigation moves focus to its
 * heading (a screen reader reads the page's name; as the app's screens do, decision 0080), or to
 * <main> when it has none.
 */
function usePageChange(main: RefObject<HTMLElement | null>) {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const page = pageForPath(pathname);
    document.title = page.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return; // the browser scrolls to the anchor
    window.scrollTo(0, 0);
    const heading = main.current?.querySelector('h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    } else main.current?.focus({ preventScroll: true });
  }, [pathname, hash, main]);
}

/** The public site inside a router: shell, lazy pages with a spinner, not-found for the rest. */
export function SiteApp() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  usePageChange(main);
  const NotFound = PAGES[NOT_FOUND_PAGE.name].Component;
  return (
    <FeatureFlagsProvider>
      <div className="flex min-h-screen flex-col bg-white">
        <SkipLink />
        <SiteHeader />
        <main id={MAIN_CONTENT_ID} ref={main} tabIndex={-1} className="flex-1 outline-none">
          <AccountDeletedNotice />
          <PageErrorBoundary resetKey={pathname}>
            {/* Keyed by path: a new boundary shows the spinner even though the router navigates in a transition. */}
            <Suspense key={pathname} fallback={<PageSpinner />}>
              <Routes>
                {PUBLIC_PAGES.map((page) => {
                  const Page = PAGES[page.name].Component;
                  return <Route key={page.name} path={page.path} caseSensitive element={<Page />} />;
                })}
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </PageErrorBoundary>
        </main>
        <SiteFooter />
      </div>
    </FeatureFlagsProvider>
  );
}
