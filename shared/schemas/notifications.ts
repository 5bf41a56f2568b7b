import { z } from 'zod';
import { patchOf } from './common.ts';

/** How many days before a milestone's date a reminder can go, each on or off; from the farthest. */
export const REMINDER_DAYS = [30, 7, 1] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

/** The setting that turns each reminder on or off. */
export const REMINDER_SETTING = {
  30: 'reminderThirtyDays',
  7: 'reminderSevenDays',
  1: 'reminderOneDay',
} as const satisfies Record<ReminderDays, string>;

/** How far ahead the weekly digest looks for milestones. */
export const DIGEST_MILESTONE_DAYS = 14;

const settingFields = {
  /** A weekly email about each child: wins first, then the week's notes, progress and the milestones coming up. */
  weeklyDigest: z.boolean(),
  /** An email 30 days before each milestone. */
  reminderThirtyDays: z.boolean(),
  /** An email 7 days before each milestone. */
  reminderSevenDays: z.boolean(),
  /** An email the day before each milestone. */
  reminderOneDay: z.boolean(),
  /** An email when a teacher or therapist answers a smart form (never the answer itself; decision 0109). */
  formAnswers: z.boolean(),
};

export type NotificationChoices = { [Key in keyof typeof settingFields]: boolean };

/** A person who has never chosen (decision 0062): the digest is asked for; the reminders are what a roadmap is for. */
export const NOTIFICATION_DEFAULTS = {
  weeklyDigest: false,
  reminderThirtyDays: true,
  reminderSevenDays: true,
  reminderOneDay: true,
  // An answer waits for the parent's approval: they are told it arrived unless they turn it off.
  formAnswers: true,
} as const satisfies NotificationChoices;

/** What `notifications.get` and GET /api/notifications answer: the person's choices, and whether this server sends mail. */
export const notificationSettingsSchema = z.object({
  ...settingFields,
  /** False when SMTP_URL and MAIL_FROM are not set on this server: nothing is emailed whatever is chosen. */
  mailConfigured: z.boolean(),
});

/** Input of `notifications.update` and the body of PUT /api/notifications: the choices to change, at least one. */
export const notificationSettingsUpdateSchema = patchOf(settingFields);

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type NotificationSettingsUpdate = z.output<typeof notificationSettingsUpdateSchema>;
