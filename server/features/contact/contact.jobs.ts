import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../core/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ContactService } from './contact.service.ts';

/** Daily (UTC), so no message outlives the retention the privacy page states by more than a day. */
export const CONTACT_PURGE_CRON = '20 3 * * *';

export function contactJobs(deps: { contact: Pick<ContactService, 'purgeExpired'>; log: Logger }): JobDefinition[] {
  return [
    defineJob({
      name: 'contact.purge',
      schema: z.unknown(),
      cron: CONTACT_PURGE_CRON,
      // A day the servers were all down at that time is purged when one is back.
      runMissed: true,
      async handle() {
        const deleted = await deps.contact.purgeExpired();
        if (deleted > 0) deps.log.info({ deleted }, 'expired contact messages deleted');
      },
    }),
  ];
}
