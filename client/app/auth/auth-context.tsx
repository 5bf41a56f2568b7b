import { createContext, useContext, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { setTokenGetter } from '../../lib/auth-token.ts';

/** SPEC §4: a pending provider session counts as signed-out. */
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export type Metadata = Record<string, unknown>;

/** SPEC §3 User, the same shape whichever provider signed the parent in. */
export interface AppUser {
  id: string;
  emailAddresses: { emailAddress: string }[];
  /** The account's name (Clerk's field name); null when none is set. */
  fullName: string | null;
  createdAt: Date | null;
  publicMetadata: Metadata;
  unsafeMetadata: Metadata;
}

export interface SignInScreenProps {
  /** Where to go after signing in; `/post-auth` by default (SPEC §2). */
  redirectUrl?: string;
  /** True inside the "Please sign in" panel of a protected screen (no own routing). */
  embedded?: boolean;
}

export interface SignUpScreenProps {
  redirectUrl?: string;
}

/**
 * The auth seam on the client (DESIGN §3): one surface for built-in accounts and Clerk. Everything
 * outside client/app/auth uses only this.
 */
export interface AuthSeam {
  provider: 'local' | 'clerk';
  status: AuthStatus;
  user: AppUser | null;
  /** A bearer token for the API, refreshed as needed; null when signed out. */
  getToken(): Promise<string | null>;
  signOut(): Promise<void>;
  /** Merges keys into the user's unsafeMetadata (used to record hasUsedApp). */
  updateUnsafeMetadata(patch: Metadata): Promise<void>;
  /** Reads the user again (after the account settings changed the name or the email). */
  refreshUser(): Promise<void>;
  SignIn: ComponentType<SignInScreenProps>;
  SignUp: ComponentType<SignUpScreenProps>;
}

const AuthContext = createContext<AuthSeam | null>(null);

/**
 * Publishes a provider's seam to the app and registers its getToken with the request helpers
 * (client/lib/auth-token.ts), so apiRequest and the tRPC client send the bearer header.
 */
export function AuthSeamProvider({ value, children }: { value: AuthSeam; children: ReactNode }) {
  const { getToken } = value;
  // A layout effect: it runs before any passive effect in the tree, where the first requests start.
  useLayoutEffect(() => setTokenGetter(getToken), [getToken]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthSeam {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside an auth provider (LocalAuthProvider or ClerkAuthProvider)');
  return value;
}

/** Reads a metadata flag that may be stored as a boolean or as the string "true". */
export function metadataFlag(metadata: Metadata | undefined, key: string): boolean {
  const value = metadata?.[key];
  return value === true || value === 'true';
}

export function primaryEmail(user: AppUser | null): string | null {
  return user?.emailAddresses[0]?.emailAddress ?? null;
}
