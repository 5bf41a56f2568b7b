import { z } from 'zod';
import { patchOf, text } from './common.ts';
import { isoDate } from './dates.ts';

export const MILESTONE_CATEGORIES = ['plan-review', 'evaluation', 'progress-report', 'transition', 'school-year', 'goal'] as const;
export const MILESTONE_STATUSES = ['upcoming', 'in-progress', 'done', 'skipped'] as const;
export const MILESTONE_SOURCES = ['generated', 'parent'] as const;

const milestoneFields = {
  title: text().trim().min(1, 'Give the milestone a title').max(200, 'At most 200 characters'),
  whyItMatters: text().trim().max(2000, 'At most 2000 characters').nullable().optional(),
  whatToDo: text().trim().max(2000, 'At most 2000 characters').nullable().optional(),
  category: z.enum(MILESTONE_CATEGORIES),
  dueDate: isoDate,
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
  dueDate: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  source: z.enum(MILESTONE_SOURCES),
  /** The generating rule's key; null for milestones the parent added. */
  ruleKey: z.string().nullable(),
  /** The parent changed a generated milestone, so regeneration leaves it alone. */
  editedByParent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const generationResultSchema = z.object({ created: z.number().int(), updated: z.number().int(), removed: z.number().int(), kept: z.number().int() });

export type MilestoneCreate = z.output<typeof milestoneCreateSchema>;
export type MilestoneUpdate = z.output<typeof milestoneUpdateSchema>;
export type Milestone = z.infer<typeof milestoneSchema>;
export type GenerationResult = z.infer<typeof generationResultSchema>;
