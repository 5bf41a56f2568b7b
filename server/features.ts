import type { AccountDataPart } from './core/account-data.ts';
import type { ActivityTitle } from './core/feature.ts';
import type { JobDefinition } from './core/jobs.ts';
import { shareLinksAccountData } from './core/share-links.account-data.ts';
import { storedObjectsJobs } from './core/stored-objects.jobs.ts';
import type { StoredFiles } from './core/stored-objects.ts';
import { accountDataFeature } from './features/account-data/account-data.feature.ts';
import { accountsFeature } from './features/accounts/accounts.feature.ts';
import { activitiesFeature } from './features/activities/activities.feature.ts';
import { caregiversFeature } from './features/caregivers/caregivers.feature.ts';
import { childrenFeature } from './features/children/children.feature.ts';
import { configFeature } from './features/config/config.feature.ts';
import { contactFeature } from './features/contact/contact.feature.ts';
import { dashboardFeature } from './features/dashboard/dashboard.feature.ts';
import { documentsFeature } from './features/documents/documents.feature.ts';
import { everyChildFeature } from './features/every-child/every-child.feature.ts';
import { featureFlagsFeature } from './features/feature-flags/feature-flags.feature.ts';
import { goalsFeature } from './features/goals/goals.feature.ts';
import { guideFeature } from './features/guide/guide.feature.ts';
import { medicationsFeature } from './features/medications/medications.feature.ts';
import { milestonesFeature } from './features/milestones/milestones.feature.ts';
import { notificationsFeature } from './features/notifications/notifications.feature.ts';
import { observationsFeature } from './features/observations/observations.feature.ts';
import { peopleFeature } from './features/people/people.feature.ts';
import { strategiesFeature } from './features/strategies/strategies.feature.ts';
import { snapshotsFeature } from './features/snapshots/snapshots.feature.ts';
import { formResponsesFeature } from './features/forms/form-responses.feature.ts';
import { formsFeature } from './features/forms/forms.feature.ts';
import { fundingSourcesFeature } from './features/reimbursements/funding-sources.feature.ts';
import { expensesFeature } from './features/reimbursements/expenses.feature.ts';
import { claimsFeature } from './features/reimbursements/claims.feature.ts';
import { reimbursementsFeature } from './features/reimbursements/reimbursements.feature.ts';
import { fundingDeadlinesFeature } from './features/reimbursements/funding-deadlines.feature.ts';
import type { FeatureDeps, Services } from './services.ts';

/**
 * Every server feature (decision 0095): a new one is its folder and a line here. The order is the
 * OpenAPI document's and the export's (data.json, the CSV files); services are built in the order
 * their `needs` ask, whatever their place here.
 */
export const features = [
  featureFlagsFeature,
  configFeature,
  accountsFeature,
  childrenFeature,
  observationsFeature,
  goalsFeature,
  strategiesFeature,
  everyChildFeature,
  milestonesFeature,
  activitiesFeature,
  dashboardFeature,
  medicationsFeature,
  peopleFeature,
  documentsFeature,
  fundingSourcesFeature,
  expensesFeature,
  claimsFeature,
  reimbursementsFeature,
  fundingDeadlinesFeature,
  guideFeature,
  snapshotsFeature,
  formsFeature,
  formResponsesFeature,
  accountDataFeature,
  caregiversFeature,
  notificationsFeature,
  contactFeature,
] as const;

/**
 * Every part of "export everything" and "delete everything" (decision 0053): each feature's, in the
 * list's order, then the share links the account made (core/share-links.ts, no feature's own).
 */
export function accountDataParts(deps: { files: StoredFiles }): AccountDataPart[] {
  const featureParts = features.flatMap((feature) => {
    const part = feature.accountData;
    if (!part) return [];
    return [typeof part === 'function' ? part(deps) : part];
  });
  return [...featureParts, shareLinksAccountData];
}

/** How the activity feed names each kind of subject (decision 0102): each feature's declarations, for its one query. */
export const activityTitles: readonly ActivityTitle[] = features.flatMap((feature) => feature.activityTitles ?? []);

/**
 * Every background job (decision 0092), registered once the services are built: each feature's, in the
 * list's order, then the stored files' purges (core/stored-objects.jobs.ts, no feature's own).
 */
export function backgroundJobs(services: Services, deps: FeatureDeps): JobDefinition[] {
  return [...features.flatMap((feature) => feature.jobs?.(services, deps) ?? []), ...storedObjectsJobs(deps)];
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
    'funding-deadlines.sync': { cron: '* * * * *' },
  },
} as const;
