/** How long a saved item may take to reach the page (its list refetched) before focus is left alone. */
const SHOWN_WAIT_MS = 5000;

/** Focuses `element`, first making it focusable from script when it is not (a heading, a message). */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus();
}

/**
 * Moves focus to the element with `id` once it is in the page: what a save produced (the new item,
 * the message), which may arrive only when its list has been refetched (WCAG 2.4.3). Gives up after
 * a few seconds, or as soon as the person has put focus somewhere themselves.
 */
export function focusWhenShown(id: string, { notThis }: { notThis?: Element | null } = {}): void {
  const startedOn = document.activeElement;
  const movedOn = () => document.activeElement !== startedOn && document.activeElement !== document.body && document.activeElement !== null;
  const attempt = () => {
    if (movedOn()) return true;
    const element = document.getElementById(id);
    // `notThis`: the element now holding the id, which is about to be replaced (a card moving to another list).
    if (!element || element === notThis) return false;
    focusElement(element);
    return true;
  };
  // After this render: the element may be about to appear or the control that asked about to go.
  requestAnimationFrame(() => {
    if (attempt()) return;
    const observer = new MutationObserver(() => {
      if (attempt()) stop();
    });
    const timer = setTimeout(() => stop(), SHOWN_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
  });
}
