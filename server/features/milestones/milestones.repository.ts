import type { MilestoneCreate, MilestoneRange, MilestoneUpdate, OwnedMilestoneSource } from '#shared/schemas/milestone.ts';
import type { Db } from '../../db/database.ts';
import type { MilestoneRow } from '../../db/schema.ts';
import type { MilestoneDraft } from './roadmap-rules.ts';

export async function listMilestones(db: Db, childId: number, range: MilestoneRange = {}): Promise<MilestoneRow[]> {
  let query = db.selectFrom('milestones').selectAll().where('childId', '=', childId);
  if (range.from) query = query.where('dueDate', '>=', range.from);
  if (range.to) query = query.where('dueDate', '<=', range.to);
  return query.orderBy('dueDate').orderBy('id').execute();
}

export async function insertMilestone(
  db: Db,
  childId: number,
  values: MilestoneCreate & { source: MilestoneRow['source']; ruleKey?: string | null; createdBy?: string },
): Promise<MilestoneRow> {
  return db
    .insertInto('milestones')
    .values({ ...values, childId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateMilestone(
  db: Db,
  childId: number,
  id: number,
  patch: MilestoneUpdate & { editedByParent?: boolean },
  now: Date,
): Promise<MilestoneRow | undefined> {
  return db
    .updateTable('milestones')
    .set({ ...patch, updatedAt: now })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function findMilestone(db: Db, childId: number, id: number): Promise<MilestoneRow | undefined> {
  return db.selectFrom('milestones').selectAll().where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
}

export async function refreshGenerated(db: Db, childId: number, id: number, draft: MilestoneDraft, now: Date): Promise<void> {
  await db
    .updateTable('milestones')
    .set({
      title: draft.title,
      whyItMatters: draft.whyItMatters,
      whatToDo: draft.whatToDo,
      category: draft.category,
      dueDate: draft.dueDate,
      updatedAt: now,
    })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .execute();
}

export async function deleteMilestones(db: Db, childId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('milestones').where('childId', '=', childId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Remembers that the parent deleted the milestone a rule generated, so the rule stays quiet. */
export async function dismissRuleKey(db: Db, childId: number, ruleKey: string): Promise<void> {
  await db
    .insertInto('dismissedMilestones')
    .values({ childId, ruleKey })
    .onConflict((oc) => oc.columns(['childId', 'ruleKey']).doNothing())
    .execute();
}

export async function dismissedRuleKeys(db: Db, childId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('dismissedMilestones').select('ruleKey').where('childId', '=', childId).execute();
  return new Set(rows.map((row) => row.ruleKey));
}

/** The milestones a feature keeps for itself (decision 0106), in due order. */
export async function listOwnedMilestones(db: Db, childId: number, source: OwnedMilestoneSource): Promise<MilestoneRow[]> {
  return db
    .selectFrom('milestones')
    .selectAll()
    .where('childId', '=', childId)
    .where('source', '=', source)
    .orderBy('dueDate')
    .orderBy('id')
    .execute();
}

/** A feature's own milestone; a sync running at the same moment that wrote the key first wins. */
export async function insertOwnedMilestone(db: Db, childId: number, source: OwnedMilestoneSource, draft: MilestoneDraft): Promise<boolean> {
  const inserted = await db
    .insertInto('milestones')
    .values({ ...draft, childId, source, status: 'upcoming' })
    .onConflict((oc) => oc.columns(['childId', 'ruleKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Keeps a milestone the parent worked on under another key, so its rule's key is free for the next one. */
export async function rekeyMilestone(db: Db, childId: number, id: number, ruleKey: string, now: Date): Promise<void> {
  await db.updateTable('milestones').set({ ruleKey, updatedAt: now }).where('childId', '=', childId).where('id', '=', id).execute();
}

/** The children who have milestones `source` keeps (a daily sync visits them even when the feature has nothing left). */
export async function childrenWithOwnedMilestones(db: Db, source: OwnedMilestoneSource): Promise<number[]> {
  const rows = await db.selectFrom('milestones').select('childId').distinct().where('source', '=', source).execute();
  return rows.map((row) => row.childId);
}
