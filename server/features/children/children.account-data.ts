import type { AccountDataPart } from '../../core/account-data.ts';

/** The children's profiles in the account's export; deleting the account's row deletes them (and their records) by cascade. */
export const childrenAccountData: AccountDataPart = {
  feature: 'children',
  kinds: [{ name: 'children', table: 'children', childColumn: 'id', orderBy: ['id'] }],
};
