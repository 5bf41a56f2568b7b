import type { Claim, Expense } from '#shared/schemas/reimbursement.ts';
import type { Db } from '../../db/database.ts';
import type { ClaimPaymentRow, ClaimRow, ClaimStatusChangeRow, ExpenseRow } from '../../db/schema.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { hasNoAnswer, nextStatuses, takenBy } from './claims.rules.ts';
import * as claims from './claims.repository.ts';
import * as expenses from './expenses.repository.ts';

/*
 * How expenses are answered (shared by the expenses and claims services): each with its claims, their
 * moves and payments, what is left to claim and what the family is out of pocket, read in a few
 * queries for a whole page.
 */

function toClaim(
  row: ClaimRow,
  history: readonly ClaimStatusChangeRow[],
  payments: readonly ClaimPaymentRow[],
  authorOf: AuthorOf,
  today: string,
): Claim {
  return {
    id: row.id,
    childId: row.childId,
    expenseId: row.expenseId,
    fundingSourceId: row.fundingSourceId,
    amountCents: row.amountCents,
    status: row.status,
    approvedCents: row.approvedCents,
    paidCents: row.paidCents,
    reference: row.reference,
    submittedOn: row.submittedOn,
    noAnswerFlag: hasNoAnswer(row, today),
    nextStatuses: nextStatuses(row),
    history: history.map((change) => ({
      id: change.id,
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      approvedCents: change.approvedCents,
      note: change.note,
      reference: change.reference,
      on: change.happenedOn,
      by: authorOf(change.createdBy),
      createdAt: change.createdAt.toISOString(),
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      claimId: payment.claimId,
      amountCents: payment.amountCents,
      paidOn: payment.paidOn,
      reference: payment.reference,
      addedBy: authorOf(payment.createdBy),
      createdAt: payment.createdAt.toISOString(),
    })),
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const groupBy = <Row extends { claimId: number }>(rows: readonly Row[]) => {
  const byClaim = new Map<number, Row[]>();
  for (const row of rows) byClaim.set(row.claimId, [...(byClaim.get(row.claimId) ?? []), row]);
  return byClaim;
};

/** The expenses as answered, in the order given. */
export async function answerExpenses(db: Db, scope: ChildScope, rows: readonly ExpenseRow[], today: string): Promise<Expense[]> {
  const ids = rows.map((row) => row.id);
  const [claimRows, documents] = await Promise.all([
    claims.claimsOfExpenses(db, scope.childId, ids),
    expenses.documentIdsByExpense(db, ids),
  ]);
  const claimIds = claimRows.map((claim) => claim.id);
  const [history, payments] = await Promise.all([claims.statusChangesOfClaims(db, claimIds), claims.paymentsOfClaims(db, claimIds)]);
  const authorOf = await authorsFor(db, scope, [
    ...rows.map((row) => row.createdBy),
    ...claimRows.map((claim) => claim.createdBy),
    ...history.map((change) => change.createdBy),
    ...payments.map((payment) => payment.createdBy),
  ]);
  const historyOf = groupBy(history);
  const paymentsOf = groupBy(payments);
  return rows.map((row) => {
    const own = claimRows.filter((claim) => claim.expenseId === row.id);
    const paidBack = own.reduce((sum, claim) => sum + claim.paidCents, 0);
    const direct = row.paidDirectlyBy !== null;
    return {
      id: row.id,
      childId: row.childId,
      provider: row.provider,
      category: row.category,
      serviceDate: row.serviceDate,
      serviceEndDate: row.serviceEndDate,
      amountCents: row.amountCents,
      currency: row.currency,
      paidOn: row.paidOn,
      paidBy: row.paidBy,
      paidDirectlyBy: row.paidDirectlyBy,
      notes: row.notes,
      documentIds: documents.get(row.id) ?? [],
      checklist: row.checklist,
      claimableCents: direct ? 0 : Math.max(row.amountCents - takenBy(own), 0),
      outOfPocketCents: direct ? 0 : row.amountCents - paidBack,
      claims: own.map((claim) => toClaim(claim, historyOf.get(claim.id) ?? [], paymentsOf.get(claim.id) ?? [], authorOf, today)),
      addedBy: authorOf(row.createdBy),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** One expense as answered; NOT_FOUND is the caller's to throw. */
export async function answerExpense(db: Db, scope: ChildScope, row: ExpenseRow, today: string): Promise<Expense> {
  return (await answerExpenses(db, scope, [row], today))[0] as Expense;
}
