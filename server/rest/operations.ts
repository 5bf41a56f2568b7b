import { accountDataOperations } from '../features/account-data/account-data.rest.ts';
import { authOperations } from '../features/accounts/accounts.rest.ts';
import { activitiesOperations } from '../features/activities/activities.rest.ts';
import { caregiversOperations } from '../features/caregivers/caregivers.rest.ts';
import { childrenOperations } from '../features/children/children.rest.ts';
import { configOperations } from '../features/config/config.rest.ts';
import { contactOperations } from '../features/contact/contact.rest.ts';
import { dashboardOperations } from '../features/dashboard/dashboard.rest.ts';
import { documentsOperations } from '../features/documents/documents.rest.ts';
import { goalsOperations } from '../features/goals/goals.rest.ts';
import { guideOperations } from '../features/guide/guide.rest.ts';
import { medicationsOperations } from '../features/medications/medications.rest.ts';
import { milestonesOperations } from '../features/milestones/milestones.rest.ts';
import { notificationsOperations } from '../features/notifications/notifications.rest.ts';
import { observationsOperations } from '../features/observations/observations.rest.ts';
import { peopleOperations } from '../features/people/people.rest.ts';
import { strategiesOperations } from '../features/strategies/strategies.rest.ts';
import type { Services } from '../services.ts';
import type { RestOperation } from './operation.ts';
import type { RateLimiters } from './rate-limits.ts';

/** Every REST operation the server mounts and the OpenAPI document describes; built-in accounts add /api/auth/*. */
export function restOperations(services: Services, limits: RateLimiters, options: { httpsOrigin?: boolean } = {}): RestOperation[] {
  return [
    ...configOperations(services),
    ...(services.accounts ? authOperations(services.accounts, limits, options) : []),
    ...childrenOperations(services),
    ...observationsOperations(services),
    ...goalsOperations(services),
    ...strategiesOperations(services),
    ...milestonesOperations(services),
    ...activitiesOperations(services),
    ...dashboardOperations(services),
    ...medicationsOperations(services),
    ...peopleOperations(services),
    ...documentsOperations(services, limits),
    ...guideOperations(services),
    ...accountDataOperations(services),
    ...caregiversOperations(services),
    ...notificationsOperations(services),
    ...contactOperations(services, limits),
  ];
}
