import { jwtVerify, SignJWT } from 'jose';
import type { Request } from 'express';
import { isDatabaseUnavailable, type Db } from '../db/database.ts';
import { bearerToken, type AuthProvider, type ChildCountMetadata } from './auth-provider.ts';
import { deleteUser, lockUser, mergePublicMetadata, userExists } from './users.repository.ts';

export const TOKEN_TTL_SECONDS = 10 * 60;
const ISSUER = 'trelli';
const AUDIENCE = 'trelli-api';

/** Short-lived HS256 bearer tokens for built-in accounts. */
export class LocalTokens {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, now: Date = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
      .sign(this.#key);
  }

  /** The user id of a valid token, or null for anything else (expired, forged, malformed). */
  async verify(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        maxTokenAge: TOKEN_TTL_SECONDS,
      });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}

/**
 * A token outlives a deleted account by up to TOKEN_TTL_SECONDS, so the account's row decides; an
 * account seen to exist is taken on trust for this long, one lookup per account rather than per
 * request (a lookup on every request cost about a third of GET /api/children's throughput). Writes
 * that touch the account lock its row and are refused at once (children.service, accounts.service).
 */
export const ACCOUNT_RECHECK_MS = 2_000;
const MAX_ACCOUNTS_REMEMBERED = 10_000;

export function createLocalAuthProvider(tokens: LocalTokens, db: Db): AuthProvider {
  const confirmedAt = new Map<string, number>();
  return {
    kind: 'local',
    publishableKey: null,
    contentSecurity: { scriptSrc: [], connectSrc: [], imgSrc: [], frameSrc: [] },
    middleware: [],
    async userId(req: Request) {
      const token = bearerToken(req);
      const userId = token ? await tokens.verify(token) : null;
      if (userId === null) return null;
      const confirmed = confirmedAt.get(userId);
      if (confirmed !== undefined && Date.now() - confirmed < ACCOUNT_RECHECK_MS) return userId;
      try {
        if (!(await userExists(db, userId))) {
          confirmedAt.delete(userId);
          return null;
        }
      } catch (error) {
        // With the database unreachable, whatever the request does next fails too and answers 503 there.
        if (isDatabaseUnavailable(error)) return userId;
        throw error;
      }
      if (confirmedAt.size >= MAX_ACCOUNTS_REMEMBERED) confirmedAt.clear();
      confirmedAt.set(userId, Date.now());
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
  };
}
