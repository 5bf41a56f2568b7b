import { observationActions, observationFilterSchema } from '#shared/schemas/observation.ts';
import type { Services } from '../../services.ts';
import { operation, queryForm, type RestOperation } from '../../rest/operation.ts';
import { listOperation, writes } from '../../rest/record-operations.ts';
import { parseWith } from '../../rest/route-kit.ts';

const observationQuery = queryForm(observationFilterSchema);
const observationRecords = {
  base: '/api/observations',
  tag: 'Observations',
  noun: 'observation',
  item: 'Observation',
  actions: observationActions,
} as const;

/** The child's observations for external clients: the same service as the tRPC router (issue 4). */
export function observationsOperations(services: Services): RestOperation[] {
  const { observations } = services;
  return [
    listOperation(observationRecords, {
      summary: 'List the child\u2019s observations, newest first, a page at a time',
      description: 'Filters combine. For the next page, pass the last id you received as `before`.',
      query: observationQuery,
      success: 'Observations, newest first',
      run: (scope, query) => observations.list(scope, parseWith(observationFilterSchema, query)),
    }),
    operation({
      operationId: 'getObservationTrend',
      method: 'get',
      path: '/api/observations/trend',
      tag: 'Observations',
      summary: 'Wins and concerns per week for the last 12 weeks',
      security: 'bearer',
      child: observationActions.viewTrend,
      success: [{ status: 200, description: 'Oldest week first', body: 'WeeklyTrend' }],
      handle: ({ scope }) => observations.weeklyTrend(scope),
    }),
    ...writes({
      ...observationRecords,
      create: { body: 'ObservationCreate', run: observations.create },
      update: { body: 'ObservationUpdate', run: observations.update },
      remove: observations.delete,
    }),
  ];
}
