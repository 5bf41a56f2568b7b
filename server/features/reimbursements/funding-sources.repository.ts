import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FundingSourceRow, FundingSourcesTable } from '../../db/schema.ts';

/** The child's funding sources, in the order added. */
export async function listFundingSources(db: Db, childId: number): Promise<FundingSourceRow[]> {
  return db.selectFrom('fundingSources').selectAll().where('childId', '=', childId).orderBy('id').execute();
}

export async function countFundingSources(db: Db, childId: number): Promise<number> {
  const row = await db
    .selectFrom('fundingSources')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('childId', '=', childId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findFundingSource(db: Db, childId: number, id: number): Promise<FundingSourceRow | undefined> {
  return db.selectFrom('fundingSources').selectAll().where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

/** Locks the source's row until the transaction ends (a currency change and a new claim take turns). */
export async function lockFundingSource(db: Db, childId: number, id: number): Promise<FundingSourceRow | undefined> {
  return db.selectFrom('fundingSources').selectAll().where('childId', '=', childId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertFundingSource(db: Db, values: Insertable<FundingSourcesTable>): Promise<FundingSourceRow> {
  return db.insertInto('fundingSources').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateFundingSource(
  db: Db,
  childId: number,
  id: number,
  patch: Updateable<FundingSourcesTable>,
): Promise<FundingSourceRow | undefined> {
  return db.updateTable('fundingSources').set(patch).where('childId', '=', childId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteFundingSource(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('fundingSources').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** What keeps a source from being deleted: its claims and the expenses it paid directly. */
export async function fundingSourceUses(db: Db, childId: number, id: number): Promise<{ claims: number; paidDirectly: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('claims')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('childId', '=', childId)
        .where('fundingSourceId', '=', id)
        .as('claims'),
      eb
        .selectFrom('expenses')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('childId', '=', childId)
        .where('paidDirectlyBy', '=', id)
        .as('paidDirectly'),
    ])
    .executeTakeFirstOrThrow();
  return { claims: Number(row.claims), paidDirectly: Number(row.paidDirectly) };
}

/** The currencies of the expenses and claims that use the source (a currency change must keep them equal). */
export async function currenciesUsingSource(db: Db, childId: number, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('expenses')
    .select('expenses.currency')
    .distinct()
    .where('expenses.childId', '=', childId)
    .where((eb) =>
      eb.or([
        eb('expenses.paidDirectlyBy', '=', id),
        eb.exists(
          eb
            .selectFrom('claims')
            .select('claims.id')
            .whereRef('claims.expenseId', '=', 'expenses.id')
            .where('claims.fundingSourceId', '=', id),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.currency);
}
