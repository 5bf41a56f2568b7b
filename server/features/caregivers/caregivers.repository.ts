import { sql } from 'kysely';
import type { ChildRole } from '#shared/schemas/roles.ts';
import type { Db } from '../../db/database.ts';

export interface AccessRow {
  id: number;
  childId: number;
  userId: string;
  role: ChildRole;
  email: string | null;
  name: string | null;
  invitedAs: string | null;
  isAccountHolder: boolean;
  createdAt: Date;
}

function accessQuery(db: Db) {
  return db
    .selectFrom('childAccess as a')
    .innerJoin('children as c', 'c.id', 'a.childId')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .select(['a.id', 'a.childId', 'a.userId', 'a.role', 'u.email', 'u.name', 'a.invitedAs', 'a.createdAt'])
    .select(sql<boolean>`c.owner_id = a.user_id`.as('isAccountHolder'));
}

/** Everyone with access to the child: the account holder first, then by when they joined. */
export async function listAccess(db: Db, childId: number): Promise<AccessRow[]> {
  return accessQuery(db)
    .where('a.childId', '=', childId)
    .orderBy(sql`c.owner_id = a.user_id`, 'desc')
    .orderBy('a.createdAt')
    .orderBy('a.id')
    .execute();
}

/** One access entry of the child, locked until the transaction ends. */
export async function findAccessForUpdate(db: Db, childId: number, id: number): Promise<AccessRow | undefined> {
  return accessQuery(db).where('a.childId', '=', childId).where('a.id', '=', id).forUpdate('a').executeTakeFirst();
}

export async function findAccessOfUser(db: Db, childId: number, userId: string): Promise<AccessRow | undefined> {
  return accessQuery(db).where('a.childId', '=', childId).where('a.userId', '=', userId).forUpdate('a').executeTakeFirst();
}

export async function setRole(db: Db, id: number, role: ChildRole, now: Date): Promise<void> {
  await db.updateTable('childAccess').set({ role, updatedAt: now }).where('id', '=', id).execute();
}

export async function deleteAccess(db: Db, id: number): Promise<void> {
  await db.deleteFrom('childAccess').where('id', '=', id).execute();
}

