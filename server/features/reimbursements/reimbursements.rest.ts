import { pipeline } from 'node:stream/promises';
import { create as contentDisposition } from 'content-disposition';
import type { Response } from 'express';
import {
  CLAIM_NO_ANSWER_DAYS,
  reimbursementActions,
  reimbursementExportSchema,
  reimbursementPeriodSchema,
  reimbursementSummarySchema,
} from '#shared/schemas/reimbursement.ts';
import { safeSegment } from '../../core/file-names.ts';
import type { Services } from '../../services.ts';
import { named, operation, queryForm, type RestOperation } from '../../rest/operation.ts';

const bodies = named({ ReimbursementSummary: reimbursementSummarySchema });
/** The tag's description is the fundingSources feature's. */
const tag = 'Reimbursements';
const periodQuery = queryForm(reimbursementPeriodSchema);
/** Without fundingSourceId the export holds every funding source of the child (decision 0105). */
const exportQuery = queryForm(reimbursementExportSchema);

/** Starts a 200 download: the file's type, its name (made safe), and kept out of every cache. */
function startAttachment(res: Response, contentType: string, fileName: string, fallback: string): void {
  res.status(200);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', contentDisposition(safeSegment(fileName, fallback), { type: 'attachment' }));
  res.setHeader('Cache-Control', 'private, no-store, no-transform');
}

const EXPORT_PERIOD =
  'Claims whose expense\u2019s service date is in the period (`from` and `to`, each by default the first or last day of this calendar year), to the funding source `fundingSourceId` (every funding source of the child without it; 404 for one that is not this child\u2019s).';

/** The summary and the exports over REST (issue 26, decisions 0103 and 0105). */
export function reimbursementsOperations(services: Services): RestOperation[] {
  const { reimbursements } = services;
  return [
    operation({
      operationId: 'getReimbursementSummary',
      method: 'get',
      path: '/api/reimbursements/summary',
      tag,
      summary:
        'Per funding source what was claimed, is pending, approved, paid and denied, its next deadline, and out of pocket per currency',
      description: `Over the expenses whose service date is in the period (\`from\` and \`to\`, by default this calendar year) and in the funding source\u2019s own period. Amounts are integer minor units of each funding source\u2019s currency; out of pocket is per currency, never summed across currencies. \`nextDeadline\` is the earliest deadline on or after today (listed dates, the rule\u2019s month or quarter end, each draft claim\u2019s service date plus the rule\u2019s days) with the expenses whose draft claims are still to submit; \`noAnswerClaims\` counts claims submitted or appealed more than ${CLAIM_NO_ANSWER_DAYS} days ago.`,
      security: 'bearer',
      child: reimbursementActions.summary,
      query: periodQuery,
      success: [{ status: 200, description: 'The summary', body: bodies.ReimbursementSummary }],
      handle: ({ scope, query }) => reimbursements.summary(scope, query),
    }),
    operation({
      operationId: 'exportReimbursementClaimsCsv',
      method: 'get',
      path: '/api/reimbursements/export.csv',
      tag,
      summary: 'The claims as a CSV a funder accepts: one row per claim',
      description: `${EXPORT_PERIOD} Money is a plain decimal of the currency (150.00) beside a Currency column; a cell beginning with = + - @, a tab or a carriage return starts with \`'\` so a spreadsheet shows it as text. The Receipts column names the files as the ZIP export names them.`,
      security: 'bearer',
      child: reimbursementActions.export,
      query: exportQuery,
      success: [{ status: 200, description: 'The CSV (UTF-8 with a byte order mark), an attachment', file: ['text/csv'] }],
      handle: async ({ res, scope, query }) => {
        const { fileName, csv } = await reimbursements.exportCsv(scope, query);
        startAttachment(res, 'text/csv; charset=utf-8', fileName, 'reimbursements.csv');
        res.end(csv);
      },
    }),
    operation({
      operationId: 'exportReimbursementReceiptsZip',
      method: 'get',
      path: '/api/reimbursements/export.zip',
      tag,
      summary: 'The receipts of the claims as one ZIP, with index.csv naming each file\u2019s claims',
      description: `${EXPORT_PERIOD} Each document linked to the claims\u2019 expenses is named \`<service date>_<provider>_<amount>.<ext>\` (a second file of the same name ends in \` (2)\`); index.csv gives each file\u2019s claims, expense and vault document. The ZIP is streamed as it is made: a file that cannot be read ends the download early, so a short download is never mistaken for a whole one.`,
      security: 'bearer',
      child: reimbursementActions.export,
      query: exportQuery,
      success: [{ status: 200, description: 'The ZIP, an attachment', file: ['application/zip'] }],
      handle: async ({ res, scope, query }) => {
        const { fileName, body } = await reimbursements.exportZip(scope, query);
        startAttachment(res, 'application/zip', fileName, 'reimbursements.zip');
        // A failure half-way (a file, or the reader gone) ends the connection: the client sees a short body, never wrong bytes.
        await pipeline(body, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
      },
    }),
  ];
}
