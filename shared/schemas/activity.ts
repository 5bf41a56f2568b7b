import { z } from 'zod';
import { authorSchema } from './author.ts';
import { storedDate, storedTimestamp } from './dates.ts';
import { accountActivity } from './account-data.ts';
import {
  actionsOf,
  auditOnlyOf,
  labelsOf,
  subjectsOf,
  type ActionOf,
  type ActivityVocabulary,
  type SubjectOf,
} from './activity-vocabulary.ts';
import { caregiverActivity, inviteActivity } from './caregivers.ts';
import { childActivity } from './child.ts';
import { documentActivity } from './document.ts';
import { goalActivity, progressActivity } from './goal.ts';
import { medicationActivity } from './medication.ts';
import { milestoneActivity, roadmapActivity, type MilestoneStatus } from './milestone.ts';
import { observationActivity } from './observation.ts';
import { personActivity } from './person.ts';
import { linkActivity } from './share-links.ts';
import { strategyActivity } from './strategy.ts';
import { claimActivity, expenseActivity, fundingSourceActivity } from './reimbursement.ts';
import { snapshotActivity } from './snapshot.ts';
import { formActivity, formResponseActivity } from './form.ts';
import { defineChildActions } from './roles.ts';

/**
 * Every feature's activity vocabulary (decision 0102), one line each: a new kind of change is added to
 * its feature's vocabulary, and a new vocabulary here. The server can record only these actions, and
 * the app shows each with its label, so none goes unlabelled. The order is the API document's.
 */
const ACTIVITY_VOCABULARIES = [
  childActivity,
  observationActivity,
  goalActivity,
  progressActivity,
  strategyActivity,
  milestoneActivity,
  roadmapActivity,
  documentActivity,
  caregiverActivity,
  inviteActivity,
  medicationActivity,
  personActivity,
  accountActivity,
  linkActivity,
  fundingSourceActivity,
  expenseActivity,
  claimActivity,
  snapshotActivity,
  formActivity,
  formResponseActivity,
] as const;
type Vocabularies = typeof ACTIVITY_VOCABULARIES;

/** Each vocabulary in the list (the unit test checks no action is in two). */
export const activityVocabularies: readonly ActivityVocabulary[] = ACTIVITY_VOCABULARIES;

/** What an activity is about. */
export const ACTIVITY_SUBJECTS = subjectsOf(ACTIVITY_VOCABULARIES);
export type ActivitySubject = SubjectOf<Vocabularies>;

/**
 * Actions the child's audit log shows to its owners but the activity feed leaves out: who read the
 * record, and who was given, changed or lost access (decision 0044).
 */
export const AUDIT_ONLY_ACTIONS = auditOnlyOf(ACTIVITY_VOCABULARIES);

/** Every change the activity log can show: the feed's actions, then the audit log's only. */
export const ACTIVITY_ACTIONS = actionsOf(ACTIVITY_VOCABULARIES);
export type ActivityAction = ActionOf<Vocabularies>;

/** What each action is called on screen: the dashboard's feed and a child's audit log. */
export const ACTIVITY_LABELS = labelsOf(ACTIVITY_VOCABULARIES);

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
