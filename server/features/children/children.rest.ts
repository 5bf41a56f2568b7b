import { deletedWithdrawingExportsSchema } from '#shared/schemas/account-data.ts';
import { childActions, childCreateSchema, childSchema, childUpdateSchema } from '#shared/schemas/child.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';

const bodies = named({
  Child: childSchema,
  ChildCreate: childCreateSchema,
  ChildUpdate: childUpdateSchema,
  DeletedWithdrawingExports: deletedWithdrawingExportsSchema,
});
const tag = {
  name: 'Children',
  description: 'Your children\u2019s profiles, their medications and the people around them (teachers, therapists, doctors)',
};

const childId = { id: 'The child\u2019s id' };

/** SPEC §7 paths for external clients; the same service as the children router. */
export function childrenOperations(services: Services): RestOperation[] {
  return [
    operation({
      operationId: 'listChildren',
      method: 'get',
      path: '/api/children',
      tag,
      summary: 'List your children',
      description: 'Your own children and the children other families shared with you; `role` says what you may do with each.',
      security: 'bearer',
      child: false,
      success: [{ status: 200, description: 'Children, oldest record first', body: bodies.Child, list: true }],
      handle: ({ userId }) => services.children.list(userId),
    }),
    operation({
      operationId: 'createChild',
      method: 'post',
      path: '/api/children',
      tag,
      summary: 'Add a child',
      security: 'bearer',
      child: false,
      body: bodies.ChildCreate,
      success: [{ status: 201, description: 'The new child', body: bodies.Child }],
      handle: ({ userId, body }) => services.children.create(userId, body),
    }),
    operation({
      operationId: 'getChild',
      method: 'get',
      path: '/api/children/{id}',
      tag,
      summary: 'One child',
      security: 'bearer',
      child: childActions.view,
      childInPath: true,
      ids: childId,
      success: [{ status: 200, description: 'The child', body: bodies.Child }],
      handle: ({ scope }) => services.children.byId(scope),
    }),
    operation({
      operationId: 'updateChild',
      method: 'put',
      path: '/api/children/{id}',
      tag,
      summary: 'Change a child\u2019s details',
      security: 'bearer',
      child: childActions.update,
      childInPath: true,
      ids: childId,
      body: bodies.ChildUpdate,
      success: [{ status: 200, description: 'The updated child', body: bodies.Child }],
      handle: ({ scope, body }) => services.children.update(scope, body),
    }),
    operation({
      operationId: 'deleteChild',
      method: 'delete',
      path: '/api/children/{id}',
      tag,
      summary: 'Delete a child and everything recorded about them',
      security: 'bearer',
      child: childActions.delete,
      childInPath: true,
      ids: childId,
      success: [
        {
          status: 200,
          description: 'Deleted; `exportsWithdrawn` says how many of your earlier exports held the child and were withdrawn',
          body: bodies.DeletedWithdrawingExports,
        },
      ],
      handle: ({ scope }) => services.children.delete(scope),
    }),
  ];
}
