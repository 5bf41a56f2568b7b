import type { Person, PersonCreate, PersonUpdate } from '#shared/schemas/person.ts';
import type { Db } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import { recordChange } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import * as people from './people.repository.ts';

function toPerson(row: PersonRow, authorOf: AuthorOf): Person {
  return {
    id: row.id,
    childId: row.childId,
    name: row.name,
    role: row.role,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The child's people (decision 0056): contacts on the profile, read by every caregiver, changed by updaters, removed by owners. */
export function createPeopleService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(scope: ChildScope): Promise<Person[]> {
      const rows = await people.listPeople(db, scope.childId);
      const authorOf = await authorsFor(
        db,
        scope,
        rows.map((row) => row.createdBy),
      );
      return rows.map((row) => toPerson(row, authorOf));
    },

    async create(scope: ChildScope, input: PersonCreate): Promise<Person> {
      const row = await recordChange(db, scope, { action: 'person.added', subjectType: 'person' }, (trx) =>
        people.insertPerson(trx, scope.childId, { ...input, createdBy: scope.userId }),
      );
      return toPerson(row, await authorsFor(db, scope, [row.createdBy]));
    },

    async update(scope: ChildScope, id: number, patch: PersonUpdate): Promise<Person> {
      const row = await recordChange(db, scope, { action: 'person.updated', subjectType: 'person' }, async (trx) => {
        const updated = await people.updatePerson(trx, scope.childId, id, patch, now());
        if (!updated) throw AppError.notFound('Person');
        return updated;
      });
      return toPerson(row, await authorsFor(db, scope, [row.createdBy]));
    },

    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'person.removed', subjectType: 'person' }, async (trx) => {
        if (!(await people.deletePerson(trx, scope.childId, id))) throw AppError.notFound('Person');
        return { id };
      });
      return { id, deleted: true };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
