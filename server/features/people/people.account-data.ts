import type { AccountDataPart } from '../../core/account-data.ts';

/** The children's people (teachers, therapists, doctors...), in the account's export; they go with their child. */
export const peopleAccountData: AccountDataPart = {
  feature: 'people',
  kinds: [{ name: 'childPeople', table: 'childPeople', orderBy: ['id'], authors: { createdBy: 'addedBy' } }],
};
