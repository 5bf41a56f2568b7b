import type { AccountDataPart } from '../../core/account-data.ts';

/**
 * The activity log of the account's children: every entry whose `owner_id` is the account, including
 * any that outlived its child, so all of them are exported and deleted with the account.
 */
export const activitiesAccountData: AccountDataPart = {
  feature: 'activities',
  kinds: [{ name: 'activities', table: 'activities', ownerColumn: 'ownerId', orderBy: ['id'], authors: { actorId: 'actor' } }],
};
