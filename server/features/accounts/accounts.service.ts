import { createHash, randomBytes } from 'node:crypto';
import {
  jsonDepth,
  METADATA_LIMITS,
  METADATA_TOO_DEEP,
  METADATA_TOO_LARGE,
  type AccountNameUpdate,
  type EmailChange,
  type Metadata,
  type PasswordChange,
  type PasswordReset,
  type PasswordResetRequestResult,
  type User,
} from '#shared/schemas/account.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AuthProvider } from '../../auth/auth-provider.ts';
import { DECOY_HASH, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { LocalTokens } from '../../auth/local.ts';
import { hashLinkToken, newLinkToken } from '../../core/link-tokens.ts';
import type { Mailer } from '../../core/mail.ts';
import { AppError } from '../../lib/errors.ts';
import * as accounts from './accounts.repository.ts';

export const SESSION_TTL_DAYS = 30;
const INVALID_CREDENTIALS = 'Email or password is incorrect';
const ACCOUNT_GONE = 'This account no longer exists.';
const WRONG_CURRENT_PASSWORD = 'The current password is not right';
const RESET_LINK_DEAD = 'This reset link has expired or was already used. Ask for a new one.';
/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Where a reset link opens; the token rides in the fragment, which browsers never send (decision 0050). */
export const RESET_PASSWORD_PATH = '/sign-in/reset-password';

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
    fullName: row.name,
    createdAt: row.createdAt.toISOString(),
    publicMetadata: row.publicMetadata as Metadata,
    unsafeMetadata: row.unsafeMetadata as Metadata,
  };
}

/** The session's stored key; bearer tokens name their session by it (decision 0049). */
function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

