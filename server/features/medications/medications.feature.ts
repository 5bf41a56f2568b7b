import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createMedicationsService, type MedicationsService } from './medications.service.ts';
import { medicationsRouter } from './medications.router.ts';
import { medicationsOperations } from './medications.rest.ts';
import { medicationsAccountData } from './medications.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    medications: MedicationsService;
  }
}

export const medicationsFeature = defineFeature({
  name: 'medications',
  service: createMedicationsService,
  router: medicationsRouter,
  rest: medicationsOperations,
  accountData: medicationsAccountData,
  activityTitles: [activityTitle({ subject: 'medication', table: 'medications', title: 'name' })],
});
