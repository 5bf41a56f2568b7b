import type { ActivityAction, ActivitySubject } from '#shared/schemas/activity.ts';
import type { Db } from '../db/database.ts';
import type { NewActivityRow } from '../db/schema.ts';
import { insertActivity } from './activity-log.repository.ts';
import type { ChildScope } from './child-scope.ts';

/** One change to record: who made it (`actorId`: the parent or a caregiver), what, and about which row. */
export type ActivityRecord = Omit<NewActivityRow, 'id' | 'createdAt'>;

/** Writes one activity row; call it inside the transaction of the change it records. */
export async function recordActivity(trx: Db, activity: ActivityRecord): Promise<void> {
  await insertActivity(trx, activity);
}

/**
 * Runs a change to a child's record and writes its activity in the same transaction.
 * `change` returns the subject's id (or the row carrying it).
 */
export async function recordChange<T extends { id: number }>(
  db: Db,
  scope: ChildScope,
  what: { action: ActivityAction; subjectType: ActivitySubject },
  change: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await recordActivity(trx, {
      ownerId: scope.ownerId,
      childId: scope.childId,
      actorId: scope.userId,
      action: what.action,
      subjectType: what.subjectType,
      subjectId: result.id,
    });
    return result;
  });
}
