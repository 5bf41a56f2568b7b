import type { AccountDataPart } from '../../core/account-data.ts';

/** The children's medications, in the account's export; they go with their child. */
export const medicationsAccountData: AccountDataPart = {
  feature: 'medications',
  kinds: [{ name: 'medications', table: 'medications', orderBy: ['id'], authors: { createdBy: 'addedBy' } }],
};
