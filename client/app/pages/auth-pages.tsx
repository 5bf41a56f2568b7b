import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { PATHS, safeRedirectPath } from '../../lib/paths.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { ForgotPasswordForm, NewPasswordForm } from '../auth/local-reset.tsx';
import { LoadingScreen } from '../components/status-screens.tsx';

function AuthPageLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-brand-50 p-6">
      <a href={PATHS.home} className="text-2xl font-bold text-ink no-underline hover:text-brand-900">
        Trelli
      </a>
      {children}
    </main>
  );
}

function isExactly(pathname: string, path: string): boolean {
  return pathname === path || pathname === `${path}/`;
}

function useAuthScreenGate(path: string): ReactNode | null {
  const { status } = useAuth();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (status === 'loading') return <LoadingScreen page />;
  // SPEC §2: signed-in users arriving exactly on /sign-in or /sign-up go on; sub-paths (verification steps) stay.
  // Where they go on to is the form's own target: a `redirect_url` on this site (an invitation), else /post-auth.
  if (status === 'signed-in' && isExactly(pathname, path)) {
    return <Navigate to={safeRedirectPath(params.get('redirect_url'), PATHS.postAuth)} replace />;
  }
  return null;
}

export function SignInPage() {
  const { SignIn } = useAuth();
  const gate = useAuthScreenGate(PATHS.signIn);
  if (gate) return gate;
  return (
    <AuthPageLayout>
      <SignIn />
    </AuthPageLayout>
  );
}

export function SignUpPage() {
  const { SignUp } = useAuth();
  const gate = useAuthScreenGate(PATHS.signUp);
  if (gate) return gate;
  return (
    <AuthPageLayout>
      <SignUp />
    </AuthPageLayout>
  );
}

/** The token of a reset link (`#token=...`), read once; the address bar then forgets it. */
function useResetToken(): string | null {
  const [token] = useState(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (found) window.history.replaceState(window.history.state, '', window.location.pathname);
    return found;
  });
  return token;
}

function ResetPasswordScreen() {
  const { status, signOut } = useAuth();
  const token = useResetToken();
  return (
    <AuthPageLayout>
      {token ? (
        // The reset ended every session, this browser's too.
        <NewPasswordForm token={token} onDone={async () => (status === 'signed-in' ? signOut() : undefined)} />
      ) : (
        <ForgotPasswordForm />
      )}
    </AuthPageLayout>
  );
}

/** Built-in accounts' "forgot password" and reset link (decision 0050); Clerk has its own, on its sign-in form. */
export function ResetPasswordPage() {
  const { provider, status } = useAuth();
  const location = useLocation();
  if (provider === 'clerk') return <Navigate to={PATHS.signIn} replace />;
  if (status === 'loading') return <LoadingScreen page />;
  // A new visit (e.g. "Ask for a new link") starts over.
  return <ResetPasswordScreen key={location.key} />;
}
