import type { AuditEntry, Caregiver, CreatedInvite, Invite, InviteCreate, InvitePreview } from '#shared/schemas/caregivers.ts';
import { CAREGIVER_LIMITS } from '#shared/schemas/caregivers.ts';
import { roleAllows, type ChildRole } from '#shared/schemas/roles.ts';
import type { AuthProvider } from '../../auth/auth-provider.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { Db } from '../../db/database.ts';
import { checkChildScope, type ChildScope } from '../../core/child-scope.ts';
import { hashLinkToken } from '../../core/link-tokens.ts';
import type { Mailer } from '../../core/mail.ts';
import { recordActivity } from '../../core/record-change.ts';
import { createInviteLink, revokeInviteLink, spendInviteLink } from '../../core/share-links.ts';
import { AppError } from '../../lib/errors.ts';
import * as caregivers from './caregivers.repository.ts';

const ROLE_WORDS: Record<ChildRole, string> = {
  viewer: 'see',
  updater: 'see and add to',
  owner: 'see, add to and manage',
};

function toCaregiver(row: caregivers.AccessRow, userId: string): Caregiver {
  return {
    id: row.id,
    email: row.email ?? row.invitedAs,
    name: row.name,
    role: row.role,
    isAccountHolder: row.isAccountHolder,
    isYou: row.userId === userId,
    since: row.createdAt.toISOString(),
  };
}

