import { z } from 'zod';
import { authorSchema } from './author.ts';
import { storedTimestamp } from './dates.ts';
import { patchOf, text } from './common.ts';
import { idSchema } from './child.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

export const STRATEGY_PLACES = ['home', 'school', 'both'] as const;
export const STRATEGY_KINDS = ['accommodation', 'intervention', 'routine', 'tool'] as const;
export const STRATEGY_LIMITS = { title: 200, description: 4000, linkedGoals: 50, effectivenessMin: 1, effectivenessMax: 5 } as const;

const strategyFields = {
  title: text().trim().min(1, 'Give the strategy a short title').max(STRATEGY_LIMITS.title, `At most ${STRATEGY_LIMITS.title} characters`),
  description: text().trim().max(STRATEGY_LIMITS.description, `At most ${STRATEGY_LIMITS.description} characters`).nullable().optional(),
  whereUsed: z.enum(STRATEGY_PLACES),
  kind: z.enum(STRATEGY_KINDS),
  goalIds: z.array(idSchema).max(STRATEGY_LIMITS.linkedGoals, `At most ${STRATEGY_LIMITS.linkedGoals} linked goals`).optional(),
  effectiveness: z.number().int().min(STRATEGY_LIMITS.effectivenessMin).max(STRATEGY_LIMITS.effectivenessMax).nullable().optional(),
  active: z.boolean(),
};

/** Defaults apply on create only: an update changes just the fields it names. */
export const strategyCreateSchema = z.strictObject({
  ...strategyFields,
  whereUsed: strategyFields.whereUsed.default('home'),
  kind: strategyFields.kind.default('routine'),
  active: strategyFields.active.default(true),
});
export const strategyUpdateSchema = patchOf(strategyFields);

export const strategySchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  whereUsed: z.enum(STRATEGY_PLACES),
  kind: z.enum(STRATEGY_KINDS),
  goalIds: z.array(z.number().int()),
  effectiveness: z.number().int().nullable(),
  active: z.boolean(),
  /** Who added it (decision 0086). */
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

export type StrategyCreate = z.output<typeof strategyCreateSchema>;
export type StrategyUpdate = z.output<typeof strategyUpdateSchema>;
export type Strategy = z.infer<typeof strategySchema>;

/** Strategies: what a person does and the least role it needs (decision 0094). */
export const strategyActions = defineChildActions('strategies', {
  list: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
});

export const strategyActivity = defineActivityVocabulary({
  subject: 'strategy',
  actions: { 'strategy.created': 'Strategy added', 'strategy.updated': 'Strategy updated', 'strategy.deleted': 'Strategy removed' },
});
