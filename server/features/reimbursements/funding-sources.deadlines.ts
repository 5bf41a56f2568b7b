import type { Logger } from '../../lib/logger.ts';
import type { FundingDeadlinesService } from './funding-deadlines.service.ts';

/** What the funders, expenses and claims services are given to keep the deadline milestones current. */
export interface DeadlineSync {
  deadlines: Pick<FundingDeadlinesService, 'sync'>;
  /** Optional: the demo seed runs without a logger. */
  log?: Pick<Logger, 'warn'>;
}

/**
 * After a committed change to a child's funders, expenses or claims, their next deadlines as milestones
 * (decision 0106). A failure is logged, not answered: the change is saved and the daily job catches up.
 */
export async function syncDeadlines(deps: DeadlineSync, childId: number): Promise<void> {
  try {
    await deps.deadlines.sync(childId);
  } catch (error) {
    deps.log?.warn({ childId, err: error }, 'funding deadline milestones not synced');
  }
}
