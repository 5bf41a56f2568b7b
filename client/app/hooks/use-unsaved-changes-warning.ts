import { useEffect, useState } from 'react';

/**
 * Asks the browser to confirm before the page is closed or reloaded while `dirty` (typed text not
 * saved yet). Only the browser's own leaving is covered: the app uses <BrowserRouter>, not a data
 * router, so react-router's useBlocker is not available for in-app links (decision 0029).
 */
export function useUnsavedChangesWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** True while `values` differ from what they were when the form opened (compared as JSON). */
export function useHasChanged(values: unknown): boolean {
  const [initial] = useState(() => JSON.stringify(values));
  return JSON.stringify(values) !== initial;
}
