import { ClerkLoading, ClerkProvider, SignIn, SignUp, useAuth as useClerkAuth, useClerk, useUser } from '@clerk/react';
import { Component, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ErrorInfo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../lib/paths.ts';
import { AuthErrorScreen, LoadingScreen } from '../components/status-screens.tsx';
import {
  AuthSeamProvider,
  type AppUser,
  type AuthSeam,
  type Metadata,
  type SignInScreenProps,
  type SignUpScreenProps,
} from './auth-context.tsx';

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

/**
 * Calls `onFail` when Clerk's status turns to "error" (its script failed to download or load).
 * Subscribing with `notify` also hears a failure that came before this effect ran: on a retry the
 * script can fail within microtasks of the provider's first render, before any passive effect.
 */
function ClerkFailureWatch({ onFail }: { onFail: () => void }) {
  const clerk = useClerk();
  const fire = useRef(onFail);
  useEffect(() => {
    fire.current = onFail;
  }, [onFail]);
  useEffect(() => {
    const listener = (status: string) => {
      if (status === 'error') fire.current();
    };
    clerk.on('status', listener, { notify: true });
    return () => clerk.off('status', listener);
  }, [clerk]);
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
    fullName: user.fullName ?? null,
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

  const refreshUser = useCallback(async () => {
    await latest.current.user?.reload();
  }, []);

  const seam = useMemo<AuthSeam>(
    () => ({
      provider: 'clerk',
      status,
      user: appUser,
      getToken: seamGetToken,
      signOut: seamSignOut,
      updateUnsafeMetadata,
      refreshUser,
      SignIn: ClerkSignIn,
      SignUp: ClerkSignUp,
    }),
    [status, appUser, seamGetToken, seamSignOut, updateUnsafeMetadata, refreshUser],
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
        <ClerkFailureWatch onFail={onFail} />
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
  const [load, setLoad] = useState<{ attempt: number; phase: 'running' | 'between' | 'failed' }>({ attempt: 0, phase: 'running' });
  const failAttempt = useCallback((failed: number) => {
    setLoad((current) => {
      // One failure can be reported twice (a timeout and an error): count each attempt once.
      if (current.attempt !== failed || current.phase !== 'running') return current;
      if (current.attempt >= AUTH_SCRIPT_MAX_RETRIES) return { ...current, phase: 'failed' };
      return { attempt: current.attempt + 1, phase: 'between' };
    });
  }, []);
  // The failed provider is unmounted before the next one mounts: Clerk reuses its instance while
  // a provider is mounted, and only a fresh instance downloads and loads the script again.
  useEffect(() => {
    if (load.phase !== 'between') return undefined;
    const timer = setTimeout(() => setLoad((current) => (current.phase === 'between' ? { ...current, phase: 'running' } : current)), 0);
    return () => clearTimeout(timer);
  }, [load.phase]);
  const onFail = useCallback(() => failAttempt(load.attempt), [failAttempt, load.attempt]);

  if (load.phase === 'failed') return <AuthErrorScreen />;
  if (load.phase === 'between') return <LoadingScreen page />;
  return (
    <ClerkAttempt key={load.attempt} publishableKey={publishableKey} onFail={onFail}>
      {children}
    </ClerkAttempt>
  );
}
