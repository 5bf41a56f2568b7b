import { medicationActions } from '#shared/schemas/medication.ts';
import type { Services } from '../../services.ts';
import { operation, type RestOperation } from '../../rest/operation.ts';
import { writes } from '../../rest/record-operations.ts';

/** The child's medications for external clients (decision 0056): the service the tRPC router calls. */
export function medicationsOperations(services: Services): RestOperation[] {
  const { medications } = services;
  return [
    operation({
      operationId: 'listMedications',
      method: 'get',
      path: '/api/medications',
      tag: 'Children',
      summary: 'List the child\u2019s medications: the ones taken now first, then the ones stopped',
      security: 'bearer',
      child: medicationActions.list,
      success: [{ status: 200, description: 'Medications', body: 'Medication', list: true }],
      handle: ({ scope }) => medications.list(scope),
    }),
    ...writes({
      base: '/api/medications',
      tag: 'Children',
      noun: 'medication',
      item: 'Medication',
      actions: medicationActions,
      create: { body: 'MedicationCreate', run: medications.create },
      update: { body: 'MedicationUpdate', run: medications.update },
      remove: medications.delete,
    }),
  ];
}
