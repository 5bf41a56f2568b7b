import { createHash, randomBytes } from 'node:crypto';
import { jsonDepth, METADATA_LIMITS, METADATA_TOO_DEEP, METADATA_TOO_LARGE, type Metadata, type User } from '#shared/schemas/account.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { DECOY_HASH, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { LocalTokens } from '../../auth/local.ts';
import { AppError } from '../../lib/errors.ts';
import * as accounts from './accounts.repository.ts';

export const SESSION_TTL_DAYS = 30;
const INVALID_CREDENTIALS = 'Email or password is incorrect';
const ACCOUNT_GONE = 'This account no longer exists.';

export interface SignedIn {
  user: User;
  token: string;
  /** The opaque session id for the cookie; only its hash is stored. */
  sessionId: string;
  sessionExpiresAt: Date;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    emailAddresses: row.email === null ? [] : [{ emailAddress: row.email }],
    createdAt: row.createdAt.toISOString(),
    publicMetadata: row.publicMetadata as Metadata,
    unsafeMetadata: row.unsafeMetadata as Metadata,
  };
}

function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

function newUserId(): string {
  return `user_${randomBytes(15).toString('base64url')}`;
}

/** The size of a value's JSON in UTF-8 bytes. */
const jsonByteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Why merged metadata breaks METADATA_LIMITS, or null when it keeps to them. */
function metadataLimitError(metadata: Record<string, unknown>): AppError | null {
  if (jsonDepth(metadata) > METADATA_LIMITS.depth) {
    return new AppError('BAD_REQUEST', METADATA_TOO_DEEP, [{ path: 'unsafeMetadata', message: METADATA_TOO_DEEP }]);
  }
  if (jsonByteLength(metadata) > METADATA_LIMITS.bytes) return new AppError('PAYLOAD_TOO_LARGE', METADATA_TOO_LARGE);
  return null;
}

/** Built-in accounts: email + password, revocable sessions, short-lived bearer tokens. */
export function createAccountsService(deps: { db: Db; tokens: LocalTokens; now?: () => Date }) {
  const { db, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  async function startSession(row: UserRow): Promise<SignedIn> {
    const sessionId = randomBytes(32).toString('base64url');
    const sessionExpiresAt = new Date(now().getTime() + SESSION_TTL_DAYS * 24 * 60 * 60 * 1000);
    await accounts.insertSession(db, { idHash: hashSessionId(sessionId), userId: row.id, expiresAt: sessionExpiresAt });
    return { user: toUser(row), token: await tokens.issue(row.id, now()), sessionId, sessionExpiresAt };
  }

  return {
    async signUp(input: { email: string; password: string }): Promise<SignedIn> {
      const passwordHash = await hashPassword(input.password);
      const row = await accounts.insertUser(db, { id: newUserId(), email: input.email, passwordHash });
      if (!row) throw new AppError('CONFLICT', 'An account with this email already exists. Try signing in.');
      return startSession(row);
    },

    async signIn(input: { email: string; password: string }): Promise<SignedIn> {
      const row = await accounts.findUserByEmail(db, input.email.trim());
      // The decoy keeps an unknown email as slow as a wrong password.
      const matches = await verifyPassword(input.password, row?.passwordHash ?? DECOY_HASH);
      if (!row || !matches) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
      return startSession(row);
    },

    async tokenForSession(sessionId: string | undefined): Promise<string> {
      const userId = sessionId ? await accounts.findActiveSessionUserId(db, hashSessionId(sessionId), now()) : undefined;
      if (!userId) throw new AppError('UNAUTHORIZED', 'You are signed out. Please sign in again.');
      return tokens.issue(userId, now());
    },

    async signOut(sessionId: string | undefined): Promise<void> {
      if (sessionId) await accounts.revokeSession(db, hashSessionId(sessionId), now());
    },

    async me(userId: string): Promise<User> {
      const row = await accounts.findUserById(db, userId);
      if (!row) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
      return toUser(row);
    },

    /** Merges within METADATA_LIMITS; a change that shrinks metadata already over them (stored before they existed) is let through. */
    async updateUnsafeMetadata(userId: string, patch: Record<string, unknown>): Promise<User> {
      const row = await db.transaction().execute(async (trx) => {
        const before = await accounts.lockUnsafeMetadata(trx, userId);
        const merged = before && (await accounts.mergeUnsafeMetadata(trx, userId, patch));
        if (!before || !merged) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
        const limitError = metadataLimitError(merged.unsafeMetadata);
        // Throwing rolls the merge back.
        if (limitError && jsonByteLength(merged.unsafeMetadata) >= jsonByteLength(before)) throw limitError;
        return merged;
      });
      return toUser(row);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
