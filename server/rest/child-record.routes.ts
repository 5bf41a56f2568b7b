import { activityListSchema } from '#shared/schemas/activity.ts';
import { milestoneRangeSchema } from '#shared/schemas/milestone.ts';
import { observationFilterSchema } from '#shared/schemas/observation.ts';
import type { ChildScope } from '../core/child-scope.ts';
import type { Services } from '../services.ts';
import type { RequestBodyName, ResponseBodyName } from './components.ts';
import { operation, queryForm, type OperationTag, type RestOperation } from './operation.ts';
import { parseWith } from './route-kit.ts';

interface Collection {
  /** `/api/goals` */
  base: `/api/${string}`;
  tag: OperationTag;
  /** What one record is called in summaries (`goal`) and, capitalised, in operationIds (`createGoal`). */
  noun: string;
  item: ResponseBodyName;
  create: { body: RequestBodyName; run: (scope: ChildScope, input: never) => Promise<unknown> };
  update: { body: RequestBodyName; run: (scope: ChildScope, id: number, input: never) => Promise<unknown> };
  remove: (scope: ChildScope, id: number) => Promise<unknown>;
}

/** POST `base`, PUT and DELETE `base/{id}`, all about the child named by `?childId=` (child-profile.routes.ts uses it too). */
export function writes(c: Collection): RestOperation[] {
  const Noun = `${c.noun.charAt(0).toUpperCase()}${c.noun.slice(1)}`;
  const recordId = { id: `The ${c.noun}\u2019s id` };
  return [
    operation({
      operationId: `create${Noun}`,
      method: 'post',
      path: c.base,
      tag: c.tag,
      summary: `Add a ${c.noun}`,
      security: 'bearer',
      child: 'updater',
      body: c.create.body,
      success: [{ status: 201, description: `The new ${c.noun}`, body: c.item }],
      handle: ({ scope, body }) => c.create.run(scope, body as never),
    }),
    operation({
      operationId: `update${Noun}`,
      method: 'put',
      path: `${c.base}/{id}`,
      tag: c.tag,
      summary: `Change a ${c.noun}`,
      security: 'bearer',
      child: 'updater',
      ids: recordId,
      body: c.update.body,
      success: [{ status: 200, description: `The ${c.noun} as saved`, body: c.item }],
      handle: ({ scope, ids, body }) => c.update.run(scope, ids.id, body as never),
    }),
    operation({
      operationId: `delete${Noun}`,
      method: 'delete',
      path: `${c.base}/{id}`,
      tag: c.tag,
      summary: `Delete a ${c.noun}`,
      security: 'bearer',
      child: 'owner',
      ids: recordId,
      success: [{ status: 200, description: 'Deleted', body: 'Deleted' }],
      handle: ({ scope, ids }) => c.remove(scope, ids.id),
    }),
  ];
}

const observationQuery = queryForm(observationFilterSchema);
const milestoneQuery = queryForm(milestoneRangeSchema);
const activityQuery = queryForm(activityListSchema);

