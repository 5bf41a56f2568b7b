import type { Medication, MedicationCreate, MedicationUpdate } from '#shared/schemas/medication.ts';
import type { Db } from '../../db/database.ts';
import type { MedicationRow } from '../../db/schema.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import { recordChange } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import * as medications from './medications.repository.ts';

function toMedication(row: MedicationRow, authorOf: AuthorOf): Medication {
  return {
    id: row.id,
    childId: row.childId,
    name: row.name,
    dose: row.dose,
    schedule: row.schedule,
    prescriber: row.prescriber,
    startedOn: row.startedOn,
    notes: row.notes,
    active: row.active,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The child's medications (decision 0056): part of the profile, read by every caregiver, changed by updaters, removed by owners. */
export function createMedicationsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(scope: ChildScope): Promise<Medication[]> {
      const rows = await medications.listMedications(db, scope.childId);
      const authorOf = await authorsFor(
        db,
        scope,
        rows.map((row) => row.createdBy),
      );
      return rows.map((row) => toMedication(row, authorOf));
    },

    async create(scope: ChildScope, input: MedicationCreate): Promise<Medication> {
      const row = await recordChange(db, scope, { action: 'medication.added', subjectType: 'medication' }, (trx) =>
        medications.insertMedication(trx, scope.childId, { ...input, createdBy: scope.userId }),
      );
      return toMedication(row, await authorsFor(db, scope, [row.createdBy]));
    },

    async update(scope: ChildScope, id: number, patch: MedicationUpdate): Promise<Medication> {
      const row = await recordChange(db, scope, { action: 'medication.updated', subjectType: 'medication' }, async (trx) => {
        const updated = await medications.updateMedication(trx, scope.childId, id, patch, now());
        if (!updated) throw AppError.notFound('Medication');
        return updated;
      });
      return toMedication(row, await authorsFor(db, scope, [row.createdBy]));
    },

    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'medication.removed', subjectType: 'medication' }, async (trx) => {
        if (!(await medications.deleteMedication(trx, scope.childId, id))) throw AppError.notFound('Medication');
        return { id };
      });
      return { id, deleted: true };
    },
  };
}

export type MedicationsService = ReturnType<typeof createMedicationsService>;
