import type { ContactMessage } from '#shared/schemas/contact.ts';
import type { Db } from '../../db/database.ts';

export async function insertContactMessage(db: Db, message: ContactMessage): Promise<{ id: number; receivedAt: Date }> {
  return db.insertInto('contactMessages').values(message).returning(['id', 'receivedAt']).executeTakeFirstOrThrow();
}
