import { z } from 'zod';
import { RECIPIENT_ROLES } from '#shared/schemas/entry-source.ts';
import { defineJob, type JobDefinition, type JobKind } from '../../core/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { NotificationsService, SendSummary } from './notifications.service.ts';

/** When the jobs run (UTC): 13:00 is the morning across the Americas and the afternoon in Europe. */
export const REMINDERS_CRON = '0 13 * * *';
/** Mondays: the digest tells about the week (Monday to Sunday, UTC) that just ended. */
export const DIGEST_CRON = '0 13 * * 1';
/**
 * A run whose mail did not all go is retried over hours, not seconds: first after about 5 minutes,
 * doubling up to 2 hours apart, 8 times (the last 8.5 to 10.5 hours after the run, jittered). What went is not sent again.
 */
const MAIL_JOB_RETRIES = { retryLimit: 8, retryDelaySeconds: 5 * 60, retryDelayMaxSeconds: 2 * 60 * 60 };

/**
 * Tells one person that a form answer arrived (one job per person, so a retry mails only whom it
 * missed). Carries ids and what the subject names, never the answer; `ownerId` is the child's owner,
 * so deleting that account deletes its jobs.
 */
export const formAnswerJob = {
  name: 'notifications.form-answer',
  schema: z.object({
    ownerId: z.string(),
    userId: z.string(),
    childId: z.number().int(),
    formId: z.number().int(),
    responseId: z.number().int(),
    formTitle: z.string(),
    recipientName: z.string(),
    recipientRole: z.enum(RECIPIENT_ROLES),
  }),
} satisfies JobKind;
export type FormAnswerJob = z.output<typeof formAnswerJob.schema>;

export function notificationsJobs(deps: {
  notifications: Pick<NotificationsService, 'sendReminders' | 'sendDigests' | 'sendFormAnswer'>;
  log: Logger;
}): JobDefinition[] {
  /** A run whose mail could not all go fails, so pg-boss tries it again (what went is not sent twice). */
  const failUnlessSent = (job: string, summary: SendSummary) => {
    if (summary.noAddress > 0) deps.log.info({ job, people: summary.noAddress }, 'notifications skipped: no email address known');
    if (summary.failed > 0) throw new Error(`${summary.failed} of ${summary.sent + summary.failed} notification emails did not go`);
  };
  return [
    defineJob({
      name: 'notifications.milestone-reminders',
      schema: z.unknown(),
      cron: REMINDERS_CRON,
      ...MAIL_JOB_RETRIES,
      async handle() {
        failUnlessSent('notifications.milestone-reminders', await deps.notifications.sendReminders());
      },
    }),
    defineJob({
      name: 'notifications.weekly-digest',
      schema: z.unknown(),
      cron: DIGEST_CRON,
      ...MAIL_JOB_RETRIES,
      async handle() {
        failUnlessSent('notifications.weekly-digest', await deps.notifications.sendDigests());
      },
    }),
    defineJob({
      ...formAnswerJob,
      ...MAIL_JOB_RETRIES,
      async handle(data) {
        failUnlessSent(formAnswerJob.name, await deps.notifications.sendFormAnswer(data));
      },
    }),
  ];
}
