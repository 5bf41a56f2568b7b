import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID } from '../../components/ui/skip-link.tsx';
import { focusElement } from '../../lib/focus.ts';

/** Every screen's document title ends with this, as the public site's pages do. */
const TITLE_SUFFIX = ' · Trelli';

/** The document title of a screen named `screen`: "Document vault · Trelli". */
export function screenDocumentTitle(screen: string): string {
  return `${screen}${TITLE_SUFFIX}`;
}

/** How long a screen that is still loading may take to show its heading before focus stays where it is. */
const HEADING_WAIT_MS = 5000;

/** The path whose screen was last shown; null until the first screen (a page load: focus stays at the top). */
let shownPath: string | null = null;

/**
 * After a move to another screen: focus goes to the screen's h1 (a screen reader reads its name, and
 * the next Tab continues in the screen). A screen still loading gets focus on <main> until its
 * heading comes, unless the person has moved focus meanwhile. Returns a cleanup.
 */
function focusScreenHeading(): () => void {
  const scope = document.getElementById(MAIN_CONTENT_ID) ?? document.body;
  const heading = () => scope.querySelector('h1');
  const found = heading();
  if (found) {
    focusElement(found);
    return () => undefined;
  }
  if (scope !== document.body) focusElement(scope);
  const waitingOn = document.activeElement;
  const observer = new MutationObserver(() => {
    if (document.activeElement !== waitingOn && document.activeElement !== document.body) return stop();
    const arrived = heading();
    if (arrived) {
      focusElement(arrived);
      stop();
    }
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(scope, { childList: true, subtree: true });
  return stop;
}

const RefineTitle = createContext<((title: string | null) => void) | null>(null);

/**
 * One screen of the app (WCAG 2.4.2, 2.4.3): gives the document its own title, and after a move from
 * another screen puts focus on the new screen's heading. Every route's element is one; a screen whose
 * name depends on its data (an article, a letter) refines the title with useScreenTitle.
 */
export function Screen({ title, children }: { title: string; children: ReactNode }) {
  const [refined, setRefined] = useState<string | null>(null);
  const { pathname } = useLocation();
  const shown = refined ?? title;
  useEffect(() => {
    document.title = screenDocumentTitle(shown);
  }, [shown]);
  useEffect(() => {
    const arrived = shownPath !== null && shownPath !== pathname;
    shownPath = pathname;
    return arrived ? focusScreenHeading() : undefined;
  }, [pathname]);
  return <RefineTitle.Provider value={setRefined}>{children}</RefineTitle.Provider>;
}

/** A screen's name from its data ("Asking for an evaluation"), in place of its route's; null while loading. */
export function useScreenTitle(title: string | null): void {
  const refine = useContext(RefineTitle);
  useEffect(() => {
    if (!refine || title === null) return undefined;
    refine(title);
    return () => refine(null);
  }, [refine, title]);
}
