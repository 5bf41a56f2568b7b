import { z } from 'zod';
import { patchOf, text } from './common.ts';
import { idSchema } from './child.ts';
import { isoDate } from './dates.ts';

export const SETTINGS = ['home', 'school', 'therapy', 'community', 'other'] as const;
export const MOOD_MIN = 1;
export const MOOD_MAX = 5;

const tag = text().trim().min(1, 'Tags cannot be empty').max(40, 'Each tag is at most 40 characters');

const observationFields = {
  /** What happened: the one field a quick capture needs. */
  what: text().trim().min(1, 'Say what happened').max(2000, 'At most 2000 characters'),
  /** When it happened; the server uses now when omitted. */
  occurredAt: z.iso.datetime({ offset: true, error: 'Use a date and time' }).optional(),
  setting: z.enum(SETTINGS),
  antecedent: text().trim().max(1000, 'At most 1000 characters').nullable().optional(),
  behaviour: text().trim().max(1000, 'At most 1000 characters').nullable().optional(),
  consequence: text().trim().max(1000, 'At most 1000 characters').nullable().optional(),
  mood: z.number().int().min(MOOD_MIN).max(MOOD_MAX).nullable().optional(),
  tags: z.array(tag).max(10, 'At most 10 tags').optional(),
  isWin: z.boolean().optional(),
  goalId: idSchema.nullable().optional(),
};

/** Defaults apply on create only: an update changes just the fields it names. */
export const observationCreateSchema = z.strictObject({ ...observationFields, setting: observationFields.setting.default('home') });
export const observationUpdateSchema = patchOf(observationFields);

export const observationFilterSchema = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  setting: z.enum(SETTINGS).optional(),
  tag: tag.optional(),
  winsOnly: z.boolean().optional(),
  search: text().trim().max(200).optional(),
  goalId: idSchema.optional(),
  limit: z.number().int().min(1).max(200).default(50),
  /** Return observations older than this id (the list is newest first). */
  before: idSchema.optional(),
});

export const observationSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  what: z.string(),
  occurredAt: z.string(),
  setting: z.enum(SETTINGS),
  antecedent: z.string().nullable(),
  behaviour: z.string().nullable(),
  consequence: z.string().nullable(),
  mood: z.number().int().nullable(),
  tags: z.array(z.string()),
  isWin: z.boolean(),
  goalId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const weeklyTrendSchema = z.array(z.object({ weekStart: z.string(), wins: z.number().int(), concerns: z.number().int() }));

export type ObservationCreate = z.output<typeof observationCreateSchema>;
export type ObservationUpdate = z.output<typeof observationUpdateSchema>;
export type ObservationFilter = z.output<typeof observationFilterSchema>;
export type Observation = z.infer<typeof observationSchema>;
export type WeeklyTrend = z.infer<typeof weeklyTrendSchema>;
