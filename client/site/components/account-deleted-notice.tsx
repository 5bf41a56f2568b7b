import { useEffect, useState } from 'react';
import { cameFromAccountDeletion } from '../../lib/paths.ts';

/**
 * After a parent deletes their account, the app lands here with `?account=deleted`: the page says
 * so. The status region is there from the start (empty in the prerendered page) and filled once the
 * page runs, so a screen reader reads it; the marker leaves the address, so a reload says nothing.
 */
export function AccountDeletedNotice() {
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (!cameFromAccountDeletion(window.location.search)) return;
    // The prerendered page has no address to read: the notice can only come once the page runs.
    // oxlint-disable-next-line react/set-state-in-effect
    setDeleted(true);
    const url = new URL(window.location.href);
    url.searchParams.delete('account');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return (
    <div role="status" className={deleted ? 'mx-auto w-full max-w-6xl px-4 pt-6' : undefined}>
      {deleted ? (
        <p className="rounded-lg border border-brand-800 bg-brand-50 px-4 py-3 text-ink">
          <strong>Your account has been deleted</strong>, with the children&apos;s records you created, their documents and your data
          exports. You have been signed out.
        </p>
      ) : null}
    </div>
  );
}
