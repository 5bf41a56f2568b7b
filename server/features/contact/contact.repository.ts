import type { Db } from '../../db/database.ts';

export async function insertContactMessage(
  db: Db,
  message: { name: string; email: string; topic: string; message: string },
): Promise<{ id: number; receivedAt: Date }> {
  return db.insertInto('contactMessages').values(message).returning(['id', 'receivedAt']).executeTakeFirstOrThrow();
}
