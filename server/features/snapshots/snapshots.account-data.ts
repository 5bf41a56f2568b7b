import type { AccountDataPart } from '../../core/account-data.ts';

/** The children's snapshots (decision 0107), in the account's export; they go with their child. Their links are core's part (shareLinks). */
export const snapshotsAccountData: AccountDataPart = {
  feature: 'snapshots',
  kinds: [{ name: 'snapshots', table: 'snapshots', orderBy: ['id'], authors: { createdBy: 'addedBy' } }],
};
