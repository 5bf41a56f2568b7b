import { z } from 'zod';
import { authorSchema } from './author.ts';
import { linkedDocumentSchema } from './document.ts';
import { patchOf, text } from './common.ts';
import { idSchema } from './child.ts';
import { pastOrTodayDate, planDate, storedDate, storedTimestamp } from './dates.ts';
import { observationSchema } from './observation.ts';
import { entrySourceSchema } from './entry-source.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

export const GOAL_AREAS = [
  'reading',
  'writing',
  'math',
  'attention-executive-function',
  'social-emotional',
  'communication',
  'motor',
  'behaviour',
  'self-advocacy',
  'daily-living',
] as const;
export const GOAL_STATUSES = ['not-started', 'in-progress', 'achieved', 'paused'] as const;
export const GOAL_SOURCES = ['iep', '504', 'home', 'therapy'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
/** A goal the child is still working on: counted on the dashboard, checked for staleness, used by the roadmap. */
export const ACTIVE_GOAL_STATUSES = ['not-started', 'in-progress'] as const satisfies readonly GoalStatus[];

export function isActiveGoalStatus(status: string): status is (typeof ACTIVE_GOAL_STATUSES)[number] {
  return (ACTIVE_GOAL_STATUSES as readonly string[]).includes(status);
}

export const GOAL_LIMITS = { title: 200, description: 4000, unit: 60, measure: 1_000_000, progressNote: 1000 } as const;
/** A goal without a progress entry for this many days says so. */
export const GOAL_STALE_DAYS = 30;

const measureValue = () => z.number().finite('Use a number').min(-GOAL_LIMITS.measure).max(GOAL_LIMITS.measure);
const measure = measureValue().nullable().optional();

const goalFields = {
  area: z.enum(GOAL_AREAS),
  title: text().trim().min(1, 'Give the goal a short title').max(GOAL_LIMITS.title, `At most ${GOAL_LIMITS.title} characters`),
  description: text().trim().max(GOAL_LIMITS.description, `At most ${GOAL_LIMITS.description} characters`).nullable().optional(),
  baseline: measure,
  target: measure,
  unit: text().trim().max(GOAL_LIMITS.unit, `At most ${GOAL_LIMITS.unit} characters`).nullable().optional(),
  /** Overdue is fine; more than a year ago or ten years ahead is a typo (dates.ts). */
  targetDate: planDate.nullable().optional(),
  status: z.enum(GOAL_STATUSES),
  source: z.enum(GOAL_SOURCES),
};

/** Defaults apply on create only: an update changes just the fields it names. */
export const goalCreateSchema = z.strictObject({
  ...goalFields,
  status: goalFields.status.default('in-progress'),
  source: goalFields.source.default('home'),
});
export const goalUpdateSchema = patchOf(goalFields);

const progressFields = {
  /** The day it was measured: never in the future, nor years before the child (dates.ts). */
  recordedOn: pastOrTodayDate,
  value: measureValue(),
  note: text().trim().max(GOAL_LIMITS.progressNote, `At most ${GOAL_LIMITS.progressNote} characters`).nullable().optional(),
};

export const progressEntryCreateSchema = z.strictObject({ goalId: idSchema, ...progressFields });
/** A correction to an entry: its day, value or note (it stays on its goal). */
export const progressEntryUpdateSchema = patchOf(progressFields);

export const progressEntrySchema = z.object({
  id: z.number().int(),
  goalId: z.number().int(),
  recordedOn: storedDate,
  value: z.number(),
  note: z.string().nullable(),
  /** A form answer it came from (decision 0109): shown as "from <name> (teacher), answered Nov 3"; null when typed. */
  source: entrySourceSchema.nullable(),
  /** Who recorded it (decision 0086); for a form answer, who approved it. */
  addedBy: authorSchema,
  createdAt: storedTimestamp,
});

export const goalSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  area: z.enum(GOAL_AREAS),
  title: z.string(),
  description: z.string().nullable(),
  baseline: z.number().nullable(),
  target: z.number().nullable(),
  unit: z.string().nullable(),
  targetDate: storedDate.nullable(),
  status: z.enum(GOAL_STATUSES),
  source: z.enum(GOAL_SOURCES),
  latestProgress: progressEntrySchema.nullable(),
  /** True when the goal is active and nothing was recorded for GOAL_STALE_DAYS days. */
  isStale: z.boolean(),
  /** Who added it (decision 0086). */
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

/** One goal with its whole progress history and the observations linked to it as evidence. */
export const goalDetailSchema = z.object({
  goal: goalSchema,
  progress: z.array(progressEntrySchema),
  evidence: z.array(observationSchema),
  /** Vault documents linked to the goal, newest first. */
  documents: z.array(linkedDocumentSchema),
});

export type GoalCreate = z.output<typeof goalCreateSchema>;
export type GoalUpdate = z.output<typeof goalUpdateSchema>;
export type Goal = z.infer<typeof goalSchema>;
/** What another feature may read of a goal without its progress (the roadmap rules need no more). */
export type GoalSummary = Pick<Goal, 'id' | 'title' | 'targetDate' | 'status'>;
export type ProgressEntryCreate = z.output<typeof progressEntryCreateSchema>;
export type ProgressEntryUpdate = z.output<typeof progressEntryUpdateSchema>;
export type ProgressEntry = z.infer<typeof progressEntrySchema>;
export type GoalDetail = z.infer<typeof goalDetailSchema>;

/** Goals and their progress: what a person does and the least role it needs (decision 0094). */
export const goalActions = defineChildActions('goals', {
  list: 'viewer',
  view: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
  addProgress: 'updater',
  updateProgress: 'updater',
  deleteProgress: 'owner',
});

export const goalActivity = defineActivityVocabulary({
  subject: 'goal',
  actions: { 'goal.created': 'Goal added', 'goal.updated': 'Goal updated', 'goal.deleted': 'Goal removed' },
});

/** A goal's progress entries are subjects of their own; the feed names one by its goal. */
export const progressActivity = defineActivityVocabulary({
  subject: 'progress',
  actions: {
    'progress.recorded': 'Progress recorded',
    'progress.updated': 'Progress entry edited',
    'progress.deleted': 'Progress entry removed',
  },
});
