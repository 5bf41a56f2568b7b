import { addDays, daysBetween } from '#shared/calendar.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type { RecipientRole } from '#shared/schemas/entry-source.ts';
import { formResponseActions } from '#shared/schemas/form.ts';
import {
  DIGEST_MILESTONE_DAYS,
  NOTIFICATION_DEFAULTS,
  REMINDER_DAYS,
  REMINDER_SETTING,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '#shared/schemas/notifications.ts';
import { CHILD_ROLES, mayDo } from '#shared/schemas/roles.ts';
import type { AuthProvider } from '../../auth/auth-provider.ts';
import type { ChildNowParts, ChildNowReader } from '../../core/child-now.ts';
import { weekStart } from '../../core/dates.ts';
import type { Jobs } from '../../core/jobs.ts';
import type { MailMessage, Mailer } from '../../core/mail.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { digestEmail, formAnswerEmail, reminderEmail } from './notification-emails.ts';
import { formAnswerJob, type FormAnswerJob } from './notifications.jobs.ts';
import * as notifications from './notifications.repository.ts';

/** Wins and progress entries listed in a digest (the counts are complete). */
const DIGEST_LIST_LIMIT = 10;
/**
 * A reminder whose day was missed (the mail server was down all day, the server was off) is still sent
 * this many days later while its milestone is ahead, saying how many days are left. Under 6, so the
 * 7-day and 1-day reminders of one milestone are never both owed.
 */
export const REMINDER_CATCH_UP_DAYS = 5;
/** What was sent is remembered this long: a reminder that old was for a date long past. */
const REMEMBER_SENT_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const ACCOUNT_GONE = 'This account no longer exists.';

/** What a digest tells about one child's week, and the milestones coming up. */
type DigestContent = ChildNowParts['week'] & { milestones: ChildNowParts['milestonesDue'] };

/** Who is told of a form answer: whoever may approve it. */
const FORM_ANSWER_ROLES = CHILD_ROLES.filter((role) => mayDo(role, formResponseActions.approve));

/** A smart form's answer that just arrived, as the forms feature tells it (never the answer's text). */
export interface ArrivedFormAnswer {
  /** The child's owner. */
  ownerId: string;
  childId: number;
  formId: number;
  responseId: number;
  formTitle: string;
  recipientName: string;
  recipientRole: RecipientRole;
}

/** What one run of a job did: mails that went, that could not go (retried), and people with no address to send to. */
export interface SendSummary {
  sent: number;
  failed: number;
  noAddress: number;
}

/**
 * Email notifications (issue 10, decisions 0062 and 0063): each person's choices, the milestone
 * reminders (daily) and the weekly digest (Mondays), sent by background jobs on pg-boss's cron
 * (notifications.jobs.ts). Each mail is claimed in a table of what was sent before it goes, so none
 * goes twice; a claim whose mail did not go is released for the job's retry.
 */
export function createNotificationsService(deps: {
  db: Db;
  /** What a digest tells of a child's week (core/child-now.ts). */
  childNow: ChildNowReader;
  auth: AuthProvider;
  mailer: Mailer;
  /** Where links point: APP_ORIGIN, else this server's local address. */
  appUrl: string;
  jobs: Pick<Jobs, 'send'>;
  log: Logger;
  now?: () => Date;
}) {
  const { db, auth, mailer, appUrl, jobs, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Claims, sends, and releases the claim when the mail did not go. Without SMTP nothing is claimed:
   * the mailer logs "not sent" and the same mail is due again if mail is set up before its day ends.
   */
  async function deliver(
    message: MailMessage | null,
    what: string,
    claim: () => Promise<boolean>,
    release: () => Promise<void>,
    summary: SendSummary,
  ): Promise<void> {
    if (!message) {
      summary.noAddress += 1;
      return;
    }
    if (!mailer.configured) {
      await mailer.send(message, what);
      return;
    }
    if (!(await claim())) return;
    if ((await mailer.send(message, what)) === 'sent') {
      summary.sent += 1;
      return;
    }
    await release();
    summary.failed += 1;
  }

  /**
   * Reminders for the open milestones due 30, 7 and 1 days after `at`'s day (UTC), and those a missed
   * run owed (REMINDER_CATCH_UP_DAYS), to each person who has that one on.
   */
  async function sendReminders(at: Date = now()): Promise<SendSummary> {
    const summary: SendSummary = { sent: 0, failed: 0, noAddress: 0 };
    const today = todayIso(at);
    for (const daysBefore of REMINDER_DAYS) {
      const setting = REMINDER_SETTING[daysBefore];
      const due = await notifications.dueReminders(db, {
        today,
        catchUpDays: REMINDER_CATCH_UP_DAYS,
        daysBefore,
        setting,
        fallback: NOTIFICATION_DEFAULTS[setting],
      });
      for (const reminder of due) {
        const daysLeft = daysBetween(today, reminder.dueDate);
        const message = reminder.email
          ? reminderEmail({ ...reminder, to: reminder.email, childFirstName: reminder.firstName, daysBefore, daysLeft }, appUrl)
          : null;
        await deliver(
          message,
          'milestone reminder',
          () => notifications.claimReminder(db, reminder.userId, reminder.milestoneId, daysBefore, at),
          () => notifications.releaseReminder(db, reminder.userId, reminder.milestoneId, daysBefore),
          summary,
        );
      }
    }
    await notifications.forgetSentBefore(db, new Date(at.getTime() - REMEMBER_SENT_DAYS * DAY_MS));
    return summary;
  }

  /** The digest of the week before `at`'s (Monday to Sunday, UTC) about each child, to each person with access who has it on. */
  async function sendDigests(at: Date = now()): Promise<SendSummary> {
    const summary: SendSummary = { sent: 0, failed: 0, noAddress: 0 };
    const thisWeek = weekStart(at);
    const lastWeek = addDays(thisWeek, -7);
    const today = todayIso(at);
    const request = {
      week: { from: lastWeek, to: thisWeek, listLimit: DIGEST_LIST_LIMIT },
      milestonesDue: { from: today, to: addDays(today, DIGEST_MILESTONE_DAYS) },
    };
    // Everyone with access to a child reads the same week: it is read once per child, in one statement.
    const contents = new Map<number, Promise<DigestContent>>();
    const contentOf = (childId: number) => {
      let content = contents.get(childId);
      if (!content) {
        content = deps.childNow.read(childId, request).then(({ week, milestonesDue }) => ({ ...week, milestones: milestonesDue }));
        contents.set(childId, content);
      }
      return content;
    };
    for (const recipient of await notifications.digestRecipients(db, lastWeek, NOTIFICATION_DEFAULTS.weeklyDigest)) {
      const message = recipient.email
        ? digestEmail(
            {
              ...(await contentOf(recipient.childId)),
              to: recipient.email,
              childFirstName: recipient.firstName,
              weekStart: lastWeek,
              weekEnd: addDays(thisWeek, -1),
              milestoneDays: DIGEST_MILESTONE_DAYS,
            },
            appUrl,
          )
        : null;
      await deliver(
        message,
        'weekly digest',
        () => notifications.claimDigest(db, recipient.userId, recipient.childId, lastWeek, at),
        () => notifications.releaseDigest(db, recipient.userId, recipient.childId, lastWeek),
        summary,
      );
    }
    return summary;
  }

  /**
   * Queues one mail per person who may approve the answer (an updater or an owner of the child) and
   * has form answers on. Without mail nothing is queued. A failure to queue is logged, not thrown:
   * the answer is saved already, and the teacher who sent it must not see an error for our mail.
   */
  async function formAnswerArrived(answer: ArrivedFormAnswer): Promise<void> {
    if (!mailer.configured) return;
    try {
      const recipients = await notifications.formAnswerRecipients(db, answer.childId, FORM_ANSWER_ROLES, NOTIFICATION_DEFAULTS.formAnswers);
      for (const recipient of recipients) {
        const { ownerId, childId, formId, responseId, formTitle, recipientName, recipientRole } = answer;
        await jobs.send(formAnswerJob, {
          ownerId,
          userId: recipient.userId,
          childId,
          formId,
          responseId,
          formTitle,
          recipientName,
          recipientRole,
        });
      }
    } catch (error) {
      log.warn({ err: error, responseId: answer.responseId }, 'could not queue the form answer emails');
    }
  }

  /** The `notifications.form-answer` job: mails one person, if they still may approve and still want it. */
  async function sendFormAnswer(job: FormAnswerJob): Promise<SendSummary> {
    const summary: SendSummary = { sent: 0, failed: 0, noAddress: 0 };
    const recipients = await notifications.formAnswerRecipients(db, job.childId, FORM_ANSWER_ROLES, NOTIFICATION_DEFAULTS.formAnswers);
    const recipient = recipients.find((person) => person.userId === job.userId);
    if (!recipient) return summary;
    const message = recipient.email ? formAnswerEmail({ ...job, to: recipient.email, childFirstName: recipient.firstName }, appUrl) : null;
    // One job per answer and person: a retry is the only second attempt, so no claim is kept.
    await deliver(
      message,
      'form answer',
      async () => true,
      async () => {},
      summary,
    );
    return summary;
  }

  return {
    /** The person's choices (the defaults until they choose), and whether this server sends mail at all. */
    async get(userId: string): Promise<NotificationSettings> {
      const saved = await notifications.findSettings(db, userId);
      return { ...(saved ?? NOTIFICATION_DEFAULTS), mailConfigured: mailer.configured };
    },

    /**
     * Changes some choices. These are the person's own (not a child's record), so no child's activity
     * or audit log records them (decision 0062).
     */
    async update(userId: string, change: NotificationSettingsUpdate): Promise<NotificationSettings> {
      const saved = await db.transaction().execute(async (trx) => {
        // Creates a Clerk account's row when first seen; a deleted built-in account has none.
        if (!(await auth.lockAccount(trx, userId))) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
        return notifications.saveSettings(trx, userId, { ...NOTIFICATION_DEFAULTS, ...change }, change, now());
      });
      return { ...saved, mailConfigured: mailer.configured };
    },

    sendReminders,
    sendDigests,
    formAnswerArrived,
    sendFormAnswer,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
