import type { AccountDataPart } from './account-data.ts';

/**
 * The links the account made (decision 0089): their purpose, what each opens, expiry, cancellation and
 * uses, never a token's hash. They go with the account's row (and a child's with the child).
 */
export const shareLinksAccountData: AccountDataPart = {
  feature: 'share-links',
  kinds: [{ name: 'shareLinks', table: 'shareLinks', ownerColumn: 'createdBy', orderBy: ['id'], omit: ['tokenHash'] }],
};
