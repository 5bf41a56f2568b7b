import { activityActions, activityListSchema } from '#shared/schemas/activity.ts';
import type { Services } from '../../services.ts';
import { operation, queryForm, type RestOperation } from '../../rest/operation.ts';

const activityQuery = queryForm(activityListSchema);

/** Recent changes to the child's record for external clients: the same service as the tRPC router (issue 4). */
export function activitiesOperations(services: Services): RestOperation[] {
  const { activities } = services;
  return [
    operation({
      operationId: 'listActivities',
      method: 'get',
      path: '/api/activities',
      tag: 'Dashboard',
      summary: 'Recent changes to the child\u2019s record',
      security: 'bearer',
      child: activityActions.list,
      query: activityQuery,
      success: [
        {
          status: 200,
          description: 'Newest first; title, occurredAt and recordedOn come from the record as it is now',
          body: 'Activity',
          list: true,
        },
      ],
      handle: ({ scope, query }) => activities.list(scope, query.limit as number),
    }),
  ];
}
