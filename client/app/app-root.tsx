import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ToastProvider } from '../components/ui/toast.tsx';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { apiRequest } from '../lib/api-request.ts';
import { LocalAuthProvider } from './auth/local-auth.tsx';
import { AppErrorBoundary } from './components/error-boundary.tsx';
import { AuthConfigErrorScreen, LoadingErrorScreen, LoadingScreen } from './components/status-screens.tsx';
import { FeatureFlagsProvider } from './feature-flags.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

/** Clerk's SDK is only downloaded when the server runs in Clerk mode. */
const ClerkAuthProvider = lazy(() => import('./auth/clerk-auth.tsx'));

export const CLERK_CONFIG_URL = '/api/clerk-config';

export type AuthConfig = { kind: 'local' } | { kind: 'clerk'; publishableKey: string } | { kind: 'missing-key' };

/** SPEC §5, §7: reads /api/clerk-config; built-in accounts when the server says provider "local". */
export function parseAuthConfig(body: unknown): AuthConfig {
  const config = (typeof body === 'object' && body !== null ? body : {}) as { publishableKey?: unknown; provider?: unknown };
  if (typeof config.publishableKey === 'string' && config.publishableKey.trim() !== '') {
    return { kind: 'clerk', publishableKey: config.publishableKey };
  }
  if (config.provider === 'local') return { kind: 'local' };
  return { kind: 'missing-key' };
}

type Startup = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; config: AuthConfig };

function AuthRoot({ children }: { children: ReactNode }) {
  const [startup, setStartup] = useState<Startup>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    apiRequest('GET', CLERK_CONFIG_URL, undefined, { authOptional: true }).then(
      (body) => {
        if (active) setStartup({ state: 'ready', config: parseAuthConfig(body) });
      },
      (error: unknown) => {
        console.error('Could not load the authentication configuration', error instanceof Error ? error.message : error);
        if (active) setStartup({ state: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  if (startup.state === 'loading') return <LoadingScreen page />;
  if (startup.state === 'failed') return <LoadingErrorScreen />;
  const { config } = startup;
  if (config.kind === 'missing-key') return <AuthConfigErrorScreen />;
  if (config.kind === 'local') return <LocalAuthProvider>{children}</LocalAuthProvider>;
  return (
    <Suspense fallback={<LoadingScreen page />}>
      <ClerkAuthProvider publishableKey={config.publishableKey}>{children}</ClerkAuthProvider>
    </Suspense>
  );
}

/**
 * The authenticated app (DESIGN §5), rendered by client/main.tsx for the SPEC §2 app paths but the form
 * fill screen (client/link-pages/form-fill-page.tsx, on its own). The sign-in tree stays mounted while
 * the parent moves between app paths.
 */
export default function AppRoot() {
  return (
    <AppErrorBoundary>
      <ToastProvider>
        <TooltipProvider>
          <FeatureFlagsProvider>
            <BrowserRouter>
              <Routes>
                <Route
                  path="*"
                  element={
                    <AuthRoot>
                      <AppProviders>
                        <AppRoutes />
                      </AppProviders>
                    </AuthRoot>
                  }
                />
              </Routes>
            </BrowserRouter>
          </FeatureFlagsProvider>
        </TooltipProvider>
      </ToastProvider>
    </AppErrorBoundary>
  );
}
