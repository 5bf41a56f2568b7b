import type { PersonCreate, PersonUpdate } from '#shared/schemas/person.ts';
import type { Db } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';

/** The child's people, in the order they were added. */
export async function listPeople(db: Db, childId: number): Promise<PersonRow[]> {
  return db.selectFrom('childPeople').selectAll().where('childId', '=', childId).orderBy('id').execute();
}

export async function insertPerson(db: Db, childId: number, values: PersonCreate & { createdBy: string }): Promise<PersonRow> {
  return db
    .insertInto('childPeople')
    .values({ ...values, childId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePerson(db: Db, childId: number, id: number, patch: PersonUpdate, now: Date) {
  return db
    .updateTable('childPeople')
    .set({ ...patch, updatedAt: now })
    .where('childId', '=', childId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePerson(db: Db, childId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('childPeople').where('childId', '=', childId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
