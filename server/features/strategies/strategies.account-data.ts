import type { AccountDataPart } from '../../core/account-data.ts';

/** Strategies and the goals each supports, in the account's export; they go with their child. */
export const strategiesAccountData: AccountDataPart = {
  feature: 'strategies',
  kinds: [
    { name: 'strategies', table: 'strategies', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
    { name: 'strategyGoals', table: 'strategyGoals', orderBy: ['strategyId', 'goalId'] },
  ],
};
