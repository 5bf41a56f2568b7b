import { sql } from 'kysely';
import type { ClaimStatus, ExpenseCategory } from '#shared/schemas/reimbursement.ts';
import type { Db } from '../../db/database.ts';

export interface ExportClaimRow {
  claimId: number;
  expenseId: number;
  fundingSourceId: number;
  fundingSourceName: string;
  serviceDate: string;
  serviceEndDate: string | null;
  provider: string;
  category: ExpenseCategory;
  currency: string;
  expenseCents: number;
  amountCents: number;
  status: ClaimStatus;
  approvedCents: number | null;
  paidCents: number;
  submittedOn: string | null;
  reference: string | null;
  /** The expense's linked vault documents, in the order linked. */
  documentIds: number[];
}

/**
 * The claims an export lists: to one funding source (or every one of the child's), whose expense's
 * service date is in the period, by service date then claim id.
 */
export async function exportClaims(
  db: Db,
  filter: { childId: number; fundingSourceId?: number; from: string; to: string },
): Promise<ExportClaimRow[]> {
  let query = db
    .selectFrom('claims as c')
    .innerJoin('expenses as e', 'e.id', 'c.expenseId')
    .innerJoin('fundingSources as fs', 'fs.id', 'c.fundingSourceId')
    .select([
      'c.id as claimId',
      'c.expenseId',
      'c.fundingSourceId',
      'fs.name as fundingSourceName',
      'e.serviceDate',
      'e.serviceEndDate',
      'e.provider',
      'e.category',
      'e.currency',
      'e.amountCents as expenseCents',
      'c.amountCents',
      'c.status',
      'c.approvedCents',
      'c.paidCents',
      'c.submittedOn',
      'c.reference',
      sql<
        number[]
      >`coalesce((SELECT array_agg(d.document_id ORDER BY d.document_id) FROM expense_documents d WHERE d.expense_id = e.id), '{}')`.as(
        'documentIds',
      ),
    ])
    .where('c.childId', '=', filter.childId)
    .where('e.serviceDate', '>=', filter.from)
    .where('e.serviceDate', '<=', filter.to);
  if (filter.fundingSourceId !== undefined) query = query.where('c.fundingSourceId', '=', filter.fundingSourceId);
  return query.orderBy('e.serviceDate').orderBy('c.id').execute();
}
