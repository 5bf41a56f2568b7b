import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

/**
 * A new built-in account, or undefined when the email is taken. The conflict is part of the statement,
 * so the database raises no unique violation (whose detail, logged by the server, names the email).
 */
export async function insertUser(db: Db, user: { id: string; email: string; passwordHash: string }): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values(user)
    .onConflict((conflict) => conflict.expression(sql`(lower(email))`).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's unsafe_metadata, locking its row for the rest of the transaction; undefined when there is no such account. */
export async function lockUnsafeMetadata(db: Db, id: string): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('users').select('unsafeMetadata').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.unsafeMetadata;
}

/** Shallow-merges into unsafe_metadata; a key set to null is removed. */
export async function mergeUnsafeMetadata(db: Db, id: string, patch: Record<string, unknown>): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ unsafeMetadata: sql`jsonb_strip_nulls(unsafe_metadata || ${JSON.stringify(patch)}::jsonb)` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function insertSession(db: Db, session: { idHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function findActiveSessionUserId(db: Db, idHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('userId')
    .where('idHash', '=', idHash)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return row?.userId;
}

export async function revokeSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revokedAt: now }).where('idHash', '=', idHash).where('revokedAt', 'is', null).execute();
}
