import type { ChildRole } from '#shared/schemas/roles.ts';
import type { ShareLinkPurpose } from '#shared/schemas/share-links.ts';
import type { Db } from '../db/database.ts';

export interface NewLinkRow {
  purpose: ShareLinkPurpose;
  childId: number | null;
  grantType: string;
  grantId: number;
  tokenHash: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  singleUse: boolean;
}

export async function insertLink(db: Db, link: NewLinkRow): Promise<number> {
  const row = await db.insertInto('shareLinks').values(link).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface LinkRow {
  id: number;
  purpose: ShareLinkPurpose;
  childId: number | null;
  grantType: string;
  grantId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  singleUse: boolean;
  uses: number;
  /** The account the child belongs to; null when the link names no child (an invitation). */
  ownerId: string | null;
  /** The role its maker holds on the child now; null once they have none. */
  makerRole: ChildRole | null;
}

/** The link with this token hash, locked until the transaction ends, with its child's account and its maker's role now. */
export async function findLinkForUpdate(db: Db, tokenHash: string): Promise<LinkRow | undefined> {
  return db
    .selectFrom('shareLinks as l')
    .leftJoin('children as c', 'c.id', 'l.childId')
    .leftJoin('childAccess as a', (join) => join.onRef('a.childId', '=', 'l.childId').onRef('a.userId', '=', 'l.createdBy'))
    .select(['l.id', 'l.purpose', 'l.childId', 'l.grantType', 'l.grantId', 'l.expiresAt', 'l.revokedAt', 'l.singleUse', 'l.uses'])
    .select(['c.ownerId', 'a.role as makerRole'])
    .where('l.tokenHash', '=', tokenHash)
    .forUpdate('l')
    .executeTakeFirst();
}

export async function markOpened(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('shareLinks')
    .set((eb) => ({ uses: eb('uses', '+', 1), lastOpenedAt: now }))
    .where('id', '=', id)
    .execute();
}

/** Turns off one of the child's links still on; false when there is none. */
export async function revokeChildLink(db: Db, id: number, childId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('shareLinks')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('childId', '=', childId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The invitation's link counts its one use: the invitation was accepted. */
export async function markInviteLinkUsed(db: Db, inviteId: number, now: Date): Promise<void> {
  await db
    .updateTable('shareLinks')
    .set((eb) => ({ uses: eb('uses', '+', 1), lastOpenedAt: now }))
    .where('purpose', '=', 'invite')
    .where('grantId', '=', inviteId)
    .execute();
}

export async function revokeInviteLink(db: Db, inviteId: number, now: Date): Promise<void> {
  await db
    .updateTable('shareLinks')
    .set({ revokedAt: now })
    .where('purpose', '=', 'invite')
    .where('grantId', '=', inviteId)
    .where('revokedAt', 'is', null)
    .execute();
}
