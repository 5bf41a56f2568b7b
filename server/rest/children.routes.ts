import type { Router } from 'express';
import { childCreateSchema, childUpdateSchema, pathIdSchema } from '#shared/schemas/child.ts';
import type { Services } from '../services.ts';
import { parseWith, signedIn } from './route-kit.ts';

const childId = (raw: unknown) => parseWith(pathIdSchema, raw, 'The child id in the path must be a positive whole number');

/** SPEC §7 paths for external clients; the same service as the children router. */
export function registerChildrenRoutes(router: Router, services: Services): void {
  router.get(
    '/children',
    signedIn(async (_req, res, userId) => {
      res.json(await services.children.list(userId));
    }),
  );
  router.post(
    '/children',
    signedIn(async (req, res, userId) => {
      const input = parseWith(childCreateSchema, req.body);
      res.status(201).json(await services.children.create(userId, input));
    }),
  );
  router.get(
    '/children/:id',
    signedIn(async (req, res, userId) => {
      res.json(await services.children.byId(userId, childId(req.params.id)));
    }),
  );
  router.put(
    '/children/:id',
    signedIn(async (req, res, userId) => {
      const id = childId(req.params.id);
      const patch = parseWith(childUpdateSchema, req.body);
      res.json(await services.children.update(userId, id, patch));
    }),
  );
  router.delete(
    '/children/:id',
    signedIn(async (req, res, userId) => {
      res.json(await services.children.delete(userId, childId(req.params.id)));
    }),
  );
}
