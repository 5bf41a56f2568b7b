import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LOADING_TEXT, Spinner } from '../../components/ui/spinner.tsx';
import { loadingTimeoutMs } from '../../lib/data-cache.ts';

/** SPEC §2: the loading screens read "Loading..." or "Verifying access...". */
export const VERIFYING_ACCESS_TEXT = 'Verifying access...';

/** What a loading screen adds once SPEC §9's loading timeout has passed. */
export const TAKING_LONGER_TEXT = 'This is taking a little longer than usual. Thanks for waiting.';

/**
 * True once `isLoading` has stayed true for SPEC §9's loading timeout (3 s, 5 s on a slow
 * network); false again as soon as loading stops. For any screen with its own loading state.
 */
export function useTakingLonger(isLoading: boolean): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!isLoading) return undefined;
    // Read when loading starts: the connection may have changed since the last time.
    const timer = setTimeout(() => setLate(true), loadingTimeoutMs());
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [isLoading]);
  return isLoading && late;
}

/**
 * A polite live region that is in the page from the start (so screen readers announce the text
 * when it appears) and says TAKING_LONGER_TEXT once `show` is true.
 */
export function TakingLongerNotice({ show }: { show: boolean }) {
  return (
    <p aria-live="polite" className="min-h-5 text-center text-sm text-ink-muted">
      {show ? TAKING_LONGER_TEXT : null}
    </p>
  );
}

function reloadPage() {
  window.location.reload();
}

/** A whole-page message: a heading, a sentence and an optional action. */
export function MessageScreen({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 p-6">
      <div className="grid max-w-md gap-4 rounded-2xl border border-ink/10 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="text-ink-muted">{message}</p>
        {action ? <div className="flex justify-center">{action}</div> : null}
      </div>
    </main>
  );
}

function ReloadButton() {
  return <Button onClick={reloadPage}>Reload Page</Button>;
}

/** SPEC §8: the provider's script could not be loaded. */
export function AuthErrorScreen() {
  return <MessageScreen title="Authentication Error" message="There was an error initializing authentication." action={<ReloadButton />} />;
}

/** SPEC §8: Clerk mode without a publishable key. */
export function AuthConfigErrorScreen() {
  return <MessageScreen title="Authentication Configuration Error" message="Authentication is not properly configured" />;
}

/** SPEC §8: a startup failure or an error thrown while rendering. */
export function LoadingErrorScreen() {
  return <MessageScreen title="Loading Error" message="Something went wrong while loading the application." action={<ReloadButton />} />;
}

/**
 * A centred spinner with its text. `page` fills the viewport with its own main landmark (before the
 * app shell exists); otherwise it fills the content area of the shell. After SPEC §9's loading
 * timeout it also says, calmly, that this is taking longer than usual.
 */
export function LoadingScreen({ text = LOADING_TEXT, page = false }: { text?: string; page?: boolean }) {
  const takingLonger = useTakingLonger(true);
  const content = (
    <div className="flex min-h-[50vh] w-full flex-col items-center justify-center gap-3 p-8">
      <Spinner size="large" label={text} showLabel />
      <TakingLongerNotice show={takingLonger} />
    </div>
  );
  return page ? <main className="min-h-screen bg-brand-50">{content}</main> : content;
}