function inviteState(row: caregivers.InviteRow, now: Date): Invite['state'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

function toInvite(row: caregivers.InviteRow, now: Date): Invite {
  return {
    id: row.id,
    // Only an accepted invitation whose account was deleted has no address, and such are never listed.
    email: row.email ?? '',
    role: row.role,
    childIds: row.childIds,
    state: inviteState(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Who may see and change each child (decision 0044): invitations by link, roles, removal, leaving,
 * and the child's audit log. Every change is an audit entry written in the same transaction.
 */
export function createCaregiversService(deps: {
  db: Db;
  auth: AuthProvider;
  mailer: Mailer;
  /** Where links point: APP_ORIGIN, else this server's local address. */
  appUrl: string;
  /** APP_ORIGIN: without it an invitation is not emailed, its link naming an address only this machine may reach. */
  appOrigin: string | undefined;
  /** The feed's words for what each activity is about (the audit log names its entries with them). */
  activities: Pick<ActivitiesService, 'titlesOf'>;
  now?: () => Date;
}) {
  const { db, auth, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const linkFor = (token: string) => `${deps.appUrl}/app/invite#${token}`;

  /**
   * The invitation the token names, if it can still be accepted; CONFLICT once it was accepted (by the
   * caller or not), NOT_FOUND with the reason otherwise.
   */
  async function openInvite(trx: Db, token: string, userId: string, forUpdate: boolean): Promise<caregivers.InviteRow> {
    const invite = await caregivers.findInviteByHash(trx, hashLinkToken(token), forUpdate);
    if (!invite)
      throw new AppError('NOT_FOUND', 'This invitation link is not valid. Check that you copied all of it, or ask for a new one.');
    if (invite.acceptedAt) {
      throw new AppError(
        'CONFLICT',
        invite.acceptedBy === userId
          ? 'You already accepted this invitation, so the record is in your Trelli.'
          : 'This invitation has already been accepted. If you need access, ask the person who sent it for a new one.',
      );
    }
    if (invite.revokedAt) throw new AppError('NOT_FOUND', 'This invitation was cancelled. Ask the person who sent it for a new one.');
    if (invite.expiresAt <= now())
      throw new AppError('NOT_FOUND', 'This invitation has expired. Ask the person who sent it for a new one.');
    if (invite.childIds.length === 0) throw new AppError('NOT_FOUND', 'This invitation no longer gives access to any child.');
    // The sender must still hold, on each child, at least the role the link gives (decision 0071).
    const senderRoles = await caregivers.rolesAmong(trx, invite.invitedBy, invite.childIds, forUpdate);
    const childIds = invite.childIds.filter((childId) => {
      const held = senderRoles.get(childId);
      return held !== undefined && roleAllows(held, invite.role);
    });
    if (childIds.length === 0) {
      throw new AppError(
        'NOT_FOUND',
        'The person who sent this invitation can no longer share these records, so it no longer works. Ask an owner for a new one.',
      );
    }
    return { ...invite, childIds };
  }

  /** Takes the child off the invitation; its link is cancelled once it names no child. */
  async function withdrawInvite(trx: Db, scope: ChildScope, inviteId: number) {
    if (await caregivers.withdrawInviteChild(trx, inviteId, scope.childId)) await revokeInviteLink(trx, inviteId, now());
    await audit(trx, scope, 'invite.revoked', { type: 'invite', id: inviteId });
  }

  /** Cancels, for this child, the invitations `senderId` sent and nobody accepted: their role no longer lets them share it. */
  async function withdrawInvitesFrom(trx: Db, scope: ChildScope, senderId: string) {
    for (const inviteId of await caregivers.openInviteIdsFrom(trx, senderId, scope.childId)) await withdrawInvite(trx, scope, inviteId);
  }

  async function audit(
    trx: Db,
    scope: Pick<ChildScope, 'ownerId' | 'childId' | 'userId'>,
    action: 'caregiver.invited' | 'caregiver.joined' | 'caregiver.role-changed' | 'caregiver.removed' | 'caregiver.left' | 'invite.revoked',
    subject: { type: 'invite'; id: number } | { type: 'caregiver'; id: number; userId: string },
    roles?: { fromRole: ChildRole; toRole: ChildRole },
  ) {
    await recordActivity(trx, {
      ownerId: scope.ownerId,
      childId: scope.childId,
      actorId: scope.userId,
      action,
      subjectType: subject.type,
      subjectId: subject.id,
      // Whom an access entry is about: the log reads their name from their account (decision 0072).
      subjectUserId: subject.type === 'caregiver' ? subject.userId : null,
      ...roles,
    });
  }

  return {
    /** Everyone with access to the child, and the invitations still open. */
    async list(scope: ChildScope): Promise<{ caregivers: Caregiver[]; invites: Invite[] }> {
      const at = now();
      const [access, invites] = await Promise.all([
        caregivers.listAccess(db, scope.childId),
        caregivers.listOpenInvites(db, scope.childId),
      ]);
      return { caregivers: access.map((row) => toCaregiver(row, scope.userId)), invites: invites.map((row) => toInvite(row, at)) };
    },

    /**
     * Invites someone by email to the children with one role. The caller must own every one of them.
     * The link is answered once, to the caller; it is emailed when mail is set up.
     */
    async invite(userId: string, input: InviteCreate): Promise<CreatedInvite> {
      const childIds = [...new Set(input.childIds)];
      const at = now();
      const { invite, token } = await db.transaction().execute(async (trx) => {
        const scopes: ChildScope[] = [];
        for (const childId of childIds) scopes.push(await checkChildScope(trx, userId, childId, 'owner'));
        if ((await caregivers.countOpenInvites(trx, userId, at)) >= CAREGIVER_LIMITS.openInvites) {
          throw new AppError(
            'BAD_REQUEST',
            `You have ${CAREGIVER_LIMITS.openInvites} invitations waiting. Cancel some, or wait for them to be accepted, before sending more.`,
          );
        }
        const id = await caregivers.insertInvite(trx, { email: input.email, role: input.role, invitedBy: userId }, childIds);
        const link = await createInviteLink(trx, { id, invitedBy: userId }, at);
        for (const scope of scopes) await audit(trx, scope, 'caregiver.invited', { type: 'invite', id });
        return { invite: await caregivers.findInvite(trx, id), token: link.token };
      });
      const link = linkFor(token);
      const linkFromAppOrigin = deps.appOrigin !== undefined;
      // Without APP_ORIGIN the link is a guess at this server's address: mailing it could send a dead link (decision 0073).
      if (mailer.configured && !linkFromAppOrigin) {
        return { invite: toInvite(invite, at), link, linkFromAppOrigin, emailed: false, notEmailedBecause: 'no-app-origin' };
      }
      const names = await caregivers.childFirstNames(db, childIds);
      const from = await caregivers.person(db, userId);
      const inviter = from.name ?? from.email ?? 'A parent';
      const sent = await mailer.send(
        {
          to: input.email,
          subject: `${inviter} invited you to ${names.join(', ')}\u2019s record on Trelli`,
          text: [
            `${inviter} invited you to ${ROLE_WORDS[input.role]} ${names.join(', ')}\u2019s record on Trelli.`,
            '',
            `Open this link to accept (it works once, for ${CAREGIVER_LIMITS.inviteDays} days):`,
            link,
            '',
            'If you were not expecting this, you can ignore this email.',
          ].join('\n'),
        },
        'invite',
      );
      return {
        invite: toInvite(invite, at),
        link,
        linkFromAppOrigin,
        emailed: sent === 'sent',
        notEmailedBecause: sent === 'sent' ? null : mailer.configured ? 'mail-failed' : 'no-mail',
      };
    },

    /** What the invitation offers, for the person who opened the link (signed in). */
    async preview(userId: string, token: string): Promise<InvitePreview> {
      const invite = await openInvite(db, token, userId, false);
      return {
        role: invite.role,
        invitedBy: await caregivers.person(db, invite.invitedBy),
        childFirstNames: await caregivers.childFirstNames(db, invite.childIds),
        expiresAt: invite.expiresAt.toISOString(),
      };
    },

    /** Accepts the invitation once: the caller gets the role on each child still named (a higher role they hold stays). */
    async accept(userId: string, token: string): Promise<{ childIds: number[]; role: ChildRole }> {
      return db.transaction().execute(async (trx) => {
        const invite = await openInvite(trx, token, userId, true);
        if (invite.invitedBy === userId) {
          throw new AppError('BAD_REQUEST', 'This is your own invitation. Send the link to the person you invited.');
        }
        if (!(await auth.lockAccount(trx, userId))) throw new AppError('UNAUTHORIZED', 'This account no longer exists.');
        const held = await caregivers.rolesAmong(trx, userId, invite.childIds);
        const at = now();
        for (const childId of invite.childIds) {
          const current = held.get(childId);
          if (current && roleAllows(current, invite.role)) continue;
          const accessId = await caregivers.grantAccess(trx, { childId, userId, role: invite.role, invitedAs: invite.email }, at);
          const scope = await checkChildScope(trx, userId, childId, 'viewer');
          await audit(trx, scope, 'caregiver.joined', { type: 'caregiver', id: accessId, userId });
        }
        await caregivers.markAccepted(trx, invite.id, userId, at);
        await spendInviteLink(trx, invite.id, at);
        return { childIds: invite.childIds, role: invite.role };
      });
    },

    /** An owner changes someone's role; the account the child belongs to stays an owner. */
    async changeRole(scope: ChildScope, accessId: number, role: ChildRole): Promise<Caregiver> {
      return db.transaction().execute(async (trx) => {
        const access = await caregivers.findAccessForUpdate(trx, scope.childId, accessId);
        if (!access) throw AppError.notFound('Caregiver');
        if (access.isAccountHolder) throw new AppError('BAD_REQUEST', 'The child belongs to this account: it always stays an owner.');
        if (access.role !== role) {
          await caregivers.setRole(trx, accessId, role, now());
          await audit(
            trx,
            scope,
            'caregiver.role-changed',
            { type: 'caregiver', id: accessId, userId: access.userId },
            { fromRole: access.role, toRole: role },
          );
          if (!roleAllows(role, access.role)) await withdrawInvitesFrom(trx, scope, access.userId);
        }
        return toCaregiver({ ...access, role }, scope.userId);
      });
    },

    /** An owner removes someone; it takes effect on their next request. */
    async remove(scope: ChildScope, accessId: number): Promise<{ id: number; deleted: true }> {
      await db.transaction().execute(async (trx) => {
        const access = await caregivers.findAccessForUpdate(trx, scope.childId, accessId);
        if (!access) throw AppError.notFound('Caregiver');
        if (access.isAccountHolder)
          throw new AppError('BAD_REQUEST', 'The child belongs to this account, so it cannot be removed. Delete the child instead.');
        await caregivers.deleteAccess(trx, accessId);
        await audit(trx, scope, access.userId === scope.userId ? 'caregiver.left' : 'caregiver.removed', {
          type: 'caregiver',
          id: accessId,
          userId: access.userId,
        });
        await withdrawInvitesFrom(trx, scope, access.userId);
      });
      return { id: accessId, deleted: true };
    },

    /** A caregiver leaves the child's record. */
    async leave(scope: ChildScope): Promise<{ id: number; deleted: true }> {
      return db.transaction().execute(async (trx) => {
        const access = await caregivers.findAccessOfUser(trx, scope.childId, scope.userId);
        if (!access) throw AppError.notFound('Child');
        if (access.isAccountHolder) {
          throw new AppError(
            'BAD_REQUEST',
            'This child belongs to your account, so you cannot leave. You can delete the child in Settings.',
          );
        }
        await caregivers.deleteAccess(trx, access.id);
        await audit(trx, scope, 'caregiver.left', { type: 'caregiver', id: access.id, userId: scope.userId });
        await withdrawInvitesFrom(trx, scope, scope.userId);
        return { id: scope.childId, deleted: true as const };
      });
    },

    /** Cancels an open invitation for this child (the invitation ends when it names no child). */
    async revokeInvite(scope: ChildScope, inviteId: number): Promise<{ id: number; deleted: true }> {
      await db.transaction().execute(async (trx) => {
        const invite = await caregivers.findInviteOfChild(trx, inviteId, scope.childId);
        if (!invite || invite.acceptedAt || invite.revokedAt) throw AppError.notFound('Invitation');
        await withdrawInvite(trx, scope, inviteId);
      });
      return { id: inviteId, deleted: true };
    },

    /**
     * The child's audit log for its owners: who did what, to which record or person, each named as it is
     * now (the feed's words for a record; a person's name or address), and a role change's two roles.
     */
    async audit(scope: ChildScope, limit: number, before: number | undefined): Promise<AuditEntry[]> {
      const rows = await caregivers.listAudit(db, scope.childId, limit, before);
      const titles = await deps.activities.titlesOf(
        scope.childId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        actor: row.actorId
          ? { email: row.actorEmail ?? row.actorInvitedAs, name: row.actorName, isYou: row.actorId === scope.userId }
          : null,
        action: row.action,
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        subject:
          row.subjectType === 'caregiver' || row.subjectType === 'invite'
            ? (row.subjectName ?? row.subjectEmail ?? row.subjectInvitedAs)
            : (titles.get(row.id) ?? null),
        roleChange: row.fromRole && row.toRole ? { from: row.fromRole, to: row.toRole } : null,
      }));
    },
  };
}

export type CaregiversService = ReturnType<typeof createCaregiversService>;
