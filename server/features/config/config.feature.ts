import { defineFeature } from '../../core/feature.ts';
import { configRouter } from './config.router.ts';
import { configOperations } from './config.rest.ts';

export const configFeature = defineFeature({
  name: 'config',
  router: configRouter,
  rest: configOperations,
});
