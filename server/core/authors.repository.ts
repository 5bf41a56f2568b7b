import type { Db } from '../db/database.ts';
import type { AuthorAccount } from './authors.ts';

/** The accounts of `ids`, each with the address it was invited to the child as (if it was). */
export async function authorAccounts(db: Db, childId: number, ids: readonly string[]): Promise<AuthorAccount[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('childAccess as ca', (join) => join.onRef('ca.userId', '=', 'u.id').on('ca.childId', '=', childId))
    .select(['u.id', 'u.name', 'u.email', 'ca.invitedAs'])
    .where('u.id', 'in', [...ids])
    .execute();
}
