import type { RecipientRole } from '#shared/schemas/entry-source.ts';
import type { ReminderDays } from '#shared/schemas/notifications.ts';
import type { MailMessage } from '../../core/mail.ts';

/*
 * The words of the reminder and digest emails: plain text, short sentences, nothing that reads as a
 * warning. Each ends with where to change or stop it. Pure functions, so a unit test reads them.
 */

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Tuesday, December 15, 2026" for 2026-12-15. */
export function longDay(isoDay: string): string {
  return DAY.format(new Date(`${isoDay}T00:00:00Z`));
}

function shortDay(isoDay: string): string {
  return SHORT_DAY.format(new Date(`${isoDay}T00:00:00Z`));
}

const WHEN: Record<ReminderDays, string> = { 30: 'in 30 days', 7: 'in a week', 1: 'tomorrow' };
const SETTING_WORDS: Record<ReminderDays, string> = {
  30: 'reminders 30 days before a milestone',
  7: 'reminders 7 days before a milestone',
  1: 'reminders the day before a milestone',
};

/** Possessive of a first name: "Maya’s", "James’". */
function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}\u2019` : `${name}\u2019s`;
}

function footer(appUrl: string, why: string): string[] {
  return [
    '',
    '--',
    `You get this email because ${why} are on in Trelli.`,
    `To change or stop these emails, go to Settings: ${appUrl}/settings`,
  ];
}

export interface ReminderEmail {
  to: string;
  childFirstName: string;
  title: string;
  dueDate: string;
  whatToDo: string | null;
  daysBefore: ReminderDays;
  /** Days until it is due when the reminder goes: fewer than `daysBefore` when its day was missed. */
  daysLeft?: number;
}

/** "in 30 days", "in a week", "tomorrow", or the days left for a reminder sent late. */
function whenOf(daysLeft: number): string {
  if (daysLeft === 1) return 'tomorrow';
  if (daysLeft === 7) return 'in a week';
  return `in ${daysLeft} days`;
}

export function reminderEmail(reminder: ReminderEmail, appUrl: string): MailMessage {
  const { childFirstName: name, dueDate, daysBefore } = reminder;
  const title = oneLine(reminder.title);
  const when = reminder.daysLeft === undefined || reminder.daysLeft === daysBefore ? WHEN[daysBefore] : whenOf(reminder.daysLeft);
  const whatToDo = reminder.whatToDo?.trim();
  return {
    to: reminder.to,
    subject: `${possessive(name)} ${title}: ${when}`,
    text: [
      'Hello,',
      '',
      `A gentle reminder: "${title}" on ${possessive(name)} roadmap is ${when}, on ${longDay(dueDate)}.`,
      ...(whatToDo ? ['', 'What you can do to get ready:', whatToDo] : []),
      '',
      `See ${possessive(name)} roadmap: ${appUrl}/roadmap`,
      'If it is already taken care of, it can be marked done there, and no more reminders about it will come.',
      ...footer(appUrl, SETTING_WORDS[daysBefore]),
    ].join('\n'),
  };
}

export interface DigestEmail {
  to: string;
  childFirstName: string;
  /** Monday of the week told about, and its Sunday (YYYY-MM-DD). */
  weekStart: string;
  weekEnd: string;
  wins: { what: string }[];
  winCount: number;
  observationCount: number;
  progress: { goalTitle: string; value: number; unit: string | null; recordedOn: string }[];
  progressCount: number;
  milestones: { title: string; dueDate: string }[];
  milestoneDays: number;
}

/** Text a parent typed, on one line (a subject or a list item). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "and 3 more" under a list cut short. */
function more(listed: number, total: number): string[] {
  return total > listed ? [`  ...and ${total - listed} more`] : [];
}

/** Wins first, then the week's notes, the progress recorded, and the milestones coming up. */
export function digestEmail(digest: DigestEmail, appUrl: string): MailMessage {
  const name = digest.childFirstName;
  const week = `${shortDay(digest.weekStart)} to ${shortDay(digest.weekEnd)}`;
  const wins =
    digest.winCount === 0
      ? ['Wins', 'No wins were marked this week. When something goes well, mark it as a win and it will be here.']
      : [
          `Wins (${digest.winCount})`,
          ...digest.wins.map((win) => `  * ${oneLine(win.what)}`),
          ...more(digest.wins.length, digest.winCount),
        ];
  const notes =
    digest.observationCount === 0
      ? 'No observations were logged this week.'
      : `${plural(digest.observationCount, 'observation was', 'observations were')} logged this week.`;
  const progress =
    digest.progressCount === 0
      ? ['Progress', 'No progress was recorded on goals this week.']
      : [
          `Progress (${digest.progressCount})`,
          ...digest.progress.map(
            (entry) =>
              `  * ${oneLine(entry.goalTitle)}: ${entry.value}${entry.unit ? ` ${entry.unit}` : ''} (${shortDay(entry.recordedOn)})`,
          ),
          ...more(digest.progress.length, digest.progressCount),
        ];
  const milestones =
    digest.milestones.length === 0
      ? ['Coming up', `Nothing on the roadmap in the next ${digest.milestoneDays} days.`]
      : [
          `Coming up in the next ${digest.milestoneDays} days`,
          ...digest.milestones.map((milestone) => `  * ${shortDay(milestone.dueDate)}: ${oneLine(milestone.title)}`),
        ];
  return {
    to: digest.to,
    subject: `${possessive(name)} week in Trelli (${week})`,
    text: [
      'Hello,',
      '',
      `Here is ${possessive(name)} week, ${week}.`,
      '',
      ...wins,
      '',
      'Observations',
      notes,
      '',
      ...progress,
      '',
      ...milestones,
      '',
      `Open Trelli: ${appUrl}/app`,
      ...footer(appUrl, 'weekly digests'),
    ].join('\n'),
  };
}

export interface FormAnswerEmail {
  to: string;
  childFirstName: string;
  formTitle: string;
  recipientName: string;
  recipientRole: RecipientRole;
}

/**
 * An answer arrived: who answered which form, about whom, and where to approve it. Never the answer:
 * it is what the teacher said, unapproved yet, and mail goes through servers Trelli does not keep.
 */
export function formAnswerEmail(answer: FormAnswerEmail, appUrl: string): MailMessage {
  const who = `${oneLine(answer.recipientName)} (${answer.recipientRole})`;
  const form = `\u201c${oneLine(answer.formTitle)}\u201d`;
  return {
    to: answer.to,
    subject: `${who} answered ${form} about ${answer.childFirstName}`,
    text: [
      'Hello,',
      '',
      `${who} answered ${form} about ${answer.childFirstName}.`,
      '',
      'The answer waits for you in Trelli: open the Snapshots page to approve it into the record or leave it out.',
      `${appUrl}/snapshots`,
      ...footer(appUrl, 'emails about form answers'),
    ].join('\n'),
  };
}
