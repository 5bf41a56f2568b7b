import { personActions } from '#shared/schemas/person.ts';
import type { Services } from '../../services.ts';
import { operation, type RestOperation } from '../../rest/operation.ts';
import { writes } from '../../rest/record-operations.ts';

/** The child's people for external clients (decision 0056): the service the tRPC router calls. */
export function peopleOperations(services: Services): RestOperation[] {
  const { people } = services;
  return [
    operation({
      operationId: 'listPeople',
      method: 'get',
      path: '/api/people',
      tag: 'Children',
      summary: 'List the child\u2019s people (parents, guardians, teachers, therapists, doctors) in the order they were added',
      security: 'bearer',
      child: personActions.list,
      success: [{ status: 200, description: 'People', body: 'Person', list: true }],
      handle: ({ scope }) => people.list(scope),
    }),
    ...writes({
      base: '/api/people',
      tag: 'Children',
      noun: 'person',
      item: 'Person',
      actions: personActions,
      create: { body: 'PersonCreate', run: people.create },
      update: { body: 'PersonUpdate', run: people.update },
      remove: people.delete,
    }),
  ];
}
