import type { AccountDataPart } from '../../core/account-data.ts';

/** Goals and their progress entries in the account's export; they go with their child. */
export const goalsAccountData: AccountDataPart = {
  feature: 'goals',
  kinds: [
    { name: 'goals', table: 'goals', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
    { name: 'progressEntries', table: 'progressEntries', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
  ],
};
