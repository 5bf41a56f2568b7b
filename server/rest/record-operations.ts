import type { ChildAction } from '#shared/schemas/roles.ts';
import type { ChildScope } from '../core/child-scope.ts';
import type { RequestBodyName, ResponseBodyName } from './components.ts';
import { operation, type OperationTag, type RestOperation } from './operation.ts';

export interface Collection {
  /** `/api/goals` */
  base: `/api/${string}`;
  tag: OperationTag;
  /** What one record is called in summaries (`goal`) and, capitalised, in operationIds (`createGoal`). */
  noun: string;
  item: ResponseBodyName;
  /** The feature's table: the three operations do its `create`, `update` and `delete`. */
  actions: Record<'create' | 'update' | 'delete', ChildAction>;
  create: { body: RequestBodyName; run: (scope: ChildScope, input: never) => Promise<unknown> };
  update: { body: RequestBodyName; run: (scope: ChildScope, id: number, input: never) => Promise<unknown> };
  remove: (scope: ChildScope, id: number) => Promise<unknown>;
}

/** POST `base`, PUT and DELETE `base/{id}`, all about the child named by `?childId=`. */
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
      child: c.actions.create,
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
      child: c.actions.update,
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
      child: c.actions.delete,
      ids: recordId,
      success: [{ status: 200, description: 'Deleted', body: 'Deleted' }],
      handle: ({ scope, ids }) => c.remove(scope, ids.id),
    }),
  ];
}
