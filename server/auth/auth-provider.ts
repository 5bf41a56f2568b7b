import type { Request, RequestHandler } from 'express';
import type { Db } from '../db/database.ts';

/** What a change to a parent's children means for the account's publicMetadata (SPEC §3 flags). */
export interface ChildCountMetadata {
  childCount: number;
  hasCompletedOnboarding: boolean;
}

/**
 * The auth seam (DESIGN §3). Built-in accounts and Clerk answer the same questions; nothing outside
 * server/auth knows which one is running.
 */
export interface AuthProvider {
  readonly kind: 'local' | 'clerk';
  /** Clerk's publishable key; null for built-in accounts. */
  readonly publishableKey: string | null;
  /** Extra hosts the Content-Security-Policy must admit for this provider's browser code. */
  readonly contentSecurity: { scriptSrc: string[]; connectSrc: string[]; imgSrc: string[]; frameSrc: string[] };
  /** Middleware that must run on /api before `userId` is read. */
  readonly middleware: RequestHandler[];
  /**
   * The caller's user id from `Authorization: Bearer`, or null. A bad token is null, never a throw; so is
   * a built-in account's token once its row is gone.
   */
  userId(req: Request): Promise<string | null>;
  /**
   * Locks the account's row for the rest of the transaction, so one parent's changes to their children
   * take turns (childCount is counted under the lock). Clerk accounts get their row here when first
   * seen; false when a built-in account's row is gone.
   */
  lockAccount(trx: Db, userId: string): Promise<boolean>;
  /** Writes the metadata inside the transaction that changed the children (built-in accounts). */
  writeMetadataInTransaction(trx: Db, userId: string, metadata: ChildCountMetadata): Promise<void>;
  /** Writes the metadata after the transaction committed (Clerk's backend API: best effort, logged). */
  writeMetadataAfterCommit(userId: string, metadata: ChildCountMetadata): Promise<void>;
  /**
   * Deletes the account's row inside the transaction that deletes everything it owns: its sessions and
   * whatever else references it cascade, and a built-in account can no longer sign in.
   */
  deleteAccount(trx: Db, userId: string): Promise<void>;
  /**
   * After that transaction committed: forgets the account here at once (its bearer tokens answer 401),
   * and with Clerk clears the metadata Trelli wrote on the Clerk user (best effort, logged; decision 0054).
   */
  afterAccountDeleted(userId: string): Promise<void>;
  /**
   * Built-in accounts: the accounts service revoked some of the user's sessions; their bearer tokens
   * are refused from the next request here (other instances: within ACCOUNT_RECHECK_MS).
   */
  forgetSessions?(userId: string): void;
}

/** The token in `Authorization: Bearer <token>`, if any. */
export function bearerToken(req: Pick<Request, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
