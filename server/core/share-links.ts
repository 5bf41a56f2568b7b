import { roleAllows } from '#shared/schemas/roles.ts';
import { SHARE_LINK_RULES, type OpenLinkPurpose } from '#shared/schemas/share-links.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import type { ChildScope } from './child-scope.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';
import { recordActivity } from './record-change.ts';
import * as links from './share-links.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The one record a link opens: its kind (`snapshot`, `form`...) and id. */
export interface LinkGrant {
  readonly type: string;
  readonly id: number;
}

/**
 * Proof that the caller holds a link that is open right now (decision 0089): only `openLink` makes one,
 * after checking. It carries the link's grant and child and nothing more: a link is a caller of its
 * own, with no account and no role, that may read or answer its grant alone.
 */
export interface LinkScope {
  readonly linkId: number;
  readonly purpose: OpenLinkPurpose;
  readonly childId: number;
  /** The account the child belongs to: its audit log and quota hold what the link does. */
  readonly ownerId: string;
  readonly grant: LinkGrant;
  /** When it stops working, and whether it works for one write only (a form answered once). */
  readonly expiresAt: Date;
  readonly singleUse: boolean;
  readonly __link: unique symbol;
}

export const LINK_NOT_VALID = 'This link is not valid. Check that you copied all of it, or ask the person who sent it for a new one.';

/** Runs `work` in the caller's transaction, or in one of its own. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Makes a link to one record of the child (its grant), for a person without an account. The caller must
 * hold the purpose's maker role on the child; it expires at `expiresAt`, at most the purpose's longest
 * (the default). The token is answered once: only its hash is kept.
 */
export async function createLink(
  trx: Db,
  scope: ChildScope,
  link: { purpose: OpenLinkPurpose; grant: LinkGrant; singleUse: boolean; expiresAt?: Date },
  now: Date,
): Promise<{ id: number; token: string; expiresAt: Date }> {
  const rules = SHARE_LINK_RULES[link.purpose];
  if (!roleAllows(scope.role, rules.makerRole)) throw new AppError('FORBIDDEN', 'Only an owner of this child\u2019s record can share it.');
  const latest = new Date(now.getTime() + rules.maxDays * DAY_MS);
  const expiresAt = link.expiresAt ?? latest;
  if (expiresAt <= now || expiresAt > latest) {
    throw new AppError('BAD_REQUEST', 'Some fields need attention', [
      { path: 'expiresAt', message: `Choose a day within the next ${rules.maxDays} days` },
    ]);
  }
  const { token, hash } = newLinkToken();
  const id = await links.insertLink(trx, {
    purpose: link.purpose,
    childId: scope.childId,
    grantType: link.grant.type,
    grantId: link.grant.id,
    tokenHash: hash,
    createdBy: scope.userId,
    createdAt: now,
    expiresAt,
    singleUse: link.singleUse,
  });
  return { id, token, expiresAt };
}

/**
 * Opens the link `token` names for `purpose`, as of `now`: counts the use, notes it in the child's audit
 * log (no actor: the link is the caller) and answers its scope. NOT_FOUND for a token that names no
 * link of this purpose, one turned off, one whose child is gone, or one whose maker can no longer share
 * the child; GONE, with a sentence saying which, for one expired or used up. Runs in `db`'s transaction
 * when it is one, so a feature may spend a single-use link with the write it allows. `read` opens a
 * single-use link without spending its one use (a form read before it is answered); a reusable link
 * counts every open either way.
 */
export function openLink(
  db: Db,
  token: string,
  purpose: OpenLinkPurpose,
  now: Date,
  opening: 'spend' | 'read' = 'spend',
): Promise<LinkScope> {
  return inTransaction(db, async (trx) => {
    const link = await links.findLinkForUpdate(trx, hashLinkToken(token));
    if (!link || link.purpose !== purpose || link.childId === null || link.ownerId === null)
      throw new AppError('NOT_FOUND', LINK_NOT_VALID);
    if (link.revokedAt) throw new AppError('NOT_FOUND', 'This link was turned off. Ask the person who sent it for a new one.');
    const { makerRole } = SHARE_LINK_RULES[purpose];
    if (!link.makerRole || !roleAllows(link.makerRole, makerRole)) {
      throw new AppError('NOT_FOUND', 'The person who sent this link can no longer share this record, so it no longer works.');
    }
    if (link.singleUse && link.uses > 0) {
      throw new AppError('GONE', 'This link was already used. It works once: ask the person who sent it for a new one.');
    }
    if (link.expiresAt <= now) {
      throw new AppError('GONE', `This link expired on ${LONG_DAY.format(link.expiresAt)}. Ask the person who sent it for a new one.`);
    }
    await links.markOpened(trx, link.id, now, !(link.singleUse && opening === 'read'));
    await recordActivity(trx, {
      ownerId: link.ownerId,
      childId: link.childId,
      actorId: null,
      action: 'link.opened',
      subjectType: 'link',
      subjectId: link.id,
    });
    return {
      linkId: link.id,
      purpose,
      childId: link.childId,
      ownerId: link.ownerId,
      grant: { type: link.grantType, id: link.grantId },
      expiresAt: link.expiresAt,
      singleUse: link.singleUse,
    } as LinkScope;
  });
}

