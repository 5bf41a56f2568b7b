import { nameFromEmail, type Author } from '#shared/schemas/author.ts';
import type { Db } from '../db/database.ts';
import type { ChildScope } from './child-scope.ts';
import { authorAccounts } from './authors.repository.ts';

/** What names a person who added records: their account, and the address they were invited as. */
export interface AuthorAccount {
  id: string;
  name: string | null;
  email: string | null;
  invitedAs: string | null;
}

/** The name an account goes by: its name, else its email's local part, else the invited address's. */
export function authorName(account: Omit<AuthorAccount, 'id'>): string {
  const name = account.name?.trim();
  if (name) return name;
  const email = account.email ?? account.invitedAs;
  return email ? nameFromEmail(email) : 'A caregiver';
}

export type AuthorOf = (userId: string | null) => Author;

/**
 * Reads, once for a list, who each of `userIds` is (decision 0086): names are read when the records are
 * read, never copied into them, so a renamed account shows its new name.
 */
export async function authorsFor(
  db: Db,
  scope: Pick<ChildScope, 'childId' | 'userId'>,
  userIds: readonly (string | null)[],
): Promise<AuthorOf> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  const accounts = new Map((await authorAccounts(db, scope.childId, ids)).map((account) => [account.id, account]));
  return (userId) => {
    const account = userId === null ? undefined : accounts.get(userId);
    return account ? { name: authorName(account), isYou: account.id === scope.userId } : null;
  };
}

/**
 * authorsFor for records of several children (a list across every child the caller sees, decision
 * 0098): read once per child that has records, as the address someone was invited as is the child's.
 */
export async function authorsForChildren(
  db: Db,
  scopes: readonly Pick<ChildScope, 'childId' | 'userId'>[],
  records: readonly { childId: number; createdBy: string | null }[],
): Promise<(childId: number) => AuthorOf> {
  const byChild = new Map<number, AuthorOf>();
  await Promise.all(
    scopes.map(async (scope) => {
      const ids = records.filter((record) => record.childId === scope.childId).map((record) => record.createdBy);
      if (ids.length > 0) byChild.set(scope.childId, await authorsFor(db, scope, ids));
    }),
  );
  return (childId) => byChild.get(childId) ?? (() => null);
}
