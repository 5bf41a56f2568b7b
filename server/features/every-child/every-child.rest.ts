import {
  everyChildGoalSchema,
  everyChildObservationSchema,
  everyChildProgressSchema,
  everyChildSnapshotLinkSchema,
  everyChildSnapshotSchema,
  everyChildStrategySchema,
} from '#shared/schemas/every-child.ts';
import { observationFilterSchema } from '#shared/schemas/observation.ts';
import type { Services } from '../../services.ts';
import { named, operation, queryForm, type RestOperation } from '../../rest/operation.ts';
import { parseWith } from '../../rest/route-kit.ts';

const bodies = named({
  EveryChildObservation: everyChildObservationSchema,
  EveryChildGoal: everyChildGoalSchema,
  EveryChildProgress: everyChildProgressSchema,
  EveryChildStrategy: everyChildStrategySchema,
  EveryChildSnapshot: everyChildSnapshotSchema,
  EveryChildSnapshotLink: everyChildSnapshotLinkSchema,
});

const observationQuery = queryForm(observationFilterSchema);

const ACROSS = 'Your own children and those shared with you, each item named by its child (`childName`); nobody else\u2019s.';

/** Lists across every child the caller can see, for external clients: the same service as the tRPC router (decision 0098). */
export function everyChildOperations(services: Services): RestOperation[] {
  const { everyChild } = services;
  return [
    operation({
      operationId: 'listObservationsOfEveryChild',
      method: 'get',
      path: '/api/every-child/observations',
      tag: 'Observations',
      summary: 'List the observations of every child you can see, newest first, a page at a time',
      description: `${ACROSS} The filters are those of \`GET /api/observations\`; for the next page, pass the last id you received as \`before\`.`,
      security: 'bearer',
      child: false,
      query: observationQuery,
      success: [{ status: 200, description: 'Observations, newest first', body: bodies.EveryChildObservation, list: true }],
      handle: ({ userId, query }) => everyChild.observations(userId, parseWith(observationFilterSchema, query)),
    }),
    operation({
      operationId: 'listGoalsOfEveryChild',
      method: 'get',
      path: '/api/every-child/goals',
      tag: 'Goals',
      summary: 'List the goals of every child you can see',
      description: `${ACROSS} Child by child, in the order of \`GET /api/children\`.`,
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'Goals', body: bodies.EveryChildGoal, list: true }],
      handle: ({ userId }) => everyChild.goals(userId),
    }),
    operation({
      operationId: 'listProgressOfEveryChild',
      method: 'get',
      path: '/api/every-child/progress',
      tag: 'Goals',
      summary: 'The active goals of every child you can see, each with its latest progress',
      description: `${ACROSS} As the dashboard's \`activeGoals\` gives them for one child.`,
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'Active goals', body: bodies.EveryChildProgress, list: true }],
      handle: ({ userId }) => everyChild.progress(userId),
    }),
    operation({
      operationId: 'listStrategiesOfEveryChild',
      method: 'get',
      path: '/api/every-child/strategies',
      tag: 'Strategies',
      summary: 'List the strategies of every child you can see',
      description: `${ACROSS} Child by child, in the order of \`GET /api/children\`.`,
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'Strategies', body: bodies.EveryChildStrategy, list: true }],
      handle: ({ userId }) => everyChild.strategies(userId),
    }),
    operation({
      operationId: 'listSnapshotsOfEveryChild',
      method: 'get',
      path: '/api/every-child/snapshots',
      tag: 'Snapshots',
      summary: 'List the snapshots of every child you can see',
      description: `${ACROSS} Child by child, in the order of \`GET /api/children\`, each child's newest first.`,
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'Snapshots', body: bodies.EveryChildSnapshot, list: true }],
      handle: ({ userId }) => everyChild.snapshots(userId),
    }),
    operation({
      operationId: 'listSnapshotLinksOfEveryChild',
      method: 'get',
      path: '/api/every-child/snapshot-links',
      tag: 'Snapshots',
      summary: 'List the open snapshot links of every child you own or co-own',
      description: `${ACROSS} Only children where you are an owner (sharing is an owner's); the others are left out. Child by child, each child's newest first, with \`childId\`.`,
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'Open links (not turned off, not expired)', body: bodies.EveryChildSnapshotLink, list: true }],
      handle: ({ userId }) => everyChild.snapshotLinks(userId),
    }),
  ];
}
