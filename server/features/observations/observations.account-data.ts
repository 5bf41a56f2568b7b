import type { AccountDataPart } from '../../core/account-data.ts';

/** Observations in the account's export; they go with their child. */
export const observationsAccountData: AccountDataPart = {
  feature: 'observations',
  kinds: [{ name: 'observations', table: 'observations', orderBy: ['id'], authors: { createdBy: 'addedBy' } }],
};
