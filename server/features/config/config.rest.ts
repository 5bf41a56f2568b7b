import { type ClerkConfig, clerkConfigSchema, type FeatureFlagsResponse, featureFlagsResponseSchema } from '#shared/schemas/config.ts';
import type { Services } from '../../services.ts';
import { named, operation, type RestOperation } from '../../rest/operation.ts';

const bodies = named({
  FeatureFlags: featureFlagsResponseSchema,
  ClerkConfig: clerkConfigSchema,
});
const tag = { name: 'Configuration', description: 'What a client needs before signing in' };

export function configOperations(services: Services): RestOperation[] {
  return [
    operation({
      operationId: 'getFeatureFlags',
      method: 'get',
      path: '/api/feature-flags',
      tag,
      summary: 'Feature flags, defaults merged with the server\u2019s',
      security: 'public',
      child: false,
      usesDatabase: false,
      success: [{ status: 200, description: 'All flags', body: bodies.FeatureFlags }],
      handle: () => ({ flags: services.featureFlags }) satisfies FeatureFlagsResponse,
    }),
    operation({
      operationId: 'getClerkConfig',
      method: 'get',
      path: '/api/clerk-config',
      tag,
      summary: 'Sign-in provider configuration',
      security: 'public',
      child: false,
      usesDatabase: false,
      success: [{ status: 200, description: 'The publishable key, or null with built-in accounts', body: bodies.ClerkConfig }],
      handle: () => {
        const { provider, publishableKey } = services.authConfig;
        return (provider === 'clerk' ? { publishableKey } : { publishableKey: null, provider: 'local' }) satisfies ClerkConfig;
      },
    }),
  ];
}
