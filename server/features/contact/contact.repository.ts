import { sql } from 'kysely';
import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { Db } from '../../db/database.ts';

export async function insertContactMessage(db: Db, message: ContactMessage): Promise<{ id: number; receivedAt: Date }> {
  return db.insertInto('contactMessages').values(message).returning(['id', 'receivedAt']).executeTakeFirstOrThrow();
}

/** Deletes the messages received before `cutoff`; returns how many went. */
export async function deleteContactMessagesReceivedBefore(db: Db, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('contactMessages').where('receivedAt', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the messages sent from `email` (any case); returns how many went. */
export async function deleteContactMessagesFrom(db: Db, email: string): Promise<number> {
  const result = await db
    .deleteFrom('contactMessages')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
