import { activityTitle, defineFeature } from '../../core/feature.ts';
import { createSnapshotsService, type SnapshotsService } from './snapshots.service.ts';
import { snapshotsRouter } from './snapshots.router.ts';
import { snapshotsOperations } from './snapshots.rest.ts';
import { snapshotsAccountData } from './snapshots.account-data.ts';

declare module '../../services.ts' {
  interface Services {
    snapshots: SnapshotsService;
  }
}

/** Snapshots, their share links and the IEP meeting pack (issue 27, decision 0107): read from the record through other features' services. */
export const snapshotsFeature = defineFeature({
  name: 'snapshots',
  needs: ['children', 'goals', 'strategies', 'medications', 'people', 'observations', 'documents', 'formResponses'],
  service: (deps, needed) => createSnapshotsService({ ...deps, ...needed }),
  router: snapshotsRouter,
  rest: snapshotsOperations,
  accountData: snapshotsAccountData,
  // Named by its title, else its audience.
  activityTitles: [activityTitle({ subject: 'snapshot', table: 'snapshots', title: ['title', 'audience'] })],
});
