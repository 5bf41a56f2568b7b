import { defineFeature } from '../../core/feature.ts';
import { createCaregiversService, type CaregiversService } from './caregivers.service.ts';
import { caregiversRouter } from './caregivers.router.ts';
import { caregiversOperations } from './caregivers.rest.ts';
import { caregiversAccountData } from './caregivers.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    caregivers: CaregiversService;
  }
}

export const caregiversFeature = defineFeature({
  name: 'caregivers',
  needs: ['activities'],
  service: (deps, { activities }) => createCaregiversService({ ...deps, activities }),
  router: caregiversRouter,
  rest: caregiversOperations,
  accountData: caregiversAccountData,
});
