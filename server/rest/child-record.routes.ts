import type { Router } from 'express';
import { z } from 'zod';
import { activityListSchema } from '#shared/schemas/activity.ts';
import { goalCreateSchema, goalUpdateSchema, progressEntryCreateSchema, progressEntryUpdateSchema } from '#shared/schemas/goal.ts';
import { milestoneCreateSchema, milestoneRangeSchema, milestoneUpdateSchema } from '#shared/schemas/milestone.ts';
import { observationCreateSchema, observationFilterSchema, observationUpdateSchema } from '#shared/schemas/observation.ts';
import { strategyCreateSchema, strategyUpdateSchema } from '#shared/schemas/strategy.ts';
import { isoDate } from '#shared/schemas/dates.ts';
import type { ChildScope } from '../core/child-scope.ts';
import type { Services } from '../services.ts';
import { childScoped, parseWith, pathId } from './route-kit.ts';

interface CollectionOps<C extends z.ZodType, U extends z.ZodType> {
  create: { schema: C; run: (scope: ChildScope, input: z.output<C>) => Promise<unknown> };
  update: { schema: U; run: (scope: ChildScope, id: number, input: z.output<U>) => Promise<unknown> };
  remove: (scope: ChildScope, id: number) => Promise<unknown>;
}

/** POST `base`, PUT and DELETE `base/:id`, all with `?childId=`. */
function registerWrites<C extends z.ZodType, U extends z.ZodType>(
  router: Router,
  services: Services,
  base: string,
  ops: CollectionOps<C, U>,
) {
  router.post(
    base,
    childScoped(services, async (req, res, scope) => {
      res.status(201).json(await ops.create.run(scope, parseWith(ops.create.schema, req.body)));
    }),
  );
  router.put(
    `${base}/:id`,
    childScoped(services, async (req, res, scope) => {
      const id = pathId(req.params.id);
      res.json(await ops.update.run(scope, id, parseWith(ops.update.schema, req.body)));
    }),
  );
  router.delete(
    `${base}/:id`,
    childScoped(services, async (req, res, scope) => {
      res.json(await ops.remove(scope, pathId(req.params.id)));
    }),
  );
}

const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');
const queryNumber = z
  .string()
  .regex(/^\d{1,10}$/, 'Use a positive whole number')
  .transform(Number);

/** Query-string form of the observation filters (`?childId=1&setting=school&winsOnly=true`). */
const observationQuerySchema = z
  .object({
    childId: z.string(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    setting: z.string().optional(),
    tag: z.string().optional(),
    winsOnly: queryBoolean.optional(),
    search: z.string().optional(),
    goalId: queryNumber.optional(),
    limit: queryNumber.optional(),
    before: queryNumber.optional(),
  })
  .transform(({ childId: _childId, ...filter }) => filter)
  .pipe(observationFilterSchema);

/** Query-string form of the activity list (`?limit=50`). */
const activityQuerySchema = z.object({ limit: queryNumber.optional() }).pipe(activityListSchema);

/** The child's record for external clients: the same services as the tRPC routers (issue 4). */
export function registerChildRecordRoutes(router: Router, services: Services): void {
  router.get(
    '/observations',
    childScoped(services, async (req, res, scope) => {
      res.json(await services.observations.list(scope, parseWith(observationQuerySchema, req.query)));
    }),
  );
  router.get(
    '/observations/trend',
    childScoped(services, async (_req, res, scope) => {
      res.json(await services.observations.weeklyTrend(scope));
    }),
  );
  registerWrites(router, services, '/observations', {
    create: { schema: observationCreateSchema, run: services.observations.create },
    update: { schema: observationUpdateSchema, run: services.observations.update },
    remove: services.observations.delete,
  });

  router.get(
    '/goals',
    childScoped(services, async (_req, res, scope) => {
      res.json(await services.goals.list(scope));
    }),
  );
  router.get(
    '/goals/:id',
    childScoped(services, async (req, res, scope) => {
      res.json(await services.goals.detail(scope, pathId(req.params.id)));
    }),
  );
  router.post(
    '/goals/:id/progress',
    childScoped(services, async (req, res, scope) => {
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
      const input = parseWith(progressEntryCreateSchema, { ...body, goalId: pathId(req.params.id) });
      res.status(201).json(await services.goals.addProgress(scope, input));
    }),
  );
  router.put(
    '/goals/:id/progress/:entryId',
    childScoped(services, async (req, res, scope) => {
      const goalId = pathId(req.params.id);
      const entryId = pathId(req.params.entryId);
      res.json(await services.goals.updateProgress(scope, entryId, parseWith(progressEntryUpdateSchema, req.body), goalId));
    }),
  );
  router.delete(
    '/goals/:id/progress/:entryId',
    childScoped(services, async (req, res, scope) => {
      res.json(await services.goals.deleteProgress(scope, pathId(req.params.entryId), pathId(req.params.id)));
    }),
  );
  registerWrites(router, services, '/goals', {
    create: { schema: goalCreateSchema, run: services.goals.create },
    update: { schema: goalUpdateSchema, run: services.goals.update },
    remove: services.goals.delete,
  });

  router.get(
    '/strategies',
    childScoped(services, async (_req, res, scope) => {
      res.json(await services.strategies.list(scope));
    }),
  );
  registerWrites(router, services, '/strategies', {
    create: { schema: strategyCreateSchema, run: services.strategies.create },
    update: { schema: strategyUpdateSchema, run: services.strategies.update },
    remove: services.strategies.delete,
  });

  router.get(
    '/milestones',
    childScoped(services, async (req, res, scope) => {
      const range = parseWith(milestoneRangeSchema, { from: req.query.from, to: req.query.to });
      res.json(await services.milestones.list(scope, range));
    }),
  );
  router.post(
    '/milestones/generate',
    childScoped(services, async (_req, res, scope) => {
      res.json(await services.milestones.generate(scope));
    }),
  );
  registerWrites(router, services, '/milestones', {
    create: { schema: milestoneCreateSchema, run: services.milestones.create },
    update: { schema: milestoneUpdateSchema, run: services.milestones.update },
    remove: services.milestones.delete,
  });

  router.get(
    '/activities',
    childScoped(services, async (req, res, scope) => {
      const { limit } = parseWith(activityQuerySchema, { limit: req.query.limit });
      res.json(await services.activities.list(scope, limit));
    }),
  );
  router.get(
    '/dashboard/stats',
    childScoped(services, async (_req, res, scope) => {
      res.json(await services.dashboard.stats(scope));
    }),
  );
}
