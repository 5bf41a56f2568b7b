import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../core/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { FundingDeadlinesService } from './funding-deadlines.service.ts';

/** Daily (UTC), before the milestone reminders at 13:00, so a deadline that moved on is reminded of that day. */
export const FUNDING_DEADLINES_CRON = '30 12 * * *';

export function fundingDeadlinesJobs(deps: { fundingDeadlines: Pick<FundingDeadlinesService, 'syncAll'>; log: Logger }): JobDefinition[] {
  return [
    defineJob({
      name: 'funding-deadlines.sync',
      schema: z.unknown(),
      cron: FUNDING_DEADLINES_CRON,
      // A day every server was down: synced when one is back, so the reminders still see the deadline.
      runMissed: true,
      async handle() {
        const summary = await deps.fundingDeadlines.syncAll();
        deps.log.info(summary, 'funding deadline milestones synced');
        // Some children failed: pg-boss tries the run again (a sync does nothing twice).
        if (summary.failed > 0) throw new Error(`${summary.failed} of ${summary.children} children's funding deadlines were not synced`);
      },
    }),
  ];
}
