import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '#shared/schemas/account.ts';
import { AuthSeamProvider, type AppUser, type AuthSeam, type AuthStatus, type Metadata } from './auth-context.tsx';
import { LocalAuthActionsContext, type LocalAuthActions } from './local-auth-actions.ts';
import {
  fetchMe,
  patchUnsafeMetadata,
  requestToken,
  signInRequest,
  signOutRequest,
  signUpRequest,
  tokenExpiresAt,
} from './local-auth-api.ts';
import { LocalSignIn, LocalSignUp } from './local-forms.tsx';

/** Tokens live 10 minutes; a new one is fetched when less than this is left. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export function toAppUser(user: User): AppUser {
  const created = new Date(user.createdAt);
  return {
    id: user.id,
    emailAddresses: user.emailAddresses,
    fullName: user.fullName,
    createdAt: Number.isNaN(created.getTime()) ? null : created,
    publicMetadata: user.publicMetadata,
    unsafeMetadata: user.unsafeMetadata,
  };
}

interface SessionState {
  status: AuthStatus;
  user: AppUser | null;
}

interface HeldToken {
  token: string;
  expiresAt: number | null;
}

/**
 * Built-in accounts (DESIGN §3): the session lives in an httpOnly cookie that only /api/auth/* reads;
 * the API gets short-lived bearer tokens minted from it. On load the session is restored with
 * POST /api/auth/token; getToken() refreshes the token shortly before it expires.
 */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ status: 'loading', user: null });
  const held = useRef<HeldToken | null>(null);
  const refreshing = useRef<Promise<string | null> | null>(null);
  const userRef = useRef<AppUser | null>(null);
  useEffect(() => {
    userRef.current = session.user;
  }, [session.user]);

  const accept = useCallback((user: User, token: string) => {
    held.current = { token, expiresAt: tokenExpiresAt(token) };
    setSession({ status: 'signed-in', user: toAppUser(user) });
  }, []);

  const drop = useCallback(() => {
    held.current = null;
    setSession({ status: 'signed-out', user: null });
  }, []);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const token = await requestToken();
        if (cancelled) return;
        if (!token) {
          drop();
          return;
        }
        const user = await fetchMe(token);
        if (!cancelled) accept(user, token);
      } catch (error) {
        if (cancelled) return;
        console.warn('Could not restore the session; continuing signed out.', error instanceof Error ? error.message : error);
        drop();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [accept, drop]);

  const getToken = useCallback(async (): Promise<string | null> => {
    const current = held.current;
    if (!current) return null;
    if (current.expiresAt === null || current.expiresAt - Date.now() > TOKEN_REFRESH_MARGIN_MS) return current.token;
    refreshing.current ??= requestToken()
      .then((token) => {
        if (token) held.current = { token, expiresAt: tokenExpiresAt(token) };
        else drop();
        return token;
      })
      .catch(() => {
        // Network trouble: use the old token while it is still valid.
        const old = held.current;
        return old && (old.expiresAt === null || old.expiresAt > Date.now()) ? old.token : null;
      })
      .finally(() => {
        refreshing.current = null;
      });
    return refreshing.current;
  }, [drop]);

  const signOut = useCallback(async () => {
    try {
      await signOutRequest();
    } catch (error) {
      console.warn('Sign-out request failed; the local session is cleared anyway.', error instanceof Error ? error.message : error);
    }
    drop();
  }, [drop]);

  const updateUnsafeMetadata = useCallback(
    async (patch: Metadata) => {
      const token = await getToken();
      const user = userRef.current;
      if (!token || !user) throw new Error('Not signed in');
      const updated = await patchUnsafeMetadata(token, { ...user.unsafeMetadata, ...patch });
      setSession((current) => (current.user?.id === updated.id ? { status: 'signed-in', user: toAppUser(updated) } : current));
    },
    [getToken],
  );

  const refreshUser = useCallback(async () => {
    const token = await getToken();
    if (!token) return;
    const user = await fetchMe(token);
    setSession((current) => (current.user?.id === user.id ? { status: 'signed-in', user: toAppUser(user) } : current));
  }, [getToken]);

  const actions = useMemo<LocalAuthActions>(
    () => ({
      signIn: async (email, password) => {
        const result = await signInRequest(email, password);
        accept(result.user, result.token);
      },
      signUp: async (email, password) => {
        const result = await signUpRequest(email, password);
        accept(result.user, result.token);
      },
    }),
    [accept],
  );

  const seam = useMemo<AuthSeam>(
    () => ({
      provider: 'local',
      status: session.status,
      user: session.user,
      getToken,
      signOut,
      updateUnsafeMetadata,
      refreshUser,
      SignIn: LocalSignIn,
      SignUp: LocalSignUp,
    }),
    [session, getToken, signOut, updateUnsafeMetadata, refreshUser],
  );

  return (
    <LocalAuthActionsContext.Provider value={actions}>
      <AuthSeamProvider value={seam}>{children}</AuthSeamProvider>
    </LocalAuthActionsContext.Provider>
  );
}
