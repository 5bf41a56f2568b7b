import type { AccountDataPart } from '../../core/account-data.ts';

/** Reimbursements in the account's export (decision 0103): every table, going with its child. Documents stay the vault's. */
export const reimbursementsAccountData: AccountDataPart = {
  feature: 'reimbursements',
  kinds: [
    { name: 'fundingSources', table: 'fundingSources', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
    { name: 'expenses', table: 'expenses', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
    { name: 'expenseDocuments', table: 'expenseDocuments', orderBy: ['expenseId', 'documentId'] },
    { name: 'claims', table: 'claims', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
    { name: 'claimStatusChanges', table: 'claimStatusChanges', orderBy: ['id'], authors: { createdBy: 'by' } },
    { name: 'claimPayments', table: 'claimPayments', orderBy: ['id'], authors: { createdBy: 'addedBy' } },
  ],
};
