import type { ContactMessage, ContactReceipt } from '#shared/schemas/contact.ts';
import type { Db } from '../../db/database.ts';
import { insertContactMessage } from './contact.repository.ts';

export function createContactService(deps: { db: Db }) {
  return {
    async receive(input: ContactMessage): Promise<ContactReceipt> {
      const row = await insertContactMessage(deps.db, input);
      return { id: row.id, receivedAt: row.receivedAt.toISOString() };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
