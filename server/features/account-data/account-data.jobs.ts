import { z } from 'zod';
import { defineJob, type JobDefinition, type JobKind } from '../../core/jobs.ts';
import type { AccountDataService } from './account-data.service.ts';

/** Builds an export's ZIP; carries whose it is, so an account's deletion deletes its jobs by `ownerId`. */
export const exportJob = {
  name: 'account-data.export',
  schema: z.object({ exportId: z.number().int(), ownerId: z.string() }),
} satisfies JobKind;

export function accountDataJobs(deps: { accountData: Pick<AccountDataService, 'buildExport' | 'purgeExpired'> }): JobDefinition[] {
  return [
    defineJob({
      ...exportJob,
      retryLimit: 2,
      expireInSeconds: 60 * 60,
      handle: (data, job) => deps.accountData.buildExport(data.exportId, data.ownerId, job),
    }),
    defineJob({
      name: 'account-data.purge-expired-exports',
      schema: z.unknown(),
      cron: '*/10 * * * *',
      async handle() {
        await deps.accountData.purgeExpired();
      },
    }),
  ];
}
