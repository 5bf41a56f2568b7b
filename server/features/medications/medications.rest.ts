import { medicationActions, medicationCreateSchema, medicationSchema, medicationUpdateSchema } from '#shared/schemas/medication.ts';
import type { Services } from '../../services.ts';
import { named, type RestOperation } from '../../rest/operation.ts';
import { listOperation, writes } from '../../rest/record-operations.ts';

const bodies = named({
  Medication: medicationSchema,
  MedicationCreate: medicationCreateSchema,
  MedicationUpdate: medicationUpdateSchema,
});

const medicationRecords = {
  base: '/api/medications',
  tag: 'Children',
  noun: 'medication',
  item: bodies.Medication,
  actions: medicationActions,
} as const;

/** The child's medications for external clients (decision 0056): the service the tRPC router calls. */
export function medicationsOperations(services: Services): RestOperation[] {
  const { medications } = services;
  return [
    listOperation(medicationRecords, {
      summary: 'List the child\u2019s medications: the ones taken now first, then the ones stopped',
      run: medications.list,
    }),
    ...writes({
      ...medicationRecords,
      create: { body: bodies.MedicationCreate, run: medications.create },
      update: { body: bodies.MedicationUpdate, run: medications.update },
      remove: medications.delete,
    }),
  ];
}
