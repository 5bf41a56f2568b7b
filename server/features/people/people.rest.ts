import { personActions, personCreateSchema, personSchema, personUpdateSchema } from '#shared/schemas/person.ts';
import type { Services } from '../../services.ts';
import { named, type RestOperation } from '../../rest/operation.ts';
import { listOperation, writes } from '../../rest/record-operations.ts';

const bodies = named({
  Person: personSchema,
  PersonCreate: personCreateSchema,
  PersonUpdate: personUpdateSchema,
});

const personRecords = {
  base: '/api/people',
  tag: 'Children',
  noun: 'person',
  plural: 'people',
  item: bodies.Person,
  actions: personActions,
} as const;

/** The child's people for external clients (decision 0056): the service the tRPC router calls. */
export function peopleOperations(services: Services): RestOperation[] {
  const { people } = services;
  return [
    listOperation(personRecords, {
      summary: 'List the child\u2019s people (parents, guardians, teachers, therapists, doctors) in the order they were added',
      run: people.list,
    }),
    ...writes({
      ...personRecords,
      create: { body: bodies.PersonCreate, run: people.create },
      update: { body: bodies.PersonUpdate, run: people.update },
      remove: people.delete,
    }),
  ];
}
