import type { Services } from '../services.ts';
import { writes } from './child-record.routes.ts';
import { operation, type RestOperation } from './operation.ts';

/** The child's medications and people for external clients (decision 0056): the services the tRPC routers call. */
export function childProfileOperations(services: Services): RestOperation[] {
  const { medications, people } = services;
  return [
    operation({
      operationId: 'listMedications',
      method: 'get',
      path: '/api/medications',
      tag: 'Children',
      summary: 'List the child\u2019s medications: the ones taken now first, then the ones stopped',
      security: 'bearer',
      child: 'viewer',
      success: [{ status: 200, description: 'Medications', body: 'Medication', list: true }],
      handle: ({ scope }) => medications.list(scope),
    }),
    ...writes({
      base: '/api/medications',
      tag: 'Children',
      noun: 'medication',
      item: 'Medication',
      create: { body: 'MedicationCreate', run: medications.create },
      update: { body: 'MedicationUpdate', run: medications.update },
      remove: medications.delete,
    }),
    operation({
      operationId: 'listPeople',
      method: 'get',
      path: '/api/people',
      tag: 'Children',
      summary: 'List the child\u2019s people (parents, guardians, teachers, therapists, doctors) in the order they were added',
      security: 'bearer',
      child: 'viewer',
      success: [{ status: 200, description: 'People', body: 'Person', list: true }],
      handle: ({ scope }) => people.list(scope),
    }),
    ...writes({
      base: '/api/people',
      tag: 'Children',
      noun: 'person',
      item: 'Person',
      create: { body: 'PersonCreate', run: people.create },
      update: { body: 'PersonUpdate', run: people.update },
      remove: people.delete,
    }),
  ];
}
