import type { Router } from 'express';
import type { ClerkConfig, FeatureFlagsResponse } from '#shared/schemas/config.ts';
import type { Services } from '../services.ts';
import { publicRoute } from './route-kit.ts';

export function registerConfigRoutes(router: Router, services: Services): void {
  router.get(
    '/feature-flags',
    publicRoute((_req, res) => {
      res.json({ flags: services.featureFlags } satisfies FeatureFlagsResponse);
    }),
  );
  router.get(
    '/clerk-config',
    publicRoute((_req, res) => {
      const { provider, publishableKey } = services.authConfig;
      res.json((provider === 'clerk' ? { publishableKey } : { publishableKey: null, provider: 'local' }) satisfies ClerkConfig);
    }),
  );
}