function resetMail(link: string) {
  return {
    subject: 'Reset your Trelli password',
    text: [
      'Someone asked to reset the password of the Trelli account for this email address.',
      '',
      `To choose a new password, open this link within an hour (it works once):`,
      link,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
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

export interface AccountsDeps {
  db: Db;
  tokens: LocalTokens;
  /** Told when sessions are revoked, so their bearer tokens stop at once. */
  auth?: Pick<AuthProvider, 'forgetSessions'>;
  mailer: Mailer;
  /** Where reset links point: APP_ORIGIN, else this server's local address. */
  appUrl: string;
  now?: () => Date;
}

/** Built-in accounts: email + password, revocable sessions, short-lived bearer tokens, password resets. */
export function createAccountsService(deps: AccountsDeps) {
  const { db, tokens, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  async function startSession(row: UserRow): Promise<SignedIn> {
    const sessionId = randomBytes(32).toString('base64url');
    const sessionKey = hashSessionId(sessionId);
    const sessionExpiresAt = new Date(now().getTime() + SESSION_TTL_DAYS * 24 * 60 * 60 * 1000);
    await accounts.insertSession(db, { idHash: sessionKey, userId: row.id, expiresAt: sessionExpiresAt });
    return { user: toUser(row), token: await tokens.issue(row.id, now(), sessionKey), sessionId, sessionExpiresAt };
  }

  /** The session a bearer token of this user was minted from, or null (a token minted without one). */
  async function sessionOf(userId: string, bearer: string | null): Promise<string | null> {
    const claims = bearer ? await tokens.verify(bearer) : null;
    return claims?.userId === userId ? claims.sessionKey : null;
  }

  async function checkCurrentPassword(userId: string, password: string): Promise<UserRow> {
    const row = await accounts.findUserById(db, userId);
    if (!row) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
    if (!(await verifyPassword(password, row.passwordHash ?? DECOY_HASH))) {
      throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
    }
    return row;
  }

  /** A new reset link for the account (its token stored hashed); the link itself is only returned. */
  async function newResetLink(userId: string): Promise<string> {
    const { token, hash } = newLinkToken();
    await accounts.insertPasswordReset(db, { tokenHash: hash, userId, expiresAt: new Date(now().getTime() + PASSWORD_RESET_TTL_MS) });
    return `${deps.appUrl}${RESET_PASSWORD_PATH}#token=${token}`;
  }

  function revoked(userId: string, count: number): { revoked: number } {
    deps.auth?.forgetSessions?.(userId);
    return { revoked: count };
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
      if (!userId || !sessionId) throw new AppError('UNAUTHORIZED', 'You are signed out. Please sign in again.');
      return tokens.issue(userId, now(), hashSessionId(sessionId));
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

    async updateName(userId: string, input: AccountNameUpdate): Promise<User> {
      const row = await accounts.updateName(db, userId, input.name === '' ? null : input.name);
      if (!row) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
      return toUser(row);
    },

    async changeEmail(userId: string, input: EmailChange): Promise<User> {
      await checkCurrentPassword(userId, input.currentPassword);
      const row = await accounts.updateEmail(db, userId, input.email);
      if (row === 'taken') {
        const message = 'Another account already uses this email.';
        throw new AppError('CONFLICT', message, [{ path: 'email', message }]);
      }
      return toUser(row);
    },

    /** Sets a new password and signs out every other session (the one asking stays signed in). */
    async changePassword(userId: string, bearer: string | null, input: PasswordChange): Promise<{ revoked: number }> {
      await checkCurrentPassword(userId, input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const current = await sessionOf(userId, bearer);
      const count = await db.transaction().execute(async (trx) => {
        if (!(await accounts.lockUserRow(trx, userId))) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
        await accounts.updatePasswordHash(trx, userId, passwordHash);
        await accounts.usePasswordResetsOf(trx, userId, now());
        return accounts.revokeSessionsOf(trx, userId, now(), current);
      });
      return revoked(userId, count);
    },

    /** Revokes every session of the user but the one the bearer token came from. */
    async signOutOtherSessions(userId: string, bearer: string | null): Promise<{ revoked: number }> {
      const current = await sessionOf(userId, bearer);
      return revoked(userId, await accounts.revokeSessionsOf(db, userId, now(), current));
    },

    /**
     * "Forgot password": the same answer whether or not the account exists. With mail configured and an
     * account for the address, a link goes out by email (sent after the answer, so the answer takes as
     * long either way); without mail nothing is made: whoever runs Trelli makes a link.
     */
    async requestPasswordReset(input: { email: string }): Promise<PasswordResetRequestResult> {
      if (!mailer.configured) return { delivery: 'ask-admin' };
      const row = await accounts.findUserByEmail(db, input.email);
      if (row?.email && row.passwordHash) {
        const to = row.email;
        const link = await newResetLink(row.id);
        void mailer.send({ to, ...resetMail(link) }, 'password reset');
      }
      return { delivery: 'email' };
    },

    /** For `npm run account:reset-link`: a one-time link for the account, for whoever runs Trelli to pass on. */
    async createResetLink(email: string): Promise<string> {
      const row = await accounts.findUserByEmail(db, email.trim());
      if (!row?.passwordHash) throw new AppError('NOT_FOUND', 'No built-in account has this email.');
      return newResetLink(row.id);
    },

    /** Sets the new password once per link; every reset link of the account and every session end. */
    async resetPassword(input: PasswordReset): Promise<void> {
      const passwordHash = await hashPassword(input.newPassword);
      const userId = await db.transaction().execute(async (trx) => {
        const owner = await accounts.lockUsablePasswordReset(trx, hashLinkToken(input.token), now());
        if (!owner) throw new AppError('BAD_REQUEST', RESET_LINK_DEAD, [{ path: 'token', message: RESET_LINK_DEAD }]);
        await accounts.updatePasswordHash(trx, owner, passwordHash);
        await accounts.usePasswordResetsOf(trx, owner, now());
        await accounts.revokeSessionsOf(trx, owner, now(), null);
        return owner;
      });
      deps.auth?.forgetSessions?.(userId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
