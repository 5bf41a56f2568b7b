import { z } from 'zod';
import { patchOf, text } from './common.ts';
import { idSchema } from './child.ts';
import { isoDate } from './dates.ts';

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
/** A goal without a progress entry for this many days says so. */
export const GOAL_STALE_DAYS = 30;

const measure = z.number().finite('Use a number').min(-1_000_000).max(1_000_000).nullable().optional();

const goalFields = {
  area: z.enum(GOAL_AREAS),
  title: text().trim().min(1, 'Give the goal a short title').max(200, 'At most 200 characters'),
  description: text().trim().max(4000, 'At most 4000 characters').nullable().optional(),
  baseline: measure,
  target: measure,
  unit: text().trim().max(60, 'At most 60 characters').nullable().optional(),
  targetDate: isoDate.nullable().optional(),
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

export const progressEntryCreateSchema = z.strictObject({
  goalId: idSchema,
  recordedOn: isoDate,
  value: z.number().finite('Use a number').min(-1_000_000).max(1_000_000),
  note: text().trim().max(1000, 'At most 1000 characters').nullable().optional(),
});

export const progressEntrySchema = z.object({
  id: z.number().int(),
  goalId: z.number().int(),
  recordedOn: z.string(),
  value: z.number(),
  note: z.string().nullable(),
  createdAt: z.string(),
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
  targetDate: z.string().nullable(),
  status: z.enum(GOAL_STATUSES),
  source: z.enum(GOAL_SOURCES),
  latestProgress: progressEntrySchema.nullable(),
  /** True when the goal is active and nothing was recorded for GOAL_STALE_DAYS days. */
  isStale: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type GoalCreate = z.output<typeof goalCreateSchema>;
export type GoalUpdate = z.output<typeof goalUpdateSchema>;
export type Goal = z.infer<typeof goalSchema>;
export type ProgressEntryCreate = z.output<typeof progressEntryCreateSchema>;
export type ProgressEntry = z.infer<typeof progressEntrySchema>;
