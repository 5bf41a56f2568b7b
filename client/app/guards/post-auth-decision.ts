import { httpStatusOf } from '../../lib/api-request.ts';
import { isDevelopmentHost, isProductionHost } from '../../lib/hosts.ts';
import { PATHS } from '../../lib/paths.ts';
import type { AuthStatus, Metadata } from '../auth/auth-context.tsx';

/** SPEC §9: the wait before sending a signed-out visitor to sign-in... */
export const POST_AUTH_SIGN_IN_DELAY_MS = 100;
/** ...and before the children call. */
export const POST_AUTH_CHILDREN_DELAY_MS = 200;

export type PostAuthDestination = typeof PATHS.dashboard | typeof PATHS.onboarding | typeof PATHS.signIn;

/** What the screen says while deciding (SPEC §2). */
export type PostAuthPhase = 'checking' | 'setting-up';

export interface PostAuthSnapshot {
  status: AuthStatus;
  publicMetadata: Metadata | null;
  location: { host: string; hostname: string };
}

export interface PostAuthDeps {
  sleep(ms: number): Promise<void>;
  /** GET /api/children. */
  fetchChildren(): Promise<unknown>;
  /** `config.auth.productionHost`: the host of the server's APP_ORIGIN, or null. */
  getProductionHost(): Promise<string | null>;
  onPhase?(phase: PostAuthPhase): void;
}

/** A sign-in provider error about the site's domain or origin (e.g. keys used on the wrong host). */
export function isProviderDomainError(error: unknown): boolean {
  if (httpStatusOf(error) !== null) return false;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /\b(domain|origin)s?\b/i.test(message);
}

function hasCompletedOnboarding(metadata: Metadata | null): boolean {
  if (!metadata) return false;
  const done = metadata.hasCompletedOnboarding;
  const count = Number(metadata.childCount);
  return done === true || done === 'true' || (Number.isFinite(count) && count > 0);
}

/**
 * SPEC §4's post-auth routing decision, in order. Returns null while auth is still loading (step 1:
 * the caller runs it again when the status changes), otherwise where to go.
 */
export async function decidePostAuth(snapshot: PostAuthSnapshot, deps: PostAuthDeps): Promise<PostAuthDestination | null> {
  // 1. Wait until auth has loaded.
  if (snapshot.status === 'loading') return null;
  // 2. Not signed in: sign-in, after about 100 ms.
  if (snapshot.status !== 'signed-in') {
    await deps.sleep(POST_AUTH_SIGN_IN_DELAY_MS);
    return PATHS.signIn;
  }
  // 3. Metadata shows completed onboarding or children.
  if (hasCompletedOnboarding(snapshot.publicMetadata)) return PATHS.dashboard;
  // 4. A development host.
  const devHost = isDevelopmentHost(snapshot.location.hostname);
  if (devHost) return PATHS.dashboard;
  // 5. The production host.
  const productionHost = await deps.getProductionHost().catch(() => null);
  if (isProductionHost(snapshot.location, productionHost)) return PATHS.dashboard;
  // 6. Otherwise wait 200 ms and ask for the children.
  deps.onPhase?.('setting-up');
  await deps.sleep(POST_AUTH_CHILDREN_DELAY_MS);
  try {
    const children = await deps.fetchChildren();
    return Array.isArray(children) && children.length > 0 ? PATHS.dashboard : PATHS.onboarding;
  } catch (error) {
    if (isProviderDomainError(error) || devHost) return PATHS.dashboard;
    const status = httpStatusOf(error);
    if (status === 401 || status === 403) return PATHS.signIn;
    return PATHS.onboarding;
  }
}
