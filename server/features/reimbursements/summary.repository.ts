import { sql } from 'kysely';
import { CALENDAR_FIRST_DAY, CALENDAR_LAST_DAY } from '#shared/calendar.ts';
import {
  APPROVED_CLAIM_STATUSES,
  CLAIM_NO_ANSWER_DAYS,
  EXPENSE_CATEGORIES,
  PENDING_CLAIM_STATUSES,
  type ClaimStatus,
  type ExpenseCategory,
  type FundingSourceKind,
} from '#shared/schemas/reimbursement.ts';
import type { Db } from '../../db/database.ts';

export interface SummaryWindow {
  childId: number;
  /** Service dates counted, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  /** The day deadlines and the no-answer flag count from. */
  today: string;
}

export interface SourceSummaryRow {
  id: number;
  name: string;
  kind: FundingSourceKind;
  currency: string;
  awardCents: number | null;
  claimedCents: number;
  pendingCents: number;
  approvedCents: number;
  paidCents: number;
  deniedCents: number;
  noAnswerClaims: number;
  deadline: string | null;
  draftExpenseIds: number[];
  toSubmitCents: number;
}

export interface OutOfPocketRow {
  currency: string;
  category: ExpenseCategory;
  totalCents: number;
}

/** What a deadline needs of a funding source (the dashboard's warnings, the roadmap's milestones). */
export interface SourceDeadlineRow {
  id: number;
  name: string;
  currency: string;
  deadline: string | null;
  draftExpenseIds: number[];
  toSubmitCents: number;
  noAnswerClaims: number;
}

/** A claim's status in one of `statuses`: the groups come from shared/schemas, so a new status is not missed in SQL. */
const statusIn = (statuses: readonly ClaimStatus[]) => sql`status = ANY(${sql.val([...statuses])}::text[])`;
const statusIs = (status: ClaimStatus) => sql`status = ${status}`;

/**
 * The CTEs the summary and deadlineRows share: `counted`, the claims whose expense's service date is
 * in the window and in the source's own period; `by_claims`, their sums per funding source.
 */
function claimCtes(window: SummaryWindow) {
  const { childId, from, to, today } = window;
  return sql`
    counted AS (
      SELECT c.funding_source_id, c.expense_id, c.status, c.amount_cents, c.approved_cents, c.paid_cents, c.submitted_on,
             coalesce(e.service_end_date, e.service_date) AS service_last, fs.deadline_days
      FROM claims c
      JOIN expenses e ON e.id = c.expense_id
      JOIN funding_sources fs ON fs.id = c.funding_source_id
      WHERE c.child_id = ${childId}
        AND e.service_date BETWEEN ${from}::date AND ${to}::date
        AND (fs.period_start IS NULL OR e.service_date >= fs.period_start)
        AND (fs.period_end IS NULL OR e.service_date <= fs.period_end)
    ),
    by_claims AS (
      SELECT funding_source_id,
        coalesce(sum(amount_cents) FILTER (WHERE NOT (${statusIs('withdrawn')})), 0)::bigint AS claimed,
        coalesce(sum(amount_cents) FILTER (WHERE ${statusIn(PENDING_CLAIM_STATUSES)}), 0)::bigint AS pending,
        coalesce(sum(approved_cents) FILTER (WHERE ${statusIn(APPROVED_CLAIM_STATUSES)}), 0)::bigint AS approved,
        coalesce(sum(paid_cents), 0)::bigint AS paid,
        coalesce(sum(amount_cents) FILTER (WHERE ${statusIs('denied')}), 0)::bigint AS denied,
        count(*) FILTER (WHERE ${statusIn(PENDING_CLAIM_STATUSES)} AND submitted_on < ${today}::date - ${CLAIM_NO_ANSWER_DAYS}::int)::int AS no_answer,
        coalesce(array_agg(DISTINCT expense_id ORDER BY expense_id) FILTER (WHERE ${statusIs('draft')}), '{}') AS draft_expense_ids,
        coalesce(sum(amount_cents) FILTER (WHERE ${statusIs('draft')}), 0)::bigint AS to_submit,
        min(service_last + deadline_days) FILTER (WHERE ${statusIs('draft')} AND service_last + deadline_days >= ${today}::date) AS after_service
      FROM counted
      GROUP BY funding_source_id
    )`;
}

/** The next deadline of source `fs` on or after today (listed dates, the rule's month or quarter end, `b.after_service` from by_claims). */
function nextDeadline(today: string) {
  // least() skips nulls: a source with no deadline of a kind simply has none from it.
  return sql`least(
          (SELECT min(listed) FROM unnest(fs.deadlines) AS listed WHERE listed >= ${today}::date),
          CASE fs.deadline_rule
            WHEN 'monthly' THEN (date_trunc('month', ${today}::date) + interval '1 month' - interval '1 day')::date
            WHEN 'quarterly' THEN (date_trunc('quarter', ${today}::date) + interval '3 months' - interval '1 day')::date
          END,
          b.after_service
        )`;
}

