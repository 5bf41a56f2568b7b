import type { z } from 'zod';
import { deletedSchema } from '#shared/schemas/common.ts';
import type { ChildAction } from '#shared/schemas/roles.ts';
import type { ChildScope } from '../core/child-scope.ts';
import { named, operation, type Named, type OperationTag, type RestOperation } from './operation.ts';

/** What a delete answers: the record's id and `deleted: true`. */
export const { Deleted: deletedBody } = named({ Deleted: deletedSchema });

/** A kind of the child's records at `base`: what its list, get, create, update and delete share. */
export interface Records {
  /** `/api/goals` */
  base: `/api/${string}`;
  tag: OperationTag;
  /** What one record is called in summaries (`goal`) and, capitalised, in operationIds (`createGoal`). */
  noun: string;
  /** Several of them, in `list<Plural>` and the list's description (default: the noun and an s). */
  plural?: string;
  item: Named;
  /** The feature's table (decision 0094): each operation does the action of its name. */
  actions: Partial<Record<'list' | 'view' | 'create' | 'update' | 'delete', ChildAction>>;
}

export interface Collection extends Records {
  actions: Record<'create' | 'update' | 'delete', ChildAction>;
  create: { body: Named; run: (scope: ChildScope, input: never) => Promise<unknown> };
  update: { body: Named; run: (scope: ChildScope, id: number, input: never) => Promise<unknown> };
  remove: (scope: ChildScope, id: number) => Promise<unknown>;
}

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** GET `base`: the child's records (`items` of them, or one `page` body), about the child named by `?childId=`. */
export function listOperation<Query extends z.ZodObject | undefined = undefined>(
  c: Records & { actions: { list: ChildAction } },
  list: {
    summary: string;
    description?: string;
    /** The query string it reads (`queryForm(schema)`). */
    query?: Query;
    /** What the answer holds (default: the plural, capitalised). */
    success?: string;
    /** A body of its own (a page with a total) instead of a list of `item`. */
    page?: Named;
    run: (scope: ChildScope, query: Query extends z.ZodObject ? z.output<Query> : undefined) => Promise<unknown>;
  },
): RestOperation {
  const plural = c.plural ?? `${c.noun}s`;
  return operation({
    operationId: `list${capitalised(plural)}`,
    method: 'get',
    path: c.base,
    tag: c.tag,
    summary: list.summary,
    ...(list.description ? { description: list.description } : {}),
    security: 'bearer',
    child: c.actions.list,
    ...(list.query ? { query: list.query as z.ZodObject } : {}),
    success: [
      list.page
        ? { status: 200, description: list.success ?? capitalised(plural), body: list.page }
        : { status: 200, description: list.success ?? capitalised(plural), body: c.item, list: true },
    ],
    handle: ({ scope, query }) => list.run(scope, query as never),
  });
}

/** GET `base/{id}`: one record (`item`, or a fuller `body`), about the child named by `?childId=`. */
export function getOperation(
  c: Records & { actions: { view: ChildAction } },
  get: { summary: string; body?: Named; run: (scope: ChildScope, id: number) => Promise<unknown> },
): RestOperation {
  return operation({
    operationId: `get${capitalised(c.noun)}`,
    method: 'get',
    path: `${c.base}/{id}`,
    tag: c.tag,
    summary: get.summary,
    security: 'bearer',
    child: c.actions.view,
    ids: { id: `The ${c.noun}\u2019s id` },
    success: [{ status: 200, description: `The ${c.noun}`, body: get.body ?? c.item }],
    handle: ({ scope, ids }) => get.run(scope, ids.id),
  });
}

/** POST `base`, PUT and DELETE `base/{id}`, all about the child named by `?childId=`. */
export function writes(c: Collection): RestOperation[] {
  const Noun = capitalised(c.noun);
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
      success: [{ status: 200, description: 'Deleted', body: deletedBody }],
      handle: ({ scope, ids }) => c.remove(scope, ids.id),
    }),
  ];
}
