import { z } from 'zod';
import type { Logger } from '../lib/logger.ts';
import { defineJob, type JobDefinition } from './jobs.ts';
import type { StoredFiles } from './stored-objects.ts';

/** Every 10 minutes: released objects normally go at once; this catches the rest (a purge that failed, a write that died). */
export const STORED_OBJECTS_PURGE_CRON = '*/10 * * * *';

export function storedObjectsJobs(deps: { files: Pick<StoredFiles, 'purge' | 'sweepIncompleteWrites'>; log: Logger }): JobDefinition[] {
  return [
    defineJob({
      name: 'stored-objects.purge',
      schema: z.unknown(),
      cron: STORED_OBJECTS_PURGE_CRON,
      runMissed: true,
      async handle() {
        const swept = await deps.files.sweepIncompleteWrites();
        if (swept > 0) deps.log.info({ removed: swept }, 'unfinished writes removed from the file store');
        const purged = await deps.files.purge();
        if (purged > 0) deps.log.info({ removed: purged }, 'stored objects purged');
      },
    }),
  ];
}