/**
 * The reimbursement summary in ONE query (decision 0103, 0105): per funding source the claims whose
 * expense's service date is in the window and in the source's own period, the expenses it paid
 * directly, its next deadline (listed dates, the rule's month or quarter end, each draft claim's
 * service end plus the days), and out of pocket per currency and category. The JSON keys are already
 * camelCase, so the CamelCasePlugin leaves them as they are; sums are bigint, read as JSON numbers.
 */
export async function summaryRows(db: Db, window: SummaryWindow): Promise<{ sources: SourceSummaryRow[]; outOfPocket: OutOfPocketRow[] }> {
  const { childId, from, to, today } = window;
  const result = await sql<{ sources: SourceSummaryRow[]; outOfPocket: OutOfPocketRow[] }>`
    WITH ${claimCtes(window)},
    direct AS (
      SELECT e.paid_directly_by AS funding_source_id, sum(e.amount_cents)::bigint AS direct
      FROM expenses e
      JOIN funding_sources fs ON fs.id = e.paid_directly_by
      WHERE e.child_id = ${childId}
        AND e.service_date BETWEEN ${from}::date AND ${to}::date
        AND (fs.period_start IS NULL OR e.service_date >= fs.period_start)
        AND (fs.period_end IS NULL OR e.service_date <= fs.period_end)
      GROUP BY e.paid_directly_by
    ),
    sources AS (
      SELECT fs.id, fs.name, fs.kind, fs.currency, fs.award_cents,
        coalesce(b.claimed, 0) + coalesce(d.direct, 0) AS claimed,
        coalesce(b.pending, 0) AS pending,
        coalesce(b.approved, 0) + coalesce(d.direct, 0) AS approved,
        coalesce(b.paid, 0) + coalesce(d.direct, 0) AS paid,
        coalesce(b.denied, 0) AS denied,
        coalesce(b.no_answer, 0) AS no_answer,
        coalesce(b.draft_expense_ids, '{}') AS draft_expense_ids,
        coalesce(b.to_submit, 0) AS to_submit,
        ${nextDeadline(today)} AS deadline
      FROM funding_sources fs
      LEFT JOIN by_claims b ON b.funding_source_id = fs.id
      LEFT JOIN direct d ON d.funding_source_id = fs.id
      WHERE fs.child_id = ${childId}
    ),
    paid_back AS (
      SELECT expense_id, sum(paid_cents) AS paid FROM claims WHERE child_id = ${childId} GROUP BY expense_id
    ),
    out_of_pocket AS (
      SELECT e.currency, e.category, sum(e.amount_cents - coalesce(p.paid, 0))::bigint AS total
      FROM expenses e
      LEFT JOIN paid_back p ON p.expense_id = e.id
      WHERE e.child_id = ${childId} AND e.paid_directly_by IS NULL AND e.service_date BETWEEN ${from}::date AND ${to}::date
      GROUP BY e.currency, e.category
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object(
          'id', id, 'name', name, 'kind', kind, 'currency', currency, 'awardCents', award_cents,
          'claimedCents', claimed, 'pendingCents', pending, 'approvedCents', approved, 'paidCents', paid,
          'deniedCents', denied, 'noAnswerClaims', no_answer, 'deadline', deadline,
          'draftExpenseIds', draft_expense_ids, 'toSubmitCents', to_submit
        ) ORDER BY id), '[]'::json) FROM sources) AS sources,
      (SELECT coalesce(json_agg(json_build_object('currency', currency, 'category', category, 'totalCents', total)
        ORDER BY currency, array_position(${sql.val([...EXPENSE_CATEGORIES])}::text[], category)), '[]'::json) FROM out_of_pocket) AS out_of_pocket
  `.execute(db);
  const row = result.rows[0];
  return { sources: row?.sources ?? [], outOfPocket: row?.outOfPocket ?? [] };
}

/**
 * Per funding source only what deadlines need, over every service date (what is left to submit has
 * no period): the summary's claim CTEs without its paid-directly and out-of-pocket parts.
 */
export async function deadlineRows(db: Db, where: { childId: number; today: string }): Promise<SourceDeadlineRow[]> {
  const { childId, today } = where;
  const result = await sql<{ sources: SourceDeadlineRow[] | null }>`
    WITH ${claimCtes({ childId, from: CALENDAR_FIRST_DAY, to: CALENDAR_LAST_DAY, today })}
    SELECT json_agg(json_build_object(
        'id', fs.id, 'name', fs.name, 'currency', fs.currency, 'deadline', ${nextDeadline(today)},
        'draftExpenseIds', coalesce(b.draft_expense_ids, '{}'), 'toSubmitCents', coalesce(b.to_submit, 0),
        'noAnswerClaims', coalesce(b.no_answer, 0)
      ) ORDER BY fs.id) AS sources
    FROM funding_sources fs
    LEFT JOIN by_claims b ON b.funding_source_id = fs.id
    WHERE fs.child_id = ${childId}
  `.execute(db);
  return result.rows[0]?.sources ?? [];
}
