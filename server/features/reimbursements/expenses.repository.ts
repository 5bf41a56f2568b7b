import { sql, type Insertable, type Updateable } from 'kysely';
import type { ExpenseFilter } from '#shared/schemas/reimbursement.ts';
import type { Db } from '../../db/database.ts';
import type { ExpenseRow, ExpensesTable } from '../../db/schema.ts';

/** A page of the child's expenses, newest service first, with how many match the filter. */
export async function listExpenses(db: Db, childId: number, filter: ExpenseFilter): Promise<{ rows: ExpenseRow[]; total: number }> {
  let query = db.selectFrom('expenses').where('expenses.childId', '=', childId);
  if (filter.from) query = query.where('expenses.serviceDate', '>=', filter.from);
  if (filter.to) query = query.where('expenses.serviceDate', '<=', filter.to);
  if (filter.category) query = query.where('expenses.category', '=', filter.category);
  const sourceId = filter.fundingSourceId;
  if (sourceId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('expenses.paidDirectlyBy', '=', sourceId),
        eb.exists(
          eb
            .selectFrom('claims')
            .select('claims.id')
            .whereRef('claims.expenseId', '=', 'expenses.id')
            .where('claims.fundingSourceId', '=', sourceId),
        ),
      ]),
    );
  }
  const status = filter.status;
  if (status !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('claims').select('claims.id').whereRef('claims.expenseId', '=', 'expenses.id').where('claims.status', '=', status),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('expenses')
      .orderBy('expenses.serviceDate', 'desc')
      .orderBy('expenses.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function findExpense(db: Db, childId: number, id: number): Promise<ExpenseRow | undefined> {
  return db.selectFrom('expenses').selectAll().where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

/** Locks the expense's row until the transaction ends: what its claims take is checked against it (decision 0103). */
export async function lockExpense(db: Db, childId: number, id: number): Promise<ExpenseRow | undefined> {
  return db.selectFrom('expenses').selectAll().where('childId', '=', childId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertExpense(db: Db, values: Insertable<ExpensesTable>): Promise<ExpenseRow> {
  return db.insertInto('expenses').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateExpense(
  db: Db,
  childId: number,
  id: number,
  patch: Updateable<ExpensesTable>,
): Promise<ExpenseRow | undefined> {
  return db.updateTable('expenses').set(patch).where('childId', '=', childId).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Deletes the expense; its claims, their moves and payments and its document links go with it (the documents stay). */
export async function deleteExpense(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('expenses').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The vault documents linked to each of the expenses, in the order linked. */
export async function documentIdsByExpense(db: Db, expenseIds: readonly number[]): Promise<Map<number, number[]>> {
  const byExpense = new Map<number, number[]>();
  if (expenseIds.length === 0) return byExpense;
  const rows = await db
    .selectFrom('expenseDocuments')
    .select(['expenseId', 'documentId'])
    .where('expenseId', 'in', [...expenseIds])
    .orderBy('expenseId')
    .orderBy('documentId')
    .execute();
  for (const row of rows) byExpense.set(row.expenseId, [...(byExpense.get(row.expenseId) ?? []), row.documentId]);
  return byExpense;
}

/** Links exactly `documentIds` to the expense (ids already checked to be the child's documents). */
export async function setExpenseDocuments(db: Db, childId: number, expenseId: number, documentIds: readonly number[]): Promise<void> {
  await db.deleteFrom('expenseDocuments').where('expenseId', '=', expenseId).execute();
  if (documentIds.length === 0) return;
  await db
    .insertInto('expenseDocuments')
    .values([...new Set(documentIds)].map((documentId) => ({ expenseId, documentId, childId })))
    .execute();
}

/**
 * Per provider (case-insensitive), its latest expense's category and the funding source of that
 * expense's latest claim: what the add form prefills.
 */
export async function providerDefaults(
  db: Db,
  childId: number,
): Promise<{ provider: string; category: ExpenseRow['category']; fundingSourceId: number | null }[]> {
  const { rows } = await sql<{ provider: string; category: ExpenseRow['category']; fundingSourceId: number | null }>`
    SELECT latest.provider, latest.category,
      (SELECT c.funding_source_id FROM claims c WHERE c.expense_id = latest.id ORDER BY c.id DESC LIMIT 1) AS funding_source_id
    FROM (
      SELECT DISTINCT ON (lower(e.provider)) e.id, e.provider, e.category
      FROM expenses e
      WHERE e.child_id = ${childId}
      ORDER BY lower(e.provider), e.service_date DESC, e.id DESC
    ) AS latest
    ORDER BY lower(latest.provider)
  `.execute(db);
  return rows;
}
