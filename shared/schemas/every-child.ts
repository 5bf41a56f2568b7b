import { z } from 'zod';
import { dashboardStatsSchema } from './dashboard.ts';
import { goalSchema } from './goal.ts';
import { OBSERVATION_LIMITS, observationFilterSchema, observationSchema } from './observation.ts';
import { snapshotLinkSchema, snapshotSchema } from './snapshot.ts';
import { strategySchema } from './strategy.ts';

/*
 * Lists across every child the caller can see (decision 0098): what the observations screen, the
 * progress planner and the dashboard's progress show when their FLAG_SCOPED_* flag is off. Each item
 * is its child's record as the one-child list gives it, named by its child.
 */

/** The child a record is about, by name (its id is the record's `childId`). */
const namedByChild = { childName: z.string() };

/** The one-child list's filter; with none, the first page of everything. */
export const everyChildObservationsInputSchema = z
  .object({ filter: observationFilterSchema.default({ limit: OBSERVATION_LIMITS.defaultPageSize }) })
  .default({ filter: { limit: OBSERVATION_LIMITS.defaultPageSize } });

export const everyChildObservationSchema = observationSchema.extend(namedByChild);
export const everyChildGoalSchema = goalSchema.extend(namedByChild);
export const everyChildStrategySchema = strategySchema.extend(namedByChild);
/** A snapshot, named by its child (decision 0107: FLAG_SCOPED_SNAPSHOTS off). */
export const everyChildSnapshotSchema = snapshotSchema.extend(namedByChild);
/** An open snapshot link, with its child (a link names its snapshot, not the child). */
export const everyChildSnapshotLinkSchema = snapshotLinkSchema.extend({ childId: z.number().int(), ...namedByChild });

/** An active goal and its latest progress, as the dashboard's "Active goals" shows one, with its child. */
export const everyChildProgressSchema = dashboardStatsSchema.shape.activeGoals.element.extend({
  childId: z.number().int(),
  ...namedByChild,
});

export type EveryChildObservation = z.infer<typeof everyChildObservationSchema>;
export type EveryChildGoal = z.infer<typeof everyChildGoalSchema>;
export type EveryChildStrategy = z.infer<typeof everyChildStrategySchema>;
export type EveryChildProgress = z.infer<typeof everyChildProgressSchema>;
export type EveryChildSnapshot = z.infer<typeof everyChildSnapshotSchema>;
export type EveryChildSnapshotLink = z.infer<typeof everyChildSnapshotLinkSchema>;
