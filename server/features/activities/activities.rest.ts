import { activityActions, activityListSchema, activitySchema } from '#shared/schemas/activity.ts';
import type { Services } from '../../services.ts';
import { named, queryForm, type RestOperation } from '../../rest/operation.ts';
import { listOperation } from '../../rest/record-operations.ts';

const bodies = named({
  Activity: activitySchema,
});

const activityQuery = queryForm(activityListSchema);
const activityRecords = {
  base: '/api/activities',
  tag: 'Dashboard',
  noun: 'activity',
  plural: 'activities',
  item: bodies.Activity,
  actions: activityActions,
} as const;

/** Recent changes to the child's record for external clients: the same service as the tRPC router (issue 4). */
export function activitiesOperations(services: Services): RestOperation[] {
  const { activities } = services;
  return [
    listOperation(activityRecords, {
      summary: 'Recent changes to the child\u2019s record',
      query: activityQuery,
      success: 'Newest first; title, occurredAt and recordedOn come from the record as it is now',
      run: (scope, query) => activities.list(scope, query.limit as number),
    }),
  ];
}
