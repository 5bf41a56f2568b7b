import type { Activity } from '#shared/schemas/activity.ts';
import type { Db } from '../../db/database.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { activityTitles, listActivities } from './activities.repository.ts';

export function createActivitiesService(deps: { db: Db }) {
  return {
    list(scope: ChildScope, limit: number): Promise<Activity[]> {
      return listActivities(deps.db, scope.childId, limit);
    },

    /** What each of the child's activities is about, in the feed's words as they are now; the audit log's names. */
    titlesOf(childId: number, activityIds: readonly number[]): Promise<Map<number, string>> {
      return activityTitles(deps.db, childId, activityIds);
    },
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
