import type { ReactNode } from 'react';
import { useAuth } from '../auth/auth-context.tsx';
import { LoadingScreen } from '../components/status-screens.tsx';

export const SIGN_IN_PANEL_TITLE = 'Welcome to Trelli';
export const SIGN_IN_PANEL_MESSAGE = 'Please sign in to access this page';

/** SPEC §2: a signed-out visitor sees a welcome panel with an embedded sign-in form that returns to /post-auth. */
export function SignInPanel() {
  const { SignIn } = useAuth();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-brand-50 p-6">
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold text-ink">{SIGN_IN_PANEL_TITLE}</h1>
        <p className="text-ink-muted">{SIGN_IN_PANEL_MESSAGE}</p>
      </div>
      <SignIn embedded />
    </main>
  );
}

/** The first protection layer (SPEC §2). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingScreen page />;
  if (status === 'signed-out') return <SignInPanel />;
  return children;
}
