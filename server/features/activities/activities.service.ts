import type { Activity } from '#shared/schemas/activity.ts';
import type { Db } from '../../db/database.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { listActivities } from './activities.repository.ts';

export function createActivitiesService(deps: { db: Db }) {
  return {
    list(scope: ChildScope, limit: number): Promise<Activity[]> {
      return listActivities(deps.db, scope.childId, limit);
    },
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
