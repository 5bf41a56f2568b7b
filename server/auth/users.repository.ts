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
