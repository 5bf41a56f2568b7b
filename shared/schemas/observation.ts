import { z } from 'zod';
import { authorSchema } from './author.ts';
import { patchOf, text } from './common.ts';
import { idSchema } from './child.ts';
import { FUTURE_TOLERANCE_MS, IN_FUTURE_MESSAGE, isoDate, pastTimestamp, storedDate, storedTimestamp } from './dates.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';
import { entrySourceSchema } from './entry-source.ts';

export const SETTINGS = ['home', 'school', 'therapy', 'community', 'other'] as const;
export type Setting = (typeof SETTINGS)[number];
export const MOOD_MIN = 1;
export const MOOD_MAX = 5;

export const OBSERVATION_LIMITS = {
  what: 2000,
  /** Each of before / behaviour / after. */
  detail: 1000,
  tags: 10,
  tagLength: 40,
  search: 200,
  pageSize: 200,
  /** A page of the list when the caller does not say. */
  defaultPageSize: 50,
  /** A time this far ahead of the server's clock is still "now" (the rule shared by every date: dates.ts). */
  futureToleranceMs: FUTURE_TOLERANCE_MS,
} as const;

export const OBSERVATION_IN_FUTURE_MESSAGE = IN_FUTURE_MESSAGE;

const tag = text()
  .trim()
  .min(1, 'Tags cannot be empty')
  .max(OBSERVATION_LIMITS.tagLength, `Each tag is at most ${OBSERVATION_LIMITS.tagLength} characters`);
const detail = () => text().trim().max(OBSERVATION_LIMITS.detail, `At most ${OBSERVATION_LIMITS.detail} characters`).nullable().optional();

const observationFields = {
  /** What happened: the one field a quick capture needs. */
  what: text().trim().min(1, 'Say what happened').max(OBSERVATION_LIMITS.what, `At most ${OBSERVATION_LIMITS.what} characters`),
  /** When it happened: not in the future, nor years before the child (dates.ts); the server uses now when omitted. */
  occurredAt: pastTimestamp.optional(),
  setting: z.enum(SETTINGS),
  antecedent: detail(),
  behaviour: detail(),
  consequence: detail(),
  mood: z.number().int().min(MOOD_MIN).max(MOOD_MAX).nullable().optional(),
  tags: z.array(tag).max(OBSERVATION_LIMITS.tags, `At most ${OBSERVATION_LIMITS.tags} tags`).optional(),
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
  search: text().trim().max(OBSERVATION_LIMITS.search, `At most ${OBSERVATION_LIMITS.search} characters`).optional(),
  goalId: idSchema.optional(),
  limit: z.number().int().min(1).max(OBSERVATION_LIMITS.pageSize).default(OBSERVATION_LIMITS.defaultPageSize),
  /** Return observations older than this id (the list is newest first). */
  before: idSchema.optional(),
});

export const observationSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  what: z.string(),
  occurredAt: storedTimestamp,
  setting: z.enum(SETTINGS),
  antecedent: z.string().nullable(),
  behaviour: z.string().nullable(),
  consequence: z.string().nullable(),
  mood: z.number().int().nullable(),
  tags: z.array(z.string()),
  isWin: z.boolean(),
  goalId: z.number().int().nullable(),
  /** A form answer it came from (decision 0109); null when typed. */
  source: entrySourceSchema.nullable(),
  /** Who added it (decision 0086); for a form answer, who approved it. */
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

export const weeklyTrendSchema = z.array(z.object({ weekStart: storedDate, wins: z.number().int(), concerns: z.number().int() }));

export type ObservationCreate = z.output<typeof observationCreateSchema>;
export type ObservationUpdate = z.output<typeof observationUpdateSchema>;
export type ObservationFilter = z.output<typeof observationFilterSchema>;
export type Observation = z.infer<typeof observationSchema>;
export type WeeklyTrend = z.infer<typeof weeklyTrendSchema>;

/** Observations: what a person does and the least role it needs (decision 0094). */
export const observationActions = defineChildActions('observations', {
  list: 'viewer',
  viewTrend: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
});

export const observationActivity = defineActivityVocabulary({
  subject: 'observation',
  actions: {
    'observation.created': 'Observation logged',
    'observation.updated': 'Observation edited',
    'observation.deleted': 'Observation removed',
  },
});
