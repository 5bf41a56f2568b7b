import { z } from 'zod';
import { patchOf, text } from './common.ts';
import { idSchema } from './child.ts';

export const STRATEGY_PLACES = ['home', 'school', 'both'] as const;
export const STRATEGY_KINDS = ['accommodation', 'intervention', 'routine', 'tool'] as const;

const strategyFields = {
  title: text().trim().min(1, 'Give the strategy a short title').max(200, 'At most 200 characters'),
  description: text().trim().max(4000, 'At most 4000 characters').nullable().optional(),
  whereUsed: z.enum(STRATEGY_PLACES),
  kind: z.enum(STRATEGY_KINDS),
  goalIds: z.array(idSchema).max(50, 'At most 50 linked goals').optional(),
  effectiveness: z.number().int().min(1).max(5).nullable().optional(),
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
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type StrategyCreate = z.output<typeof strategyCreateSchema>;
export type StrategyUpdate = z.output<typeof strategyUpdateSchema>;
export type Strategy = z.infer<typeof strategySchema>;
