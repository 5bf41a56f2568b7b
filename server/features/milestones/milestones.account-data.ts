import type { AccountDataPart } from '../../core/account-data.ts';

/** The roadmap in the account's export: milestones, and the suggestions a parent dismissed; they go with their child. */
export const milestonesAccountData: AccountDataPart = {
  feature: 'milestones',
  kinds: [
    { name: 'milestones', table: 'milestones', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
    { name: 'dismissedMilestones', table: 'dismissedMilestones', orderBy: ['childId', 'ruleKey'] },
  ],
};
