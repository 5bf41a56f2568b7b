import type { JobDefinition } from './core/jobs.ts';
import { storedObjectsJobs } from './core/stored-objects.jobs.ts';
import type { StoredFiles } from './core/stored-objects.ts';
import { accountDataJobs } from './features/account-data/account-data.jobs.ts';
import type { AccountDataService } from './features/account-data/account-data.service.ts';
import { contactJobs } from './features/contact/contact.jobs.ts';
import type { ContactService } from './features/contact/contact.service.ts';
import { documentsJobs } from './features/documents/documents.jobs.ts';
import type { DocumentsService } from './features/documents/documents.service.ts';
import { notificationsJobs } from './features/notifications/notifications.jobs.ts';
import type { NotificationsService } from './features/notifications/notifications.service.ts';
import type { Logger } from './lib/logger.ts';

/** What the jobs run on: the services whose work they do. */
export interface BackgroundJobDeps {
  accountData: AccountDataService;
  contact: ContactService;
  documents: DocumentsService;
  notifications: NotificationsService;
  files: StoredFiles;
  log: Logger;
}

/**
 * Every background job (decision 0092), registered once the services are built: each feature lists
 * its own in `<feature>.jobs.ts`, and a feature with jobs adds its line here.
 */
export function backgroundJobs(deps: BackgroundJobDeps): JobDefinition[] {
  return [...documentsJobs(deps), ...accountDataJobs(deps), ...notificationsJobs(deps), ...contactJobs(deps), ...storedObjectsJobs(deps)];
}

/**
 * TEST_JOB_TIMINGS=fast (tests only): workers poll every second, a file being read is taken back 6 s
 * after its instance died and retried a second later, and the purges run every minute, so a test with
 * two server processes sees both within seconds.
 */
export const FAST_TEST_JOB_TIMINGS = {
  pollingIntervalSeconds: 1,
  checkIntervalSeconds: 1,
  overrides: {
    'documents.process': { expireInSeconds: 6, retryDelaySeconds: 1 },
    'contact.purge': { cron: '* * * * *' },
    'stored-objects.purge': { cron: '* * * * *' },
  },
} as const;
