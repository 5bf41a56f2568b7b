import type { AccountDataPart } from '../../core/account-data.ts';

/**
 * The children's smart forms (decision 0109) in the account's export, with who each fill link was for
 * and every response with its answers; they go with their child. The links themselves (dates, uses,
 * never a token's hash) are core's part (shareLinks), named by `linkId`.
 */
export const formsAccountData: AccountDataPart = {
  feature: 'forms',
  kinds: [
    { name: 'forms', table: 'forms', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
    { name: 'formLinks', table: 'formLinks', orderBy: ['linkId'] },
    { name: 'formResponses', table: 'formResponses', orderBy: ['id'], authors: { decidedBy: 'decidedBy' } },
  ],
};
