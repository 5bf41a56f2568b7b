import type { Readable } from 'node:stream';
import { todayIso } from '#shared/schemas/dates.ts';
import type { ReimbursementPeriod, ReimbursementSummary } from '#shared/schemas/reimbursement.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Services } from '../../services.ts';
import { claimsCsv, indexCsv, receiptFiles, receiptsZip, type ReceiptFile } from './export.ts';
import { exportClaims, type ExportClaimRow } from './export.repository.ts';
import { findFundingSource } from './funding-sources.repository.ts';
import { deadlineRows, summaryRows, type SourceSummaryRow } from './summary.repository.ts';

export interface ReimbursementsDeps {
  db: Db;
  log: Logger;
  now?: () => Date;
  documents: Pick<Services['documents'], 'describe' | 'openFile'>;
}

/** A funding source's next deadline with draft claims still to submit before it (the dashboard's warnings, the roadmap's milestone). */
export interface UpcomingDeadline {
  fundingSourceId: number;
  name: string;
  date: string;
  expenseIds: number[];
  toSubmitCents: number;
  currency: string;
}

/** A funding source with claims submitted or appealed more than CLAIM_NO_ANSWER_DAYS ago and no answer yet. */
export interface UnansweredClaims {
  fundingSourceId: number;
  name: string;
  claims: number;
}

/** The export's filter with the period filled in. */
export interface ExportRequest {
  fundingSourceId?: number;
  from?: string;
  to?: string;
}

/** This calendar year, or the part of the period given. */
function periodOf(period: ReimbursementPeriod | undefined, today: string): { from: string; to: string } {
  const year = today.slice(0, 4);
  return { from: period?.from ?? `${year}-01-01`, to: period?.to ?? `${year}-12-31` };
}

function toSummarySource(row: SourceSummaryRow): ReimbursementSummary['fundingSources'][number] {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    currency: row.currency,
    awardCents: row.awardCents,
    claimedCents: row.claimedCents,
    pendingCents: row.pendingCents,
    approvedCents: row.approvedCents,
    paidCents: row.paidCents,
    deniedCents: row.deniedCents,
    remainingCents: row.awardCents === null ? null : row.awardCents - row.approvedCents - row.pendingCents,
    nextDeadline: row.deadline === null ? null : { date: row.deadline, expenseIds: row.draftExpenseIds, toSubmitCents: row.toSubmitCents },
    noAnswerClaims: row.noAnswerClaims,
  };
}

/**
 * Reimbursements read whole (decisions 0103, 0105): the summary per funding source and out of
 * pocket, one query; the deadlines the dashboard and the roadmap warn of; the exports a funder
 * accepts (CSV of claims, ZIP of receipts streamed from the vault).
 */
export function createReimbursementsService(deps: ReimbursementsDeps) {
  const { db, log, documents } = deps;
  const now = deps.now ?? (() => new Date());

  async function exportContents(scope: ChildScope, request: ExportRequest) {
    const today = todayIso(now());
    const period = periodOf(request, today);
    let sourceName: string | undefined;
    if (request.fundingSourceId !== undefined) {
      const source = await findFundingSource(db, scope.childId, request.fundingSourceId);
      if (!source) throw AppError.notFound('Funding source');
      sourceName = source.name;
    }
    const rows: ExportClaimRow[] = await exportClaims(db, { childId: scope.childId, fundingSourceId: request.fundingSourceId, ...period });
    const described = await documents.describe(
      db,
      scope,
      rows.flatMap((row) => row.documentIds),
    );
    const files = receiptFiles(rows, described);
    return { rows, files, period, sourceName };
  }

  /** `reimbursements_<source>_<from>_<to>` (no source: every funding source). */
  const baseName = (sourceName: string | undefined, period: { from: string; to: string }) =>
    `reimbursements_${sourceName ?? 'all funding sources'}_${period.from}_${period.to}`;

  return {
    async summary(scope: ChildScope, period?: ReimbursementPeriod): Promise<ReimbursementSummary> {
      const today = todayIso(now());
      const window = periodOf(period, today);
      const rows = await summaryRows(db, { childId: scope.childId, ...window, today });
      const outOfPocket: ReimbursementSummary['outOfPocket'] = [];
      for (const row of rows.outOfPocket) {
        let entry = outOfPocket.find((item) => item.currency === row.currency);
        if (!entry) {
          entry = { currency: row.currency, totalCents: 0, byCategory: [] };
          outOfPocket.push(entry);
        }
        entry.totalCents += row.totalCents;
        entry.byCategory.push({ category: row.category, totalCents: row.totalCents });
      }
      return { ...window, fundingSources: rows.sources.map(toSummarySource), outOfPocket };
    },

    /**
     * What the dashboard warns of and the roadmap holds as milestones: per funding source its next
     * deadline on or after `today` while draft claims wait for it, and its claims with no answer
     * for CLAIM_NO_ANSWER_DAYS. Whatever the service date: the summary's claim CTEs, over all time.
     */
    async deadlines(
      scope: ChildScope,
      today: string = todayIso(now()),
    ): Promise<{ upcoming: UpcomingDeadline[]; unanswered: UnansweredClaims[] }> {
      const sources = await deadlineRows(db, { childId: scope.childId, today });
      return {
        upcoming: sources.flatMap((row) =>
          row.deadline !== null && row.draftExpenseIds.length > 0
            ? [
                {
                  fundingSourceId: row.id,
                  name: row.name,
                  date: row.deadline,
                  expenseIds: row.draftExpenseIds,
                  toSubmitCents: row.toSubmitCents,
                  currency: row.currency,
                },
              ]
            : [],
        ),
        unanswered: sources.flatMap((row) =>
          row.noAnswerClaims > 0 ? [{ fundingSourceId: row.id, name: row.name, claims: row.noAnswerClaims }] : [],
        ),
      };
    },

    /** The claims CSV of one funding source (or all) for a period, with its file name. */
    async exportCsv(scope: ChildScope, request: ExportRequest): Promise<{ fileName: string; csv: string }> {
      const { rows, files, period, sourceName } = await exportContents(scope, request);
      return { fileName: `${baseName(sourceName, period)}.csv`, csv: claimsCsv(rows, files) };
    },

    /**
     * The receipts ZIP, streamed: checked and listed before the first byte (so a 404 is still a 404),
     * then each file read from the vault as the reader takes the ZIP.
     */
    async exportZip(scope: ChildScope, request: ExportRequest): Promise<{ fileName: string; files: ReceiptFile[]; body: Readable }> {
      const { files, period, sourceName } = await exportContents(scope, request);
      const body = receiptsZip({
        files,
        index: indexCsv(files),
        mtime: now(),
        open: async (documentId) => (await documents.openFile(scope, documentId)).body,
        done: (outcome) => {
          const fields = {
            childId: scope.childId,
            fundingSourceId: request.fundingSourceId ?? null,
            opened: outcome.opened,
            files: outcome.files,
          };
          // A reader that left is ordinary; a file the vault could not read is worth a look.
          if (outcome.error)
            log[outcome.readerLeft ? 'info' : 'warn']({ ...fields, reason: outcome.error.message }, 'receipts ZIP stopped before its end');
        },
      });
      return { fileName: `${baseName(sourceName, period)}.zip`, files, body };
    },
  };
}

export type ReimbursementsService = ReturnType<typeof createReimbursementsService>;
