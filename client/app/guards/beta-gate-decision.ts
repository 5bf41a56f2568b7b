import type { Metadata } from '../auth/auth-context.tsx';
import { metadataFlag } from '../auth/auth-context.tsx';

/** SPEC §9: an account older than this is a returning user. */
export const BETA_RETURNING_ACCOUNT_AGE_MS = 60_000;
/** SPEC §9: the gate's initial delay... */
export const BETA_INITIAL_DELAY_MS = 200;
/** ...and the wait before it asks for the children. */
export const BETA_CHILDREN_DELAY_MS = 500;

export type BetaGateResult = 'granted' | 'new-user';

export interface BetaGateUser {
  createdAt: Date | null;
  publicMetadata: Metadata;
  unsafeMetadata: Metadata;
}

export interface BetaGateDeps {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** True when session storage beta-access is "granted". */
  hasBetaAccessFlag(): boolean;
  /** GET /api/children. */
  fetchChildren(): Promise<unknown>;
}

/**
 * SPEC §4's beta gate. Granted at once by the session flag, by hasUsedApp in either metadata, or by
 * an account older than 60 s; otherwise, after the 200 ms initial delay and the 500 ms wait, by
 * having children. Anything else, or a failed children call, is a new user (-> /beta-access).
 */
export async function decideBetaAccess(user: BetaGateUser, deps: BetaGateDeps): Promise<BetaGateResult> {
  if (deps.hasBetaAccessFlag()) return 'granted';
  if (metadataFlag(user.unsafeMetadata, 'hasUsedApp') || metadataFlag(user.publicMetadata, 'hasUsedApp')) return 'granted';
  if (user.createdAt && deps.now() - user.createdAt.getTime() > BETA_RETURNING_ACCOUNT_AGE_MS) return 'granted';
  await deps.sleep(BETA_INITIAL_DELAY_MS);
  await deps.sleep(BETA_CHILDREN_DELAY_MS);
  try {
    const children = await deps.fetchChildren();
    return Array.isArray(children) && children.length > 0 ? 'granted' : 'new-user';
  } catch {
    return 'new-user';
  }
}
