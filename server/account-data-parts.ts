import type { AccountDataPart } from './core/account-data.ts';
import type { StoredFiles } from './core/stored-objects.ts';
import { activitiesAccountData } from './features/activities/activities.account-data.ts';
import { caregiversAccountData } from './features/caregivers/caregivers.account-data.ts';
import { childrenAccountData } from './features/children/children.account-data.ts';
import { contactAccountData } from './features/contact/contact.account-data.ts';
import { documentsAccountData } from './features/documents/documents.account-data.ts';
import { goalsAccountData } from './features/goals/goals.account-data.ts';
import { medicationsAccountData } from './features/medications/medications.account-data.ts';
import { milestonesAccountData } from './features/milestones/milestones.account-data.ts';
import { notificationsAccountData } from './features/notifications/notifications.account-data.ts';
import { observationsAccountData } from './features/observations/observations.account-data.ts';
import { peopleAccountData } from './features/people/people.account-data.ts';
import { strategiesAccountData } from './features/strategies/strategies.account-data.ts';

/**
 * Every feature's part of "export everything" and "delete everything" (decision 0053), in the order
 * the export writes them. A feature with records of its own adds its part here: one line.
 */
export function accountDataParts(deps: { files: StoredFiles }): AccountDataPart[] {
  return [
    childrenAccountData,
    observationsAccountData,
    goalsAccountData,
    strategiesAccountData,
    milestonesAccountData,
    documentsAccountData(deps.files),
    medicationsAccountData,
    peopleAccountData,
    caregiversAccountData,
    notificationsAccountData,
    activitiesAccountData,
    contactAccountData,
  ];
}