/** Gives `userId` the role on the child, or raises the role they have; returns the entry's id. */
export async function grantAccess(
  db: Db,
  access: { childId: number; userId: string; role: ChildRole; invitedAs: string | null },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('childAccess')
    .values(access)
    .onConflict((oc) =>
      oc.columns(['childId', 'userId']).doUpdateSet((eb) => ({
        role: eb.ref('excluded.role'),
        updatedAt: now,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The role `userId` has on each of `childIds` they have access to. `lock` holds those rows until the
 * transaction ends, so a removal or a lowered role waits for it (or it sees the change).
 */
export async function rolesAmong(db: Db, userId: string, childIds: readonly number[], lock = false): Promise<Map<number, ChildRole>> {
  if (childIds.length === 0) return new Map();
  const query = db.selectFrom('childAccess').select(['childId', 'role']).where('userId', '=', userId).where('childId', 'in', childIds);
  const rows = await (lock ? query.forShare() : query).execute();
  return new Map(rows.map((row) => [row.childId, row.role]));
}

export interface InviteRow {
  id: number;
  email: string | null;
  role: ChildRole;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedBy: string | null;
  revokedAt: Date | null;
  childIds: number[];
}

/** Invitations beside their links: a link holds its invitation's expiry and cancellation (decision 0090). */
function invitesWithLinks(db: Db) {
  return db
    .selectFrom('invites as i')
    .innerJoin('shareLinks as l', (join) => join.onRef('l.grantId', '=', 'i.id').on('l.purpose', '=', 'invite'));
}

function inviteQuery(db: Db) {
  return invitesWithLinks(db)
    .select(['i.id', 'i.email', 'i.role', 'i.invitedBy', 'i.createdAt', 'l.expiresAt', 'i.acceptedAt', 'i.acceptedBy', 'l.revokedAt'])
    .select(
      sql<
        number[]
      >`coalesce((SELECT array_agg(ic.child_id ORDER BY ic.child_id) FROM invite_children ic WHERE ic.invite_id = i.id), '{}')`.as(
        'childIds',
      ),
    );
}

/** Writes the invitation and the children it names; its link is made next, by core/share-links.ts. */
export async function insertInvite(
  db: Db,
  invite: { email: string; role: ChildRole; invitedBy: string },
  childIds: readonly number[],
): Promise<number> {
  const { id } = await db.insertInto('invites').values(invite).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('inviteChildren')
    .values(childIds.map((childId) => ({ inviteId: id, childId })))
    .execute();
  return id;
}

export async function findInvite(db: Db, id: number): Promise<InviteRow> {
  return inviteQuery(db).where('i.id', '=', id).executeTakeFirstOrThrow();
}

/** Invitations naming the child that nobody has accepted or cancelled, newest first. */
export async function listOpenInvites(db: Db, childId: number): Promise<InviteRow[]> {
  return inviteQuery(db)
    .where('i.acceptedAt', 'is', null)
    .where('l.revokedAt', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('inviteChildren as ic').select('ic.childId').whereRef('ic.inviteId', '=', 'i.id').where('ic.childId', '=', childId),
      ),
    )
    .orderBy('i.createdAt', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

export async function countOpenInvites(db: Db, invitedBy: string, now: Date): Promise<number> {
  const row = await invitesWithLinks(db)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('i.invitedBy', '=', invitedBy)
    .where('i.acceptedAt', 'is', null)
    .where('l.revokedAt', 'is', null)
    .where('l.expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findInviteByHash(db: Db, tokenHash: string, forUpdate = false): Promise<InviteRow | undefined> {
  const query = inviteQuery(db).where('l.tokenHash', '=', tokenHash);
  return (forUpdate ? query.forUpdate('i') : query).executeTakeFirst();
}

export async function findInviteOfChild(db: Db, id: number, childId: number): Promise<InviteRow | undefined> {
  return inviteQuery(db)
    .where('i.id', '=', id)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('inviteChildren as ic').select('ic.childId').whereRef('ic.inviteId', '=', 'i.id').where('ic.childId', '=', childId),
      ),
    )
    .forUpdate('i')
    .executeTakeFirst();
}

/** Blanks the address of every invitation `userId` accepted (their account is being deleted). */
export async function forgetAcceptedInviteAddresses(db: Db, userId: string): Promise<void> {
  await db.updateTable('invites').set({ email: null }).where('acceptedBy', '=', userId).execute();
}

export async function markAccepted(db: Db, id: number, userId: string, now: Date): Promise<void> {
  await db.updateTable('invites').set({ acceptedAt: now, acceptedBy: userId }).where('id', '=', id).execute();
}

/** Takes the child off the invitation; true when it names no child any more (its link is then cancelled). */
export async function withdrawInviteChild(db: Db, id: number, childId: number): Promise<boolean> {
  await db.deleteFrom('inviteChildren').where('inviteId', '=', id).where('childId', '=', childId).execute();
  const left = await db.selectFrom('inviteChildren').select('childId').where('inviteId', '=', id).limit(1).executeTakeFirst();
  return left === undefined;
}

/** The open invitations (not accepted, not cancelled) `invitedBy` sent that name the child, locked. */
export async function openInviteIdsFrom(db: Db, invitedBy: string, childId: number): Promise<number[]> {
  const rows = await invitesWithLinks(db)
    .innerJoin('inviteChildren as ic', 'ic.inviteId', 'i.id')
    .select('i.id')
    .where('i.invitedBy', '=', invitedBy)
    .where('ic.childId', '=', childId)
    .where('i.acceptedAt', 'is', null)
    .where('l.revokedAt', 'is', null)
    .orderBy('i.id')
    .forUpdate('i')
    .execute();
  return rows.map((row) => row.id);
}

/** The first names of the children, in id order. */
export async function childFirstNames(db: Db, childIds: readonly number[]): Promise<string[]> {
  if (childIds.length === 0) return [];
  const rows = await db.selectFrom('children').select('firstName').where('id', 'in', childIds).orderBy('id').execute();
  return rows.map((row) => row.firstName);
}

export async function person(db: Db, userId: string): Promise<{ email: string | null; name: string | null }> {
  const row = await db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
  return { email: row?.email ?? null, name: row?.name ?? null };
}

export interface AuditRow {
  id: number;
  createdAt: Date;
  actorId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  actorInvitedAs: string | null;
  action: string;
  subjectType: string;
  subjectId: number;
  /** The person an access entry is about, as they are now (or the address an invitation went to). */
  subjectName: string | null;
  subjectEmail: string | null;
  subjectInvitedAs: string | null;
  fromRole: ChildRole | null;
  toRole: ChildRole | null;
}

/** The child's activities, newest first, with who made each and whom an access entry is about. */
export async function listAudit(db: Db, childId: number, limit: number, before: number | undefined): Promise<AuditRow[]> {
  let query = db
    .selectFrom('activities as a')
    .leftJoin('users as u', 'u.id', 'a.actorId')
    .leftJoin('childAccess as ca', (join) => join.onRef('ca.userId', '=', 'a.actorId').onRef('ca.childId', '=', 'a.childId'))
    .leftJoin('users as su', 'su.id', 'a.subjectUserId')
    .leftJoin('childAccess as sca', (join) => join.onRef('sca.userId', '=', 'a.subjectUserId').onRef('sca.childId', '=', 'a.childId'))
    .leftJoin('invites as i', (join) => join.onRef('i.id', '=', 'a.subjectId').on('a.subjectType', '=', 'invite'))
    .select([
      'a.id',
      'a.createdAt',
      'a.actorId',
      'u.email as actorEmail',
      'u.name as actorName',
      'ca.invitedAs as actorInvitedAs',
      'a.action',
      'a.subjectType',
      'a.subjectId',
      'su.name as subjectName',
      'su.email as subjectEmail',
      'a.fromRole',
      'a.toRole',
    ])
    .select((eb) => eb.fn.coalesce('sca.invitedAs', 'i.email').as('subjectInvitedAs'))
    .where('a.childId', '=', childId);
  if (before !== undefined) query = query.where('a.id', '<', before);
  const rows = await query.orderBy('a.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
