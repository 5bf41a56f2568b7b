import type { FeatureFlags } from '#shared/feature-flags.ts';
import { defineFeature } from '../../core/feature.ts';
import { featureFlagsRouter } from './feature-flags.router.ts';

declare module '../../services.ts' {
  interface Services {
    featureFlags: FeatureFlags;
  }
}

export const featureFlagsFeature = defineFeature({
  name: 'featureFlags',
  service: (deps) => deps.featureFlags,
  router: featureFlagsRouter,
});