/** The id of the record the link opens when it is a `type`; NOT_FOUND otherwise (a link opens its grant alone). */
export function grantedId(link: LinkScope, type: string): number {
  if (link.grant.type !== type) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
  return link.grant.id;
}

/**
 * The link's child as a viewer reads it, for a feature building what its grant shows through other
 * features' services (which take a ChildScope). A link has no person: the child's account holder stands
 * for the reader, with the least role, and nothing is noted as a caregiver's view. Only reads use it.
 */
export function readingScopeOf(link: LinkScope): ChildScope {
  return { userId: link.ownerId, ownerId: link.ownerId, childId: link.childId, role: 'viewer' } as ChildScope;
}

/**
 * Turns off one of the child's links (of `purpose` when given) and answers what it opened; NOT_FOUND when
 * it is not the child's, not of that purpose, or is off already.
 */
export async function revokeLink(trx: Db, scope: ChildScope, linkId: number, now: Date, purpose?: OpenLinkPurpose): Promise<LinkGrant> {
  const revoked = await links.revokeChildLink(trx, linkId, scope.childId, now, purpose);
  if (!revoked) throw AppError.notFound('Link');
  return { type: revoked.grantType, id: revoked.grantId };
}

/** One of the child's open links in a parent's list (their own decision which role may see it). */
export type OpenLink = links.OpenLinkRow;

/** The child's links of `purpose` open at `now` (not turned off, not expired), newest first, each with its grant. */
export function openLinksOf(db: Db, scope: Pick<ChildScope, 'childId'>, purpose: OpenLinkPurpose, now: Date): Promise<OpenLink[]> {
  return links.listOpenLinks(db, scope.childId, purpose, now);
}

/** How many of the child's links to each grant of `grantType` are open at `now`, by grant id (none: absent). */
export function openLinkCounts(db: Db, scope: Pick<ChildScope, 'childId'>, grantType: string, now: Date): Promise<Map<number, number>> {
  return links.countOpenLinksByGrant(db, scope.childId, grantType, now);
}

/**
 * Turns off every link to one of the child's records, in the caller's transaction: the feature deleting
 * the record calls it (a grant has no foreign key, decision 0089). Resolves with how many were on.
 */
export function revokeGrantLinks(trx: Db, scope: Pick<ChildScope, 'childId'>, grant: LinkGrant, now: Date): Promise<number> {
  return links.revokeGrantLinks(trx, scope.childId, grant, now);
}

/** Links for the REST operations that a link opens (`security: 'link'`), on the services' clock. */
export function createShareLinks(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    open: (token: string, purpose: OpenLinkPurpose) => openLink(deps.db, token, purpose, now()),
  };
}

export type ShareLinks = ReturnType<typeof createShareLinks>;

/**
 * An invitation's link (decision 0090): it names no child (the invitation names its children), opens the
 * invitation, works once, for the purpose's longest. Checked by the invitation itself, signed in.
 */
export async function createInviteLink(
  trx: Db,
  invite: { id: number; invitedBy: string },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + SHARE_LINK_RULES.invite.maxDays * DAY_MS);
  await links.insertLink(trx, {
    purpose: 'invite',
    childId: null,
    grantType: 'invite',
    grantId: invite.id,
    tokenHash: hash,
    createdBy: invite.invitedBy,
    createdAt: now,
    expiresAt,
    singleUse: true,
  });
  return { token, expiresAt };
}

export const spendInviteLink = links.markInviteLinkUsed;
export const revokeInviteLink = links.revokeInviteLink;
