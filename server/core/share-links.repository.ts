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

/** Notes an open; `countsUse` false leaves a single-use link's one use for the write it allows. */
export async function markOpened(db: Db, id: number, now: Date, countsUse = true): Promise<void> {
  await db
    .updateTable('shareLinks')
    .set((eb) => ({ uses: countsUse ? eb('uses', '+', 1) : eb.ref('uses'), lastOpenedAt: now }))
    .where('id', '=', id)
    .execute();
}

/** Turns off one of the child's links still on (of `purpose` when given); its grant, or undefined when there is none. */
export async function revokeChildLink(
  db: Db,
  id: number,
  childId: number,
  now: Date,
  purpose?: ShareLinkPurpose,
): Promise<{ grantType: string; grantId: number } | undefined> {
  let query = db
    .updateTable('shareLinks')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('childId', '=', childId)
    .where('revokedAt', 'is', null);
  if (purpose) query = query.where('purpose', '=', purpose);
  return query.returning(['grantType', 'grantId']).executeTakeFirst();
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

/** One open link of a child in a parent's list: what it opens, its dates, its uses and its maker. */
export interface OpenLinkRow {
  id: number;
  grantType: string;
  grantId: number;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
  singleUse: boolean;
  uses: number;
  lastOpenedAt: Date | null;
}

/** The child's links of `purpose` still open at `now` (not revoked, not expired), newest first. */
export async function listOpenLinks(db: Db, childId: number, purpose: ShareLinkPurpose, now: Date): Promise<OpenLinkRow[]> {
  return db
    .selectFrom('shareLinks')
    .select(['id', 'grantType', 'grantId', 'createdBy', 'createdAt', 'expiresAt', 'singleUse', 'uses', 'lastOpenedAt'])
    .where('childId', '=', childId)
    .where('purpose', '=', purpose)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many of the child's links to each grant of `grantType` are open at `now`, by grant id (grants without any are absent). */
export async function countOpenLinksByGrant(db: Db, childId: number, grantType: string, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('shareLinks')
    .select(['grantId', (eb) => eb.fn.countAll<string>().as('count')])
    .where('childId', '=', childId)
    .where('grantType', '=', grantType)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .groupBy('grantId')
    .execute();
  return new Map(rows.map((row) => [row.grantId, Number(row.count)]));
}

/** Turns off every link of the child to one grant (the record is going); how many were on. */
export async function revokeGrantLinks(db: Db, childId: number, grant: { type: string; id: number }, now: Date): Promise<number> {
  const result = await db
    .updateTable('shareLinks')
    .set({ revokedAt: now })
    .where('childId', '=', childId)
    .where('grantType', '=', grant.type)
    .where('grantId', '=', grant.id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
