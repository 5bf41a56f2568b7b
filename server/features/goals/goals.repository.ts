import { sql } from 'kysely';
import type { EntrySource } from '#shared/schemas/entry-source.ts';
import type { GoalCreate, GoalUpdate, ProgressEntryCreate, ProgressEntryUpdate } from '#shared/schemas/goal.ts';
import type { Db } from '../../db/database.ts';
import type { GoalRow, ProgressEntryRow } from '../../db/schema.ts';

export async function listGoals(db: Db, childId: number): Promise<GoalRow[]> {
  return db.selectFrom('goals').selectAll().where('childId', '=', childId).orderBy('id').execute();
}

export async function findGoal(db: Db, childId: number, id: number): Promise<GoalRow | undefined> {
  return db.selectFrom('goals').selectAll().where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

/** The newest progress entry of each of the child's goals. */
export async function latestProgressByGoal(db: Db, childId: number): Promise<ProgressEntryRow[]> {
  return db
    .selectFrom('progressEntries')
    .selectAll()
    .distinctOn('goalId')
    .where('childId', '=', childId)
    .orderBy('goalId')
    .orderBy('recordedOn', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listProgress(db: Db, childId: number, goalId: number): Promise<ProgressEntryRow[]> {
  return db
    .selectFrom('progressEntries')
    .selectAll()
    .where('childId', '=', childId)
    .where('goalId', '=', goalId)
    .orderBy('recordedOn')
    .orderBy('id')
    .execute();
}

/** The child's progress entries recorded from `from` to `to` (days, both included), by goal, oldest first. */
export async function listProgressBetween(db: Db, childId: number, from: string, to: string): Promise<ProgressEntryRow[]> {
  return db
    .selectFrom('progressEntries')
    .selectAll()
    .where('childId', '=', childId)
    .where('recordedOn', '>=', from)
    .where('recordedOn', '<=', to)
    .orderBy('goalId')
    .orderBy('recordedOn')
    .orderBy('id')
    .execute();
}

export async function insertGoal(db: Db, childId: number, values: GoalCreate & { createdBy: string }): Promise<GoalRow> {
  return db
    .insertInto('goals')
    .values({ ...values, childId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateGoal(db: Db, childId: number, id: number, patch: GoalUpdate, now: Date): Promise<GoalRow | undefined> {
  return db
    .updateTable('goals')
    .set({ ...patch, updatedAt: now })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteGoal(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('goals').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertProgress(
  db: Db,
  childId: number,
  values: ProgressEntryCreate & { createdBy: string },
): Promise<ProgressEntryRow> {
  return db
    .insertInto('progressEntries')
    .values({ ...values, childId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A progress entry that came from an approved form answer, with its source (jsonb, written as JSON text). */
export async function insertProgressFromForm(
  db: Db,
  childId: number,
  values: { goalId: number; recordedOn: string; value: number; note: string | null; createdBy: string },
  source: EntrySource,
): Promise<ProgressEntryRow> {
  return db
    .insertInto('progressEntries')
    .values({ ...values, childId, source: JSON.stringify(source) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One of the child's entries; with `goalId`, only when the entry is on that goal. */
export async function findProgress(db: Db, childId: number, id: number, goalId?: number): Promise<ProgressEntryRow | undefined> {
  let query = db.selectFrom('progressEntries').selectAll().where('childId', '=', childId).where('id', '=', id);
  if (goalId !== undefined) query = query.where('goalId', '=', goalId);
  return query.executeTakeFirst();
}

/** Changes one of the child's entries; with `goalId`, only when the entry is on that goal. */
export async function updateProgress(
  db: Db,
  childId: number,
  id: number,
  patch: ProgressEntryUpdate,
  goalId?: number,
): Promise<ProgressEntryRow | undefined> {
  let query = db.updateTable('progressEntries').set(patch).where('childId', '=', childId).where('id', '=', id);
  if (goalId !== undefined) query = query.where('goalId', '=', goalId);
  return query.returningAll().executeTakeFirst();
}

export async function deleteProgress(db: Db, childId: number, id: number, goalId?: number): Promise<boolean> {
  let query = db.deleteFrom('progressEntries').where('childId', '=', childId).where('id', '=', id);
  if (goalId !== undefined) query = query.where('goalId', '=', goalId);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The latest `perGoal` progress entries of each of the child's goals `goalIds`, oldest first within each goal (one query). */
export async function latestProgressOfGoals(
  db: Db,
  childId: number,
  goalIds: readonly number[],
  perGoal: number,
): Promise<Pick<ProgressEntryRow, 'goalId' | 'recordedOn' | 'value'>[]> {
  if (goalIds.length === 0) return [];
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('progressEntries')
        .select(['id', 'goalId', 'recordedOn', 'value'])
        .select(sql<number>`row_number() OVER (PARTITION BY goal_id ORDER BY recorded_on DESC, id DESC)`.as('rank'))
        .where('childId', '=', childId)
        .where('goalId', 'in', [...goalIds])
        .as('ranked'),
    )
    .select(['goalId', 'recordedOn', 'value'])
    .where('rank', '<=', perGoal)
    .orderBy('goalId')
    .orderBy('recordedOn')
    .orderBy('id')
    .execute();
}
