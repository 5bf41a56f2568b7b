import { DIGEST_MILESTONE_DAYS, type ReminderDays } from '#shared/schemas/notifications.ts';

/** The words of the Notifications section in Settings. */
export const DIGEST_WORDS = {
  label: 'Weekly digest',
  description: `On Mondays, an email about each child\u2019s past week: wins first, then observations, progress, and the milestones in the next ${DIGEST_MILESTONE_DAYS} days.`,
} as const;

export const FORM_ANSWER_WORDS = {
  label: 'Tell me when a form is answered',
  description:
    'An email when a teacher or therapist answers one of your forms, so you can approve it on the Snapshots page. It never includes their answers.',
} as const;

export const REMINDER_WORDS: Record<ReminderDays, string> = {
  30: '30 days before',
  7: '7 days before',
  1: 'The day before',
};

export const MAIL_NOT_SET_UP =
  'This Trelli server is not set up to send email, so no notifications go out for now. Your choices are kept and apply once whoever runs Trelli sets up mail.';
