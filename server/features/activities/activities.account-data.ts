import type { AccountDataPart } from '../../core/account-data.ts';

/**
 * The activity log of the account's children: every entry whose `owner_id` is the account, including
 * any that outlived its child, so all of them are exported and deleted with the account. Who made each
 * entry, and whom an access entry is about (decision 0072), are written as names.
 */
export const activitiesAccountData: AccountDataPart = {
  feature: 'activities',
  kinds: [
    {
      name: 'activities',
      table: 'activities',
      ownerColumn: 'ownerId',
      orderBy: ['id'],
      authors: { actorId: 'actor', subjectUserId: 'subjectPerson' },
    },
  ],
};
