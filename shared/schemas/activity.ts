import { z } from 'zod';
import { authorSchema } from './author.ts';
import { storedDate, storedTimestamp } from './dates.ts';
import { MILESTONE_STATUSES, type MilestoneStatus } from './milestone.ts';
import { defineChildActions } from './roles.ts';

/** What an activity is about. */
export const ACTIVITY_SUBJECTS = [
  'child',
  'observation',
  'goal',
  'progress',
  'strategy',
  'milestone',
  'document',
  'caregiver',
  'invite',
  'medication',
  'person',
  // A public link (decision 0089).
  'link',
] as const;
export type ActivitySubject = (typeof ACTIVITY_SUBJECTS)[number];

/**
 * Actions the child's audit log shows to its owners but the activity feed leaves out: who read the
 * record, and who was given, changed or lost access (decision 0044).
 */
export const AUDIT_ONLY_ACTIONS = [
  'child.viewed',
  'caregiver.invited',
  'caregiver.joined',
  'caregiver.role-changed',
  'caregiver.removed',
  'caregiver.left',
  'invite.revoked',
  // The owner downloaded everything (one entry per child they own; decision 0053).
  'account.exported',
  // Someone opened a link shared for the child (a snapshot, a form); the link is the subject (decision 0089).
  'link.opened',
] as const;

/**
 * Every change the activity feed can show. A new kind of change is added here first: the server can
 * only record actions on this list, and the app's label map is typed by it, so none goes unlabelled.
 */
export const ACTIVITY_ACTIONS = [
  'child.created',
  'child.updated',
  'observation.created',
  'observation.updated',
  'observation.deleted',
  'goal.created',
  'goal.updated',
  'goal.deleted',
  'progress.recorded',
  'progress.updated',
  'progress.deleted',
  'strategy.created',
  'strategy.updated',
  'strategy.deleted',
  'milestone.created',
  'milestone.updated',
  'milestone.deleted',
  ...MILESTONE_STATUSES.map((status) => `milestone.${status}` as const),
  'roadmap.generated',
  'document.added',
  'document.updated',
  'document.replaced',
  'document.deleted',
  'medication.added',
  'medication.updated',
  'medication.removed',
  'person.added',
  'person.updated',
  'person.removed',
  ...AUDIT_ONLY_ACTIONS,
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The action recorded when a parent moves a milestone to `status`. */
export function milestoneStatusAction(status: MilestoneStatus): ActivityAction {
  return `milestone.${status}`;
}

export const activitySchema = z.object({
  id: z.number().int(),
  childId: z.number().int().nullable(),
  action: z.enum(ACTIVITY_ACTIONS),
  subjectType: z.enum(ACTIVITY_SUBJECTS),
  subjectId: z.number().int(),
  /** When the change was made. */
  createdAt: storedTimestamp,
  /** Who made it (decision 0086): null once their account is deleted. */
  actor: authorSchema,
  /**
   * What the change was about, read from the subject as it is now (decision 0023): an observation's
   * text, a goal's, strategy's, milestone's or document's title, the goal of a progress entry, a
   * medication's or a person's name (decision 0056). Null once the subject is deleted, and for
   * changes to the profile.
   */
  title: z.string().nullable(),
  /** When the observation it is about happened (an instant), which may be well before `createdAt`. */
  occurredAt: storedTimestamp.nullable(),
  /** The day the progress entry it is about was recorded for (YYYY-MM-DD). */
  recordedOn: storedDate.nullable(),
});

/** The feed is read newest first, a page at a time. */
export const ACTIVITY_LIMITS = { pageSize: 100, defaultPageSize: 20 } as const;

/** How many activities to read: 1 to ACTIVITY_LIMITS.pageSize. */
export const activityLimitSchema = z.number().int().min(1).max(ACTIVITY_LIMITS.pageSize);

/** Input of `activities.list` (with `childId`) and the query of GET /api/activities. */
export const activityListSchema = z.object({ limit: activityLimitSchema.default(ACTIVITY_LIMITS.defaultPageSize) });

export type Activity = z.infer<typeof activitySchema>;

/** The record's recent changes: what a person does and the least role it needs (decision 0094). */
export const activityActions = defineChildActions('activities', {
  list: 'viewer',
});
