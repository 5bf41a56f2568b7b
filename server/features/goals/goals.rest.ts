import {
  goalActions,
  goalCreateSchema,
  goalDetailSchema,
  goalSchema,
  goalUpdateSchema,
  progressEntryCreateSchema,
  progressEntrySchema,
  progressEntryUpdateSchema,
} from '#shared/schemas/goal.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';
import { deletedBody, getOperation, listOperation, writes } from '../../rest/record-operations.ts';

const bodies = named({
  Goal: goalSchema,
  GoalDetail: goalDetailSchema,
  GoalCreate: goalCreateSchema,
  GoalUpdate: goalUpdateSchema,
  // The goal comes from the path.
  ProgressEntryCreate: progressEntryCreateSchema.omit({ goalId: true }),
  ProgressEntry: progressEntrySchema,
  ProgressEntryUpdate: progressEntryUpdateSchema,
});
const tag = { name: 'Goals', description: 'Goals and the progress recorded on them' };

const goalRecords = { base: '/api/goals', tag, noun: 'goal', item: bodies.Goal, actions: goalActions } as const;

/** The child's goals and their progress for external clients: the same service as the tRPC router (issue 4). */
export function goalsOperations(services: Services): RestOperation[] {
  const { goals } = services;
  return [
    listOperation(goalRecords, { summary: 'List the child\u2019s goals', run: goals.list }),
    getOperation(goalRecords, {
      summary: 'A goal with its progress (oldest first) and linked observations',
      body: bodies.GoalDetail,
      run: goals.detail,
    }),
    ...writes({
      ...goalRecords,
      create: { body: bodies.GoalCreate, run: goals.create },
      update: { body: bodies.GoalUpdate, run: goals.update },
      remove: goals.delete,
    }),
    operation({
      operationId: 'addGoalProgress',
      method: 'post',
      path: '/api/goals/{id}/progress',
      tag,
      summary: 'Record progress on a goal',
      security: 'bearer',
      child: goalActions.addProgress,
      ids: { id: 'The goal\u2019s id' },
      body: bodies.ProgressEntryCreate,
      success: [{ status: 201, description: 'The entry', body: bodies.ProgressEntry }],
      handle: ({ scope, ids, body }) => goals.addProgress(scope, { ...body, goalId: ids.id }),
    }),
    operation({
      operationId: 'updateGoalProgress',
      method: 'put',
      path: '/api/goals/{id}/progress/{entryId}',
      tag,
      summary: 'Correct a progress entry: its day, value or note',
      security: 'bearer',
      child: goalActions.updateProgress,
      ids: { id: 'The goal\u2019s id', entryId: 'The progress entry\u2019s id (an entry of that goal)' },
      body: bodies.ProgressEntryUpdate,
      success: [{ status: 200, description: 'The entry as saved', body: bodies.ProgressEntry }],
      // An entry from an approved form answer stays as it was answered (decision 0109).
      errors: { 409: 'The entry came from a form answer: it can be deleted, not changed' },
      handle: ({ scope, ids, body }) => goals.updateProgress(scope, ids.entryId, body, ids.id),
    }),
    operation({
      operationId: 'deleteGoalProgress',
      method: 'delete',
      path: '/api/goals/{id}/progress/{entryId}',
      tag,
      summary: 'Delete a progress entry',
      security: 'bearer',
      child: goalActions.deleteProgress,
      ids: { id: 'The goal\u2019s id', entryId: 'The progress entry\u2019s id (an entry of that goal)' },
      success: [{ status: 200, description: 'Deleted', body: deletedBody }],
      handle: ({ scope, ids }) => goals.deleteProgress(scope, ids.entryId, ids.id),
    }),
  ];
}
