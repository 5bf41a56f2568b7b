import type { AccountDataPart } from '../../core/account-data.ts';
import { deleteContactMessagesFrom } from './contact.repository.ts';

/**
 * Messages sent through the public contact form are not part of an account, but they carry the sender's
 * address: deleting an account deletes the messages sent from its sign-in email (decision 0054).
 */
export const contactAccountData: AccountDataPart = {
  feature: 'contact',
  kinds: [],
  async deleteAccount(trx, account) {
    if (account.email) await deleteContactMessagesFrom(trx, account.email);
  },
};
