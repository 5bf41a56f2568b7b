import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { PATHS, safeRedirectPath } from '../../lib/paths.ts';
import { useAuth } from '../auth/auth-context.tsx';
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
