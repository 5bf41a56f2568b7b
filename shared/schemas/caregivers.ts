import { z } from 'zod';
import { emailSchema } from './account.ts';
import { idSchema } from './child.ts';
import { storedTimestamp } from './dates.ts';
import { childRoleSchema, defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

export const CAREGIVER_LIMITS = {
  /** Children one invitation may name. */
  childrenPerInvite: 20,
  /** An invitation link works for this long, once. */
  inviteDays: 7,
  /** Open (not accepted, revoked or expired) invitations an account may hold at once. */
  openInvites: 50,
} as const;

export const inviteCreateSchema = z.strictObject({
  email: emailSchema,
  role: childRoleSchema,
  childIds: z
    .array(idSchema)
    .min(1, 'Choose at least one child')
    .max(CAREGIVER_LIMITS.childrenPerInvite, `Choose at most ${CAREGIVER_LIMITS.childrenPerInvite} children`),
});
export type InviteCreate = z.infer<typeof inviteCreateSchema>;

/** An invitation token as it travels in a link: 43 base64url characters (32 random bytes). */
export const inviteTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not complete. Copy the whole link and try again.');

export const inviteAcceptSchema = z.strictObject({ token: inviteTokenSchema });

export const roleChangeSchema = z.strictObject({ role: childRoleSchema });

const personSchema = z.object({
  /** The account's email address, or null when the sign-in provider keeps it. */
  email: z.string().nullable(),
  name: z.string().nullable(),
});

/** Someone with access to a child. */
export const caregiverSchema = personSchema.extend({
  /** The access entry's id (what a role change or removal names). */
  id: z.number().int(),
  role: childRoleSchema,
  /** The account the child belongs to: always an owner, never removed. */
  isAccountHolder: z.boolean(),
  isYou: z.boolean(),
  since: storedTimestamp,
});
export type Caregiver = z.infer<typeof caregiverSchema>;

export const INVITE_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;

export const inviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: childRoleSchema,
  childIds: z.array(z.number().int()),
  state: z.enum(INVITE_STATES),
  createdAt: storedTimestamp,
  expiresAt: storedTimestamp,
});
export type Invite = z.infer<typeof inviteSchema>;

export const caregiverListSchema = z.object({ caregivers: z.array(caregiverSchema), invites: z.array(inviteSchema) });

/** A new invitation: the link is shown once, to the owner who made it, and sent by email when mail is set up. */
export const createdInviteSchema = z.object({
  invite: inviteSchema,
  /** `APP_ORIGIN/app/invite#<token>`; without APP_ORIGIN, this server's local address (see `linkFromAppOrigin`). */
  link: z.string(),
  /**
   * False when the server has no APP_ORIGIN: the link's address is this server's own (localhost), which
   * another device may not reach. The app then shows the link at the address it was opened at (decision 0073).
   */
  linkFromAppOrigin: z.boolean(),
  emailed: z.boolean(),
  /**
   * Why it was not emailed: the server has no mail set up (`no-mail`), has mail but no APP_ORIGIN to put
   * in the link (`no-app-origin`), or the mail server refused it or could not be reached (`mail-failed`).
   */
  notEmailedBecause: z.enum(['no-mail', 'no-app-origin', 'mail-failed']).nullable(),
});
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** What the person opening an invitation link sees before accepting. */
export const invitePreviewSchema = z.object({
  role: childRoleSchema,
  invitedBy: personSchema,
  childFirstNames: z.array(z.string()),
  expiresAt: storedTimestamp,
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const inviteAcceptedSchema = z.object({ childIds: z.array(z.number().int()), role: childRoleSchema });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: storedTimestamp,
  /** Who did it; null once their account is deleted. */
  actor: personSchema.extend({ isYou: z.boolean() }).nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.number().int(),
  /**
   * What the entry is about, read when the log is read (decision 0072): a record's title as the activity
   * feed shows it, or the person an access entry names (their name, else their address). Null once it is deleted.
   */
  subject: z.string().nullable(),
  /** A role change's old and new role. */
  roleChange: z.object({ from: childRoleSchema, to: childRoleSchema }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_LIMITS = { pageSize: 100, defaultPageSize: 50 } as const;
export const auditListSchema = z.object({
  limit: z.number().int().min(1).max(AUDIT_LIMITS.pageSize).default(AUDIT_LIMITS.defaultPageSize),
  /** Entries older than this id: the last one of the previous page. */
  cursor: z.number().int().positive().optional(),
});

/** Who may see and change the child, and its audit log: what a person does and the least role it needs (decision 0094). */
export const caregiverActions = defineChildActions('caregivers', {
  list: 'owner',
  changeRole: 'owner',
  remove: 'owner',
  revokeInvite: 'owner',
  viewAudit: 'owner',
  leave: 'viewer',
});

/** Who was given, changed or lost access: the audit log's only (decision 0044). */
export const caregiverActivity = defineActivityVocabulary({
  subject: 'caregiver',
  auditOnly: {
    'caregiver.invited': 'Invitation sent',
    'caregiver.joined': 'Invitation accepted',
    'caregiver.role-changed': 'Role changed',
    'caregiver.removed': 'Access removed',
    'caregiver.left': 'Left the child\u2019s record',
  },
});

export const inviteActivity = defineActivityVocabulary({
  subject: 'invite',
  auditOnly: { 'invite.revoked': 'Invitation cancelled' },
});
