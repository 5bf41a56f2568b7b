import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Shallow-merges into a built-in account's public_metadata (the SPEC's childCount and
 * hasCompletedOnboarding). Here rather than in the accounts feature, so the auth seam depends on no feature.
 */
export async function mergePublicMetadata(db: Db, userId: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('users')
    .set({ publicMetadata: sql`public_metadata || ${JSON.stringify(patch)}::jsonb` })
    .where('id', '=', userId)
    .execute();
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** Whether the session (by its stored key) is the user's, not revoked and not expired; false once the account is gone. */
export async function sessionIsActive(db: Db, sessionKey: string, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('idHash')
    .where('idHash', '=', sessionKey)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the account's row for the rest of the transaction; false when there is no such row. */
export async function lockUser(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst()) !== undefined;
}

/** The row of an account whose sign-in lives elsewhere (Clerk): an id alone, added once. */
export async function insertExternalUser(db: Db, userId: string): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: userId })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** Deletes the account's row; its sessions, exports, children and everything about them cascade from it. */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
