import { jwtVerify, SignJWT } from 'jose';
import type { Request } from 'express';
import { isDatabaseUnavailable, type Db } from '../db/database.ts';
import { bearerToken, type AuthProvider, type ChildCountMetadata } from './auth-provider.ts';
import { deleteUser, lockUser, mergePublicMetadata, sessionIsActive, userExists } from './users.repository.ts';

export const TOKEN_TTL_SECONDS = 10 * 60;
const ISSUER = 'trelli';
const AUDIENCE = 'trelli-api';

/** Who a valid token speaks for, and the session it was minted from (decision 0049). */
export interface TokenClaims {
  userId: string;
  /** The session's key (the SHA-256 of its cookie value, as stored); null in tokens minted without one (tools, tests). */
  sessionKey: string | null;
}

/** Short-lived HS256 bearer tokens for built-in accounts. */
export class LocalTokens {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** A token for the user; the accounts service always names the session, so revoking it ends the token. */
  async issue(userId: string, now: Date = new Date(), sessionKey?: string): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT(sessionKey === undefined ? {} : { sid: sessionKey })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
      .sign(this.#key);
  }

  /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        maxTokenAge: TOKEN_TTL_SECONDS,
      });
      if (typeof payload.sub !== 'string') return null;
      if (payload.sid !== undefined && typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionKey: payload.sid ?? null };
    } catch {
      return null;
    }
  }
}

/**
 * A token outlives a deleted account or a revoked session by up to TOKEN_TTL_SECONDS, so their rows
 * decide: the session the token names (which exists only while its account does), or the account for
 * a token minted without one. What was seen to be active is taken on trust for this long, one lookup
 * per session rather than per request (a lookup on every request cost about a third of GET
 * /api/children's throughput). Writes that touch the account lock its row and are refused at once
 * (children.service, accounts.service); revoking sessions here forgets them at once (`forgetSessions`).
 */
export const ACCOUNT_RECHECK_MS = 2_000;
const MAX_ACCOUNTS_REMEMBERED = 10_000;

export function createLocalAuthProvider(tokens: LocalTokens, db: Db): AuthProvider {
  /** user id -> session key ('' for a token without one) -> when it was last seen active. */
  const confirmedAt = new Map<string, Map<string, number>>();
  const stillActive = (claims: TokenClaims) =>
    claims.sessionKey === null ? userExists(db, claims.userId) : sessionIsActive(db, claims.sessionKey, claims.userId, new Date());
  return {
    kind: 'local',
    publishableKey: null,
    contentSecurity: { scriptSrc: [], connectSrc: [], imgSrc: [], frameSrc: [] },
    middleware: [],
    async userId(req: Request) {
      const token = bearerToken(req);
      const claims = token ? await tokens.verify(token) : null;
      if (claims === null) return null;
      const { userId } = claims;
      const sessionKey = claims.sessionKey ?? '';
      const confirmed = confirmedAt.get(userId)?.get(sessionKey);
      if (confirmed !== undefined && Date.now() - confirmed < ACCOUNT_RECHECK_MS) return userId;
      try {
        if (!(await stillActive(claims))) {
          confirmedAt.get(userId)?.delete(sessionKey);
          return null;
        }
      } catch (error) {
        // With the database unreachable, whatever the request does next fails too and answers 503 there.
        if (isDatabaseUnavailable(error)) return userId;
        throw error;
      }
      if (confirmedAt.size >= MAX_ACCOUNTS_REMEMBERED) confirmedAt.clear();
      const sessions = confirmedAt.get(userId) ?? new Map<string, number>();
      sessions.set(sessionKey, Date.now());
      confirmedAt.set(userId, sessions);
      return userId;
    },
    lockAccount: lockUser,
    async writeMetadataInTransaction(trx: Db, userId: string, metadata: ChildCountMetadata) {
      await mergePublicMetadata(trx, userId, { ...metadata });
    },
    async writeMetadataAfterCommit() {},
    deleteAccount: deleteUser,
    async afterAccountDeleted(userId: string) {
      // Other instances notice within ACCOUNT_RECHECK_MS.
      confirmedAt.delete(userId);
    },
    forgetSessions(userId: string) {
      // Other instances notice within ACCOUNT_RECHECK_MS.
      confirmedAt.delete(userId);
    },
  };
}
