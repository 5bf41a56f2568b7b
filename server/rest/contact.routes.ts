import type { Router } from 'express';
import { contactMessageSchema } from '#shared/schemas/contact.ts';
import type { Services } from '../services.ts';
import type { RateLimiters } from './rate-limits.ts';
import { parseWith, publicRoute } from './route-kit.ts';

export function registerContactRoutes(router: Router, services: Services, limits: RateLimiters): void {
  router.post(
    '/contact',
    limits.contactPerIp,
    publicRoute(async (req, res) => {
      const input = parseWith(contactMessageSchema, req.body);
      res.status(201).json(await services.contact.receive(input));
    }),
  );
}
