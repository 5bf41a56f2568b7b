import { z } from 'zod';
import { authorSchema } from './author.ts';
import { patchOf, text } from './common.ts';
import { isoDate, planDate, storedDate, storedTimestamp } from './dates.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

export const MILESTONE_CATEGORIES = [
  'plan-review',
  'evaluation',
  'progress-report',
  'transition',
  'school-year',
  'goal',
  /** A funding source's next deadline to submit expenses (decision 0106). */
  'reimbursement',
] as const;
export const MILESTONE_STATUSES = ['upcoming', 'in-progress', 'done', 'skipped'] as const;
/**
 * Who made a milestone: the roadmap's rules, the parent, or another feature that keeps its own
 * (decision 0106: reimbursements keep one per funding source's next deadline). The roadmap's
 * regeneration touches only 'generated' ones.
 */
export const MILESTONE_SOURCES = ['generated', 'parent', 'reimbursements'] as const;
/** The features that keep milestones of their own (milestones.keepOwn). */
export const OWNED_MILESTONE_SOURCES = ['reimbursements'] as const satisfies readonly (typeof MILESTONE_SOURCES)[number][];
export type OwnedMilestoneSource = (typeof OWNED_MILESTONE_SOURCES)[number];
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export type MilestoneCategory = (typeof MILESTONE_CATEGORIES)[number];
/** A milestone still ahead of the family: shown as "coming up" and on the dashboard. */
export const OPEN_MILESTONE_STATUSES = ['upcoming', 'in-progress'] as const satisfies readonly MilestoneStatus[];

export function isOpenMilestoneStatus(status: string): status is (typeof OPEN_MILESTONE_STATUSES)[number] {
  return (OPEN_MILESTONE_STATUSES as readonly string[]).includes(status);
}

export const MILESTONE_LIMITS = { title: 200, whyItMatters: 2000, whatToDo: 2000 } as const;

const milestoneFields = {
  title: text().trim().min(1, 'Give the milestone a title').max(MILESTONE_LIMITS.title, `At most ${MILESTONE_LIMITS.title} characters`),
  whyItMatters: text()
    .trim()
    .max(MILESTONE_LIMITS.whyItMatters, `At most ${MILESTONE_LIMITS.whyItMatters} characters`)
    .nullable()
    .optional(),
  whatToDo: text().trim().max(MILESTONE_LIMITS.whatToDo, `At most ${MILESTONE_LIMITS.whatToDo} characters`).nullable().optional(),
  category: z.enum(MILESTONE_CATEGORIES),
  /** Overdue is fine; more than a year ago or ten years ahead is a typo (dates.ts). */
  dueDate: planDate,
  status: z.enum(MILESTONE_STATUSES),
};

/** Defaults apply on create only: an update changes just the fields it names. */
export const milestoneCreateSchema = z.strictObject({
  ...milestoneFields,
  category: milestoneFields.category.default('school-year'),
  status: milestoneFields.status.default('upcoming'),
});

export const milestoneUpdateSchema = patchOf(milestoneFields);

export const milestoneSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  title: z.string(),
  whyItMatters: z.string().nullable(),
  whatToDo: z.string().nullable(),
  category: z.enum(MILESTONE_CATEGORIES),
  dueDate: storedDate,
  status: z.enum(MILESTONE_STATUSES),
  source: z.enum(MILESTONE_SOURCES),
  /** The generating rule's key; null for milestones the parent added. */
  ruleKey: z.string().nullable(),
  /** The parent changed a generated milestone, so regeneration leaves it alone. */
  editedByParent: z.boolean(),
  /** Who added it (decision 0086): null for one the roadmap's rules made. */
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

/** Which milestones to list: due on or after `from`, on or before `to` (YYYY-MM-DD, any day of the calendar, both optional). */
export const milestoneRangeSchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

export const generationResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  kept: z.number().int(),
});

export type MilestoneCreate = z.output<typeof milestoneCreateSchema>;
export type MilestoneUpdate = z.output<typeof milestoneUpdateSchema>;
export type Milestone = z.infer<typeof milestoneSchema>;
export type MilestoneRange = z.output<typeof milestoneRangeSchema>;
export type GenerationResult = z.infer<typeof generationResultSchema>;

/** The roadmap's milestones: what a person does and the least role it needs (decision 0094). */
export const milestoneActions = defineChildActions('milestones', {
  list: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
  regenerate: 'updater',
});

/** What the log calls a move to each status (the action is `milestone.<status>`). */
const MILESTONE_STATUS_LABELS: { [Status in MilestoneStatus as `milestone.${Status}`]: string } = {
  'milestone.upcoming': 'Milestone reopened',
  'milestone.in-progress': 'Milestone started',
  'milestone.done': 'Milestone completed',
  'milestone.skipped': 'Milestone skipped',
};

export const milestoneActivity = defineActivityVocabulary({
  subject: 'milestone',
  actions: {
    'milestone.created': 'Milestone added',
    'milestone.updated': 'Milestone updated',
    'milestone.deleted': 'Milestone removed',
    ...MILESTONE_STATUS_LABELS,
  },
});

/** Building the roadmap is a change to the child's record as a whole: its subject is the child. */
export const roadmapActivity = defineActivityVocabulary({
  actions: { 'roadmap.generated': 'Roadmap built' },
});
