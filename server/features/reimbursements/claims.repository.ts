import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  ClaimPaymentRow,
  ClaimPaymentsTable,
  ClaimRow,
  ClaimsTable,
  ClaimStatusChangeRow,
  ClaimStatusChangesTable,
} from '../../db/schema.ts';

/** The claims on each of the expenses, in the order added. */
export async function claimsOfExpenses(db: Db, childId: number, expenseIds: readonly number[]): Promise<ClaimRow[]> {
  if (expenseIds.length === 0) return [];
  return db
    .selectFrom('claims')
    .selectAll()
    .where('childId', '=', childId)
    .where('expenseId', 'in', [...expenseIds])
    .orderBy('expenseId')
    .orderBy('id')
    .execute();
}

export async function findClaim(db: Db, childId: number, id: number): Promise<ClaimRow | undefined> {
  return db.selectFrom('claims').selectAll().where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

/** Locks the claim's row until the transaction ends: its payments are checked against it. */
export async function lockClaim(db: Db, childId: number, id: number): Promise<ClaimRow | undefined> {
  return db.selectFrom('claims').selectAll().where('childId', '=', childId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertClaim(db: Db, values: Insertable<ClaimsTable>): Promise<ClaimRow> {
  return db.insertInto('claims').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateClaim(db: Db, childId: number, id: number, patch: Updateable<ClaimsTable>): Promise<ClaimRow> {
  return db.updateTable('claims').set(patch).where('childId', '=', childId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteClaim(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('claims').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertStatusChange(db: Db, values: Insertable<ClaimStatusChangesTable>): Promise<void> {
  await db.insertInto('claimStatusChanges').values(values).execute();
}

/** Every move of each of the claims, oldest first. */
export async function statusChangesOfClaims(db: Db, claimIds: readonly number[]): Promise<ClaimStatusChangeRow[]> {
  if (claimIds.length === 0) return [];
  return db
    .selectFrom('claimStatusChanges')
    .selectAll()
    .where('claimId', 'in', [...claimIds])
    .orderBy('claimId')
    .orderBy('id')
    .execute();
}

/** Every payment of each of the claims, in the order recorded. */
export async function paymentsOfClaims(db: Db, claimIds: readonly number[]): Promise<ClaimPaymentRow[]> {
  if (claimIds.length === 0) return [];
  return db
    .selectFrom('claimPayments')
    .selectAll()
    .where('claimId', 'in', [...claimIds])
    .orderBy('claimId')
    .orderBy('id')
    .execute();
}

export async function insertPayment(db: Db, values: Insertable<ClaimPaymentsTable>): Promise<ClaimPaymentRow> {
  return db.insertInto('claimPayments').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Deletes one payment of the claim; the deleted row, or undefined when the claim has no such payment. */
export async function deletePayment(db: Db, childId: number, claimId: number, id: number): Promise<ClaimPaymentRow | undefined> {
  return db
    .deleteFrom('claimPayments')
    .where('childId', '=', childId)
    .where('claimId', '=', claimId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
