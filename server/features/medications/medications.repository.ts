import type { MedicationCreate, MedicationUpdate } from '#shared/schemas/medication.ts';
import type { Db } from '../../db/database.ts';
import type { MedicationRow } from '../../db/schema.ts';

/** The child's medications: the ones taken now first, then the ones stopped, each in the order added. */
export async function listMedications(db: Db, childId: number): Promise<MedicationRow[]> {
  return db.selectFrom('medications').selectAll().where('childId', '=', childId).orderBy('active', 'desc').orderBy('id').execute();
}

export async function insertMedication(db: Db, childId: number, values: MedicationCreate & { createdBy: string }): Promise<MedicationRow> {
  return db
    .insertInto('medications')
    .values({ ...values, childId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateMedication(db: Db, childId: number, id: number, patch: MedicationUpdate, now: Date) {
  return db
    .updateTable('medications')
    .set({ ...patch, updatedAt: now })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMedication(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('medications').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
