import { todayIso } from '#shared/schemas/dates.ts';
import type { GenerationResult } from '#shared/schemas/milestone.ts';
import type { Db } from '../../db/database.ts';
import type { Logger } from '../../lib/logger.ts';
import type { MilestonesService } from '../milestones/milestones.service.ts';
import { fundingDeadlineMilestones } from './funding-deadlines.rules.ts';
import { childrenWithFundingSources } from './funding-deadlines.repository.ts';
import { deadlineRows } from './summary.repository.ts';

export interface FundingDeadlinesDeps {
  db: Db;
  log: Logger;
  now?: () => Date;
  milestones: Pick<MilestonesService, 'keepOwn' | 'childrenWithOwn'>;
}

export interface SyncSummary {
  children: number;
  created: number;
  updated: number;
  removed: number;
  failed: number;
}

/**
 * Funding deadlines on the roadmap (decision 0106): each funding source's next deadline kept as a
 * milestone of the child's, so the milestone reminder mail comes with it. `sync` after a change to
 * a child's funding sources, expenses or claims; `syncAll` daily, as deadlines pass.
 */
export function createFundingDeadlinesService(deps: FundingDeadlinesDeps) {
  const { db, log, milestones } = deps;
  const now = deps.now ?? (() => new Date());

  async function sync(childId: number): Promise<GenerationResult> {
    // Whatever its expenses' service dates: a deadline counts every draft claim.
    const sources = await deadlineRows(db, { childId, today: todayIso(now()) });
    return milestones.keepOwn(childId, 'reimbursements', fundingDeadlineMilestones(sources));
  }

  return {
    sync,

    /** Every child with funding sources or deadline milestones; one child's failure does not stop the others. */
    async syncAll(): Promise<SyncSummary> {
      const [withSources, withMilestones] = await Promise.all([
        childrenWithFundingSources(db),
        milestones.childrenWithOwn('reimbursements'),
      ]);
      const children = [...new Set([...withSources, ...withMilestones])];
      const summary: SyncSummary = { children: children.length, created: 0, updated: 0, removed: 0, failed: 0 };
      for (const childId of children) {
        try {
          const result = await sync(childId);
          summary.created += result.created;
          summary.updated += result.updated;
          summary.removed += result.removed;
        } catch (error) {
          // A child deleted meanwhile, or a database hiccup: the next child still gets its deadlines.
          summary.failed += 1;
          log.warn({ childId, err: error }, 'funding deadline milestones not synced');
        }
      }
      return summary;
    },
  };
}

export type FundingDeadlinesService = ReturnType<typeof createFundingDeadlinesService>;
