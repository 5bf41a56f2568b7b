import {
  ClerkFailed,
  ClerkLoading,
  ClerkProvider,
  SignIn,
  SignUp,
  useAuth as useClerkAuth,
  useUser,
} from '@clerk/react';
import { Component, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../lib/paths.ts';
import { AuthErrorScreen } from '../components/status-screens.tsx';
import { AuthSeamProvider, type AppUser, type AuthSeam, type Metadata, type SignInScreenProps, type SignUpScreenProps } from './auth-context.tsx';

/** SPEC §9: the provider's script gets this long to load (ms)... */
export const AUTH_SCRIPT_TIMEOUT_MS = 15_000;
/** ...and is retried up to this many times before the "Authentication Error" screen. */
export const AUTH_SCRIPT_MAX_RETRIES = 5;
/** SPEC §9: the sign-in form's primary colour. */
export const AUTH_PRIMARY_COLOR = '#B5D5D0';

const appearance = {
  variables: {
    colorPrimary: AUTH_PRIMARY_COLOR,
    // #B5D5D0 is light: dark text on it keeps the buttons readable (WCAG AA).
    colorPrimaryForeground: '#1f2a2a',
  },
};

/** SPEC §8: the errors the provider's script fails with when it cannot load. */
export function isClerkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to (hydrate latest Clerk ?JS|download latest Clerk ?JS|load Clerk)/i.test(message);
}

function Signal({ onFire, afterMs = 0 }: { onFire: () => void; afterMs?: number }) {
  const fire = useRef(onFire);
  useEffect(() => {
    fire.current = onFire;
  }, [onFire]);
  useEffect(() => {
    const timer = setTimeout(() => fire.current(), afterMs);
    return () => clearTimeout(timer);
  }, [afterMs]);
  return null;
}

class ClerkLoadBoundary extends Component<{ onLoadError: () => void; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    if (isClerkLoadError(error)) this.props.onLoadError();
  }

  override render() {
    if (this.state.error !== null) {
      if (isClerkLoadError(this.state.error)) return null;
      // Not ours: let the app's error boundary show "Loading Error".
      throw this.state.error;
    }
    return this.props.children;
  }
}

function toAppUser(user: NonNullable<ReturnType<typeof useUser>['user']>): AppUser {
  return {
    id: user.id,
    emailAddresses: user.emailAddresses.map((address) => ({ emailAddress: address.emailAddress })),
    createdAt: user.createdAt ?? null,
    publicMetadata: (user.publicMetadata ?? {}) as Metadata,
    unsafeMetadata: (user.unsafeMetadata ?? {}) as Metadata,
  };
}

function ClerkSignIn({ redirectUrl, embedded }: SignInScreenProps) {
  if (embedded) {
    return <SignIn routing="hash" signUpUrl={PATHS.signUp} forceRedirectUrl={PATHS.postAuth} appearance={appearance} />;
  }
  return (
    <SignIn
      routing="path"
      path={PATHS.signIn}
      signUpUrl={PATHS.signUp}
      fallbackRedirectUrl={redirectUrl ?? PATHS.postAuth}
      signUpFallbackRedirectUrl={PATHS.postAuth}
      appearance={appearance}
    />
  );
}

function ClerkSignUp({ redirectUrl }: SignUpScreenProps) {
  return (
    <SignUp
      routing="path"
      path={PATHS.signUp}
      signInUrl={PATHS.signIn}
      fallbackRedirectUrl={redirectUrl ?? PATHS.postAuth}
      signInFallbackRedirectUrl={PATHS.postAuth}
      appearance={appearance}
    />
  );
}

/** Turns Clerk's hooks into the app's auth seam. */
function ClerkSeam({ children }: { children: ReactNode }) {
  const { isLoaded, isSignedIn, getToken, signOut } = useClerkAuth({ treatPendingAsSignedOut: true });
  const { user } = useUser();
  const latest = useRef({ getToken, signOut, user });
  useLayoutEffect(() => {
    latest.current = { getToken, signOut, user };
  }, [getToken, signOut, user]);

  const status = !isLoaded ? 'loading' : isSignedIn && user ? 'signed-in' : isSignedIn ? 'loading' : 'signed-out';
  const appUser = useMemo(() => (status === 'signed-in' && user ? toAppUser(user) : null), [status, user]);

  const seamGetToken = useCallback(async () => (await latest.current.getToken()) ?? null, []);
  const seamSignOut = useCallback(async () => {
    await latest.current.signOut();
  }, []);
  const updateUnsafeMetadata = useCallback(async (patch: Metadata) => {
    const current = latest.current.user;
    if (!current) throw new Error('Not signed in');
    await current.update({ unsafeMetadata: { ...current.unsafeMetadata, ...patch } });
  }, []);

  const seam = useMemo<AuthSeam>(
    () => ({
      provider: 'clerk',
      status,
      user: appUser,
      getToken: seamGetToken,
      signOut: seamSignOut,
      updateUnsafeMetadata,
      SignIn: ClerkSignIn,
      SignUp: ClerkSignUp,
    }),
    [status, appUser, seamGetToken, seamSignOut, updateUnsafeMetadata],
  );
  return <AuthSeamProvider value={seam}>{children}</AuthSeamProvider>;
}

function ClerkAttempt({ publishableKey, onFail, children }: { publishableKey: string; onFail: () => void; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <ClerkLoadBoundary onLoadError={onFail}>
      <ClerkProvider
        publishableKey={publishableKey}
        routerPush={(to: string) => navigate(to)}
        routerReplace={(to: string) => navigate(to, { replace: true })}
        signInUrl={PATHS.signIn}
        signUpUrl={PATHS.signUp}
        signInFallbackRedirectUrl={PATHS.postAuth}
        signUpFallbackRedirectUrl={PATHS.postAuth}
        afterSignOutUrl={PATHS.home}
        appearance={appearance}
      >
        <ClerkLoading>
          <Signal onFire={onFail} afterMs={AUTH_SCRIPT_TIMEOUT_MS} />
        </ClerkLoading>
        <ClerkFailed>
          <Signal onFire={onFail} />
        </ClerkFailed>
        <ClerkSeam>{children}</ClerkSeam>
      </ClerkProvider>
    </ClerkLoadBoundary>
  );
}

/**
 * Clerk mode (DESIGN §3). The provider's script gets AUTH_SCRIPT_TIMEOUT_MS to load; a failure or a
 * timeout remounts the provider (a fresh script load) up to AUTH_SCRIPT_MAX_RETRIES times, then the
 * "Authentication Error" screen offers a reload (SPEC §8, §9).
 */
export default function ClerkAuthProvider({ publishableKey, children }: { publishableKey: string; children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const attempts = useRef(0);
  const onFail = useCallback(() => {
    if (attempts.current >= AUTH_SCRIPT_MAX_RETRIES) {
      setFailed(true);
      return;
    }
    attempts.current += 1;
    setAttempt(attempts.current);
  }, []);
  if (failed) return <AuthErrorScreen />;
  return (
    <ClerkAttempt key={attempt} publishableKey={publishableKey} onFail={onFail}>
      {children}
    </ClerkAttempt>
  );
}
