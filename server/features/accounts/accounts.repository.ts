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

export async function updateName(db: Db, id: string, name: string | null): Promise<UserRow | undefined> {
  return db.updateTable('users').set({ name }).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The account's row, locked for the rest of the transaction. */
export async function lockUserRow(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The new email, or 'taken' when another account has it. The check is part of the statement, and a
 * race the check missed is caught rather than raised (the violation's detail names the email).
 */
export async function updateEmail(db: Db, id: string, email: string): Promise<UserRow | 'taken'> {
  try {
    const row = await db
      .updateTable('users')
      .set({ email })
      .where('id', '=', id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('users as other')
              .select('other.id')
              .where(sql<string>`lower(other.email)`, '=', email.toLowerCase())
              .where('other.id', '<>', id),
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst();
    return row ?? 'taken';
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505') return 'taken';
    throw error;
  }
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', id).execute();
}

/** Revokes the user's live sessions, all or all but one; how many. */
export async function revokeSessionsOf(db: Db, userId: string, now: Date, except: string | null): Promise<number> {
  let query = db.updateTable('sessions').set({ revokedAt: now }).where('userId', '=', userId).where('revokedAt', 'is', null);
  if (except !== null) query = query.where('idHash', '<>', except);
  const result = await query.where('expiresAt', '>', now).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertPasswordReset(db: Db, reset: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('passwordResets').values(reset).execute();
}

/** The user a reset token belongs to while it is unused and unexpired, locking it; undefined otherwise. */
export async function lockUsablePasswordReset(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('passwordResets')
    .select('userId')
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .forUpdate()
    .executeTakeFirst();
  return row?.userId;
}

/** Uses up every reset token of the user that is still open. */
export async function usePasswordResetsOf(db: Db, userId: string, now: Date): Promise<void> {
  await db.updateTable('passwordResets').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}
