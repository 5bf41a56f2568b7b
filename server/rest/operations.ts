import type { RestOptions } from '../core/feature.ts';
import { features } from '../features.ts';
import type { Services } from '../services.ts';
import type { RestOperation } from './operation.ts';
import type { RateLimiters } from './rate-limits.ts';

/** Every REST operation the server mounts and the OpenAPI document describes, in server/features.ts's order; built-in accounts add /api/auth/*. */
export function restOperations(services: Services, limits: RateLimiters, options: RestOptions = {}): RestOperation[] {
  return features.flatMap((feature) => feature.rest?.(services, limits, options) ?? []);
}
