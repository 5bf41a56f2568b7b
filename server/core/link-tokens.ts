import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret for a public link (invite, password reset, share): 32 random bytes as 43 base64url
 * characters. Only its hash is stored, so a copy of the database opens nothing (DESIGN §4).
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
