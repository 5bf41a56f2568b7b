import { CONTACT_RETENTION_DAYS } from '#shared/schemas/contact-limits.ts';
import type { ContactMessage, ContactReceipt } from '#shared/schemas/contact.ts';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../lib/logger.ts';
import { deleteContactMessagesReceivedBefore, insertContactMessage } from './contact.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createContactService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async receive(input: ContactMessage): Promise<ContactReceipt> {
      const row = await insertContactMessage(deps.db, input);
      return { id: row.id, receivedAt: row.receivedAt.toISOString() };
    },

    /** Deletes messages older than CONTACT_RETENTION_DAYS; returns how many went. */
    purgeExpired(): Promise<number> {
      return deleteContactMessagesReceivedBefore(deps.db, new Date(now().getTime() - CONTACT_RETENTION_DAYS * DAY_MS));
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

/**
 * Purges expired contact messages now and then once a day, so none outlives the retention the privacy
 * page states. The timer does not keep the process alive; call the returned function to stop it.
 */
export function scheduleContactPurge(contact: Pick<ContactService, 'purgeExpired'>, log: Logger, everyMs: number = DAY_MS): () => void {
  const purge = () => {
    contact.purgeExpired().then(
      (deleted) => {
        if (deleted > 0) log.info({ deleted }, 'expired contact messages deleted');
      },
      (error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'contact message purge failed'),
    );
  };
  purge();
  const timer = setInterval(purge, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
