import type { AccountDataPart } from '../../core/account-data.ts';
import { forgetAcceptedInviteAddresses } from './caregivers.repository.ts';

/**
 * Who had access to the account's children, and the invitations the parent sent, in the export (their
 * links, with expiry and cancellation, are share links). Access goes with its child; invitations with
 * the account that sent them.
 */
export const caregiversAccountData: AccountDataPart = {
  feature: 'caregivers',
  kinds: [
    { name: 'childAccess', table: 'childAccess', orderBy: ['childId', 'userId'] },
    { name: 'invites', table: 'invites', ownerColumn: 'invitedBy', orderBy: ['id'] },
    { name: 'inviteChildren', table: 'inviteChildren', orderBy: ['inviteId', 'childId'] },
  ],
  // An invitation someone else sent stays theirs, but the address the account accepted it at goes.
  deleteAccount: (trx, account) => forgetAcceptedInviteAddresses(trx, account.ownerId),
};
