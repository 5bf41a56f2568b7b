import type { Activity } from '#shared/schemas/activity.ts';
import type { Db } from '../../db/database.ts';
import { authorsFor } from '../../core/authors.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import type { ActivityTitle } from '../../core/feature.ts';
import { activityTitles, listActivities } from './activities.repository.ts';

/** `activityTitles`: how each feature's subjects are named in the feed (server/features.ts collects them). */
export function createActivitiesService(deps: { db: Db; activityTitles: readonly ActivityTitle[] }) {
  return {
    /** The latest changes, each naming who made it (read now, from their account). */
    async list(scope: ChildScope, limit: number): Promise<Activity[]> {
      const rows = await listActivities(deps.db, deps.activityTitles, scope.childId, limit);
      const authorOf = await authorsFor(
        deps.db,
        scope,
        rows.map((row) => row.actorId),
      );
      return rows.map(({ actorId, ...row }) => ({ ...row, actor: authorOf(actorId) }));
    },

    /** What each of the child's activities is about, in the feed's words as they are now; the audit log's names. */
    titlesOf(childId: number, activityIds: readonly number[]): Promise<Map<number, string>> {
      return activityTitles(deps.db, deps.activityTitles, childId, activityIds);
    },
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
