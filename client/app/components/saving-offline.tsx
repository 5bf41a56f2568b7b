import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useOnline } from '../hooks/use-online.ts';

/**
 * A form's submit button. While a save is under way it takes no press (aria-disabled: it keeps focus,
 * where a disabled button would drop it to the page); it spins only while online: offline,
 * react-query holds the save until the connection is back (networkMode "online"), and OfflineNotice
 * says so instead of a spinner that never stops.
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  const online = useOnline();
  return (
    <Button
      type="submit"
      loading={pending && online}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {children}
    </Button>
  );
}

export interface OfflineNoticeProps {
  /** A save of this form is waiting (sent while offline, or under way when the connection went). */
  pending: boolean;
  /** What the form holds, after "Your": "note", "goal", "child's profile". */
  what: string;
}

/**
 * Near a form's submit button: while offline, what happens to the form's text. The words are said
 * twice: in a status region that is always in the page (taking no room), so a screen reader hears
 * them when the connection goes, and on screen, hidden from the screen reader to be said once.
 */
export function OfflineNotice({ pending, what }: OfflineNoticeProps) {
  const online = useOnline();
  const message = online
    ? ''
    : pending
      ? `You're offline. Your ${what} is kept here and will be saved when you're back online.`
      : `You're offline. Your ${what} stays here; saving it waits until you're back online.`;
  return (
    <>
      <p role="status" className="sr-only">
        {message}
      </p>
      {message ? (
        <p aria-hidden="true" className="basis-full rounded-lg border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {message}
        </p>
      ) : null}
    </>
  );
}
