import type { StrategyCreate, StrategyUpdate } from '#shared/schemas/strategy.ts';
import type { Db } from '../../db/database.ts';
import type { StrategyRow } from '../../db/schema.ts';

type StrategyValues = Omit<StrategyCreate, 'goalIds'>;

export async function listStrategies(db: Db, childId: number): Promise<StrategyRow[]> {
  return db.selectFrom('strategies').selectAll().where('childId', '=', childId).orderBy('active', 'desc').orderBy('id').execute();
}

export async function goalLinks(db: Db, childId: number): Promise<{ strategyId: number; goalId: number }[]> {
  return db.selectFrom('strategyGoals').select(['strategyId', 'goalId']).where('childId', '=', childId).orderBy('goalId').execute();
}

export async function goalIdsOf(db: Db, strategyId: number): Promise<number[]> {
  const rows = await db.selectFrom('strategyGoals').select('goalId').where('strategyId', '=', strategyId).orderBy('goalId').execute();
  return rows.map((row) => row.goalId);
}

export async function insertStrategy(db: Db, childId: number, values: StrategyValues & { createdBy: string }): Promise<StrategyRow> {
  return db
    .insertInto('strategies')
    .values({ ...values, childId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateStrategy(db: Db, childId: number, id: number, patch: Omit<StrategyUpdate, 'goalIds'>, now: Date) {
  return db
    .updateTable('strategies')
    .set({ ...patch, updatedAt: now })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteStrategy(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('strategies').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function replaceGoalLinks(db: Db, childId: number, strategyId: number, goalIds: number[]): Promise<void> {
  await db.deleteFrom('strategyGoals').where('strategyId', '=', strategyId).execute();
  if (goalIds.length > 0) {
    await db
      .insertInto('strategyGoals')
      .values(goalIds.map((goalId) => ({ strategyId, goalId, childId })))
      .execute();
  }
}
