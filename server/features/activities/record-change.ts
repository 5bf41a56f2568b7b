import type { ActivityAction, ActivitySubject } from '../../../shared/schemas/activity.ts';
import type { Db } from '../../db/database.ts';
import type { ChildScope } from '../children/children.service.ts';
import { recordActivity } from './activities.repository.ts';

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
      actorId: scope.ownerId,
      action: what.action,
      subjectType: what.subjectType,
      subjectId: result.id,
    });
    return result;
  });
}
