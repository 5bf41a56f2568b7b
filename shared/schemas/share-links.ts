import { z } from 'zod';
import { CAREGIVER_LIMITS } from './caregivers.ts';
import type { ChildRole } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

/**
 * What a public link is for (decision 0089): an invitation to a child's record, a snapshot shared with
 * a sitter, a form a teacher fills in, a request to upload a file. One table holds them all.
 */
export const SHARE_LINK_PURPOSES = ['invite', 'snapshot', 'form-fill', 'upload-request'] as const;
export type ShareLinkPurpose = (typeof SHARE_LINK_PURPOSES)[number];

/** The purposes of links opened by someone without an account (an invitation is accepted signed in). */
export type OpenLinkPurpose = Exclude<ShareLinkPurpose, 'invite'>;

/**
 * Per purpose: the longest a link may stay open, and, for a link about one child, the least role its
 * maker must hold on the child to make it and for it to keep working (decision 0089).
 */
export const SHARE_LINK_RULES = {
  invite: { maxDays: CAREGIVER_LIMITS.inviteDays },
  snapshot: { maxDays: 30, makerRole: 'owner' },
  'form-fill': { maxDays: 60, makerRole: 'owner' },
  'upload-request': { maxDays: 30, makerRole: 'owner' },
} as const satisfies Record<ShareLinkPurpose, { maxDays: number; makerRole?: ChildRole }>;

/** A link's token as it travels after `#` or in a body: 43 base64url characters (32 random bytes). */
export const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete. Copy the whole link and try again.');

/** The body of an operation a link opens, when it sends nothing else: the token alone. */
export const linkTokenBodySchema = z.strictObject({
  token: linkTokenSchema.meta({ description: 'The part of the link after `#`. It travels in the body so it stays out of request logs.' }),
});

/** Someone opened a link shared for the child (a snapshot, a form) or answered a form through one; the link is the subject (decision 0089). */
export const linkActivity = defineActivityVocabulary({
  subject: 'link',
  auditOnly: { 'link.opened': 'Shared link opened', 'link.answered': 'Form answered by link' },
});
