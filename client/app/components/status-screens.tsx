import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LOADING_TEXT, Spinner } from '../../components/ui/spinner.tsx';

/** SPEC §2: the loading screens read "Loading..." or "Verifying access...". */
export const VERIFYING_ACCESS_TEXT = 'Verifying access...';

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
  return (
    <MessageScreen
      title="Authentication Error"
      message="There was an error initializing authentication."
      action={<ReloadButton />}
    />
  );
}

/** SPEC §8: Clerk mode without a publishable key. */
export function AuthConfigErrorScreen() {
  return <MessageScreen title="Authentication Configuration Error" message="Authentication is not properly configured" />;
}

/** SPEC §8: a startup failure or an error thrown while rendering. */
export function LoadingErrorScreen() {
  return (
    <MessageScreen
      title="Loading Error"
      message="Something went wrong while loading the application."
      action={<ReloadButton />}
    />
  );
}

/**
 * A centred spinner with its text. `page` fills the viewport with its own main landmark (before the
 * app shell exists); otherwise it fills the content area of the shell.
 */
export function LoadingScreen({ text = LOADING_TEXT, page = false }: { text?: string; page?: boolean }) {
  const content = (
    <div className="flex min-h-[50vh] w-full items-center justify-center p-8">
      <Spinner size="large" label={text} showLabel />
    </div>
  );
  return page ? <main className="min-h-screen bg-brand-50">{content}</main> : content;
}
