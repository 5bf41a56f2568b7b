import type { AccountDataPart } from '../../core/account-data.ts';

/** The person's email choices and what was sent to them; all of it goes with the account (cascades from users). */
export const notificationsAccountData: AccountDataPart = {
  feature: 'notifications',
  kinds: [
    { name: 'notificationSettings', table: 'notificationSettings', ownerColumn: 'userId', orderBy: ['userId'] },
    { name: 'milestoneRemindersSent', table: 'milestoneRemindersSent', ownerColumn: 'userId', orderBy: ['milestoneId', 'daysBefore'] },
    { name: 'weeklyDigestsSent', table: 'weeklyDigestsSent', ownerColumn: 'userId', orderBy: ['childId', 'weekStart'] },
  ],
};
