import { CONTACT_RETENTION_DAYS } from '#shared/schemas/contact-limits.ts';
import type { ContactMessage, ContactReceipt } from '#shared/schemas/contact.ts';
import type { Db } from '../../db/database.ts';
import { deleteContactMessagesReceivedBefore, insertContactMessage } from './contact.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createContactService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async receive(input: ContactMessage): Promise<ContactReceipt> {
      const row = await insertContactMessage(deps.db, input);
      return { id: row.id, receivedAt: row.receivedAt.toISOString() };
    },

    /** Deletes messages older than CONTACT_RETENTION_DAYS; returns how many went (a scheduled job runs it daily). */
    purgeExpired(): Promise<number> {
      return deleteContactMessagesReceivedBefore(deps.db, new Date(now().getTime() - CONTACT_RETENTION_DAYS * DAY_MS));
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