/** The child's record for external clients: the same services as the tRPC routers (issue 4). */
export function childRecordOperations(services: Services): RestOperation[] {
  const { observations, goals, strategies, milestones, activities, dashboard } = services;
  return [
    operation({
      operationId: 'listObservations',
      method: 'get',
      path: '/api/observations',
      tag: 'Observations',
      summary: 'List the child\u2019s observations, newest first, a page at a time',
      description: 'Filters combine. For the next page, pass the last id you received as `before`.',
      security: 'bearer',
      child: 'viewer',
      query: observationQuery,
      success: [{ status: 200, description: 'Observations, newest first', body: 'Observation', list: true }],
      handle: ({ scope, query }) => observations.list(scope, parseWith(observationFilterSchema, query)),
    }),
    operation({
      operationId: 'getObservationTrend',
      method: 'get',
      path: '/api/observations/trend',
      tag: 'Observations',
      summary: 'Wins and concerns per week for the last 12 weeks',
      security: 'bearer',
      child: 'viewer',
      success: [{ status: 200, description: 'Oldest week first', body: 'WeeklyTrend' }],
      handle: ({ scope }) => observations.weeklyTrend(scope),
    }),
    ...writes({
      base: '/api/observations',
      tag: 'Observations',
      noun: 'observation',
      item: 'Observation',
      create: { body: 'ObservationCreate', run: observations.create },
      update: { body: 'ObservationUpdate', run: observations.update },
      remove: observations.delete,
    }),

    operation({
      operationId: 'listGoals',
      method: 'get',
      path: '/api/goals',
      tag: 'Goals',
      summary: 'List the child\u2019s goals',
      security: 'bearer',
      child: 'viewer',
      success: [{ status: 200, description: 'Goals', body: 'Goal', list: true }],
      handle: ({ scope }) => goals.list(scope),
    }),
    operation({
      operationId: 'getGoal',
      method: 'get',
      path: '/api/goals/{id}',
      tag: 'Goals',
      summary: 'A goal with its progress (oldest first) and linked observations',
      security: 'bearer',
      child: 'viewer',
      ids: { id: 'The goal\u2019s id' },
      success: [{ status: 200, description: 'The goal', body: 'GoalDetail' }],
      handle: ({ scope, ids }) => goals.detail(scope, ids.id),
    }),
    ...writes({
      base: '/api/goals',
      tag: 'Goals',
      noun: 'goal',
      item: 'Goal',
      create: { body: 'GoalCreate', run: goals.create },
      update: { body: 'GoalUpdate', run: goals.update },
      remove: goals.delete,
    }),
    operation({
      operationId: 'addGoalProgress',
      method: 'post',
      path: '/api/goals/{id}/progress',
      tag: 'Goals',
      summary: 'Record progress on a goal',
      security: 'bearer',
      child: 'updater',
      ids: { id: 'The goal\u2019s id' },
      body: 'ProgressEntryCreate',
      success: [{ status: 201, description: 'The entry', body: 'ProgressEntry' }],
      handle: ({ scope, ids, body }) => goals.addProgress(scope, { ...body, goalId: ids.id }),
    }),
    operation({
      operationId: 'updateGoalProgress',
      method: 'put',
      path: '/api/goals/{id}/progress/{entryId}',
      tag: 'Goals',
      summary: 'Correct a progress entry: its day, value or note',
      security: 'bearer',
      child: 'updater',
      ids: { id: 'The goal\u2019s id', entryId: 'The progress entry\u2019s id (an entry of that goal)' },
      body: 'ProgressEntryUpdate',
      success: [{ status: 200, description: 'The entry as saved', body: 'ProgressEntry' }],
      handle: ({ scope, ids, body }) => goals.updateProgress(scope, ids.entryId, body, ids.id),
    }),
    operation({
      operationId: 'deleteGoalProgress',
      method: 'delete',
      path: '/api/goals/{id}/progress/{entryId}',
      tag: 'Goals',
      summary: 'Delete a progress entry',
      security: 'bearer',
      child: 'owner',
      ids: { id: 'The goal\u2019s id', entryId: 'The progress entry\u2019s id (an entry of that goal)' },
      success: [{ status: 200, description: 'Deleted', body: 'Deleted' }],
      handle: ({ scope, ids }) => goals.deleteProgress(scope, ids.entryId, ids.id),
    }),

    operation({
      operationId: 'listStrategies',
      method: 'get',
      path: '/api/strategies',
      tag: 'Strategies',
      summary: 'List the child\u2019s strategies',
      security: 'bearer',
      child: 'viewer',
      success: [{ status: 200, description: 'Strategies', body: 'Strategy', list: true }],
      handle: ({ scope }) => strategies.list(scope),
    }),
    ...writes({
      base: '/api/strategies',
      tag: 'Strategies',
      noun: 'strategy',
      item: 'Strategy',
      create: { body: 'StrategyCreate', run: strategies.create },
      update: { body: 'StrategyUpdate', run: strategies.update },
      remove: strategies.delete,
    }),

    operation({
      operationId: 'listMilestones',
      method: 'get',
      path: '/api/milestones',
      tag: 'Roadmap',
      summary: 'The child\u2019s roadmap: milestones by due date',
      description: '`from` and `to` keep milestones due in that range (both days included).',
      security: 'bearer',
      child: 'viewer',
      query: milestoneQuery,
      success: [{ status: 200, description: 'Milestones', body: 'Milestone', list: true }],
      handle: ({ scope, query }) => milestones.list(scope, query),
    }),
    operation({
      operationId: 'regenerateRoadmap',
      method: 'post',
      path: '/api/milestones/generate',
      tag: 'Roadmap',
      summary: 'Regenerate the roadmap; keeps what the parent added, changed or finished',
      security: 'bearer',
      child: 'updater',
      success: [{ status: 200, description: 'What changed', body: 'GenerationResult' }],
      handle: ({ scope }) => milestones.generate(scope),
    }),
    ...writes({
      base: '/api/milestones',
      tag: 'Roadmap',
      noun: 'milestone',
      item: 'Milestone',
      create: { body: 'MilestoneCreate', run: milestones.create },
      update: { body: 'MilestoneUpdate', run: milestones.update },
      remove: milestones.delete,
    }),

    operation({
      operationId: 'listActivities',
      method: 'get',
      path: '/api/activities',
      tag: 'Dashboard',
      summary: 'Recent changes to the child\u2019s record',
      security: 'bearer',
      child: 'viewer',
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
    operation({
      operationId: 'getDashboardStats',
      method: 'get',
      path: '/api/dashboard/stats',
      tag: 'Dashboard',
      summary: 'The dashboard numbers for one child',
      security: 'bearer',
      child: 'viewer',
      success: [{ status: 200, description: 'Stats', body: 'DashboardStats' }],
      handle: ({ scope }) => dashboard.stats(scope),
    }),
  ];
}
