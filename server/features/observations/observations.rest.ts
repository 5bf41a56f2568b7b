import {
  observationActions,
  observationCreateSchema,
  observationFilterSchema,
  observationSchema,
  observationUpdateSchema,
  weeklyTrendSchema,
} from '#shared/schemas/observation.ts';
import type { Services } from '../../services.ts';
import { named, operation, queryForm, type RestOperation } from '../../rest/operation.ts';
import { listOperation, writes } from '../../rest/record-operations.ts';
import { parseWith } from '../../rest/route-kit.ts';

const bodies = named({
  Observation: observationSchema,
  WeeklyTrend: weeklyTrendSchema,
  ObservationCreate: observationCreateSchema,
  ObservationUpdate: observationUpdateSchema,
});
const tag = { name: 'Observations', description: 'What happened, when and where: the child\u2019s observations' };

/** An observation made from an approved form answer stays as it was answered (decision 0109). */
const FROM_FORM_IS_KEPT = 'The observation came from a form answer: it can be deleted, not changed';

const observationQuery = queryForm(observationFilterSchema);
const observationRecords = {
  base: '/api/observations',
  tag,
  noun: 'observation',
  item: bodies.Observation,
  actions: observationActions,
} as const;

/** The child's observations for external clients: the same service as the tRPC router (issue 4). */
export function observationsOperations(services: Services): RestOperation[] {
  const { observations } = services;
  const [create, update, remove] = writes({
    ...observationRecords,
    create: { body: bodies.ObservationCreate, run: observations.create },
    update: { body: bodies.ObservationUpdate, run: observations.update },
    remove: observations.delete,
  }) as [RestOperation, RestOperation, RestOperation];
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
      tag,
      summary: 'Wins and concerns per week for the last 12 weeks',
      security: 'bearer',
      child: observationActions.viewTrend,
      success: [{ status: 200, description: 'Oldest week first', body: bodies.WeeklyTrend }],
      handle: ({ scope }) => observations.weeklyTrend(scope),
    }),
    create,
    { ...update, errors: { 409: FROM_FORM_IS_KEPT } },
    remove,
  ];
}
