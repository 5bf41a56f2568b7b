import { sql } from 'kysely';
import { addDays } from '#shared/calendar.ts';
import { OPEN_MILESTONE_STATUSES, type MILESTONE_CATEGORIES } from '#shared/schemas/milestone.ts';
import type { NotificationChoices, NotificationSettingsUpdate } from '#shared/schemas/notifications.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import type { Db } from '../../db/database.ts';

/** Every choice's column, as NotificationChoices names them. */
const CHOICE_COLUMNS = [
  'weeklyDigest',
  'reminderThirtyDays',
  'reminderSevenDays',
  'reminderOneDay',
  'formAnswers',
] as const satisfies readonly (keyof NotificationChoices)[];

/** The person's saved choices; undefined when they have never chosen. */
export async function findSettings(db: Db, userId: string): Promise<NotificationChoices | undefined> {
  return db.selectFrom('notificationSettings').select(CHOICE_COLUMNS).where('userId', '=', userId).executeTakeFirst();
}

/**
 * Saves the changed choices in one statement: a first save writes `initial` (the defaults with the
 * change), a later one sets only the changed columns, so two saves at once each keep their change.
 */
export async function saveSettings(
  db: Db,
  userId: string,
  initial: NotificationChoices,
  change: NotificationSettingsUpdate,
  now: Date,
): Promise<NotificationChoices> {
  return db
    .insertInto('notificationSettings')
    .values({ userId, ...initial, updatedAt: now })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet({ ...change, updatedAt: now }))
    .returning(CHOICE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A person's email address: their sign-in address, else (with Clerk) the one an invitation to one of their children went to. */
function recipientEmail() {
  return sql<string | null>`coalesce(u.email, (
    SELECT ia.invited_as FROM child_access ia WHERE ia.user_id = u.id AND ia.invited_as IS NOT NULL ORDER BY ia.created_at, ia.id LIMIT 1
  ))`;
}

/** A setting's value for a person, their default when they never chose. */
function choice(column: keyof NotificationChoices, fallback: boolean) {
  return sql<boolean>`coalesce(${sql.ref(`ns.${column}`)}, ${fallback})`;
}

export interface DueReminder {
  userId: string;
  email: string | null;
  childId: number;
  firstName: string;
  milestoneId: number;
  title: string;
  category: (typeof MILESTONE_CATEGORIES)[number];
  dueDate: string;
  whatToDo: string | null;
}

/**
 * Everyone owed the `daysBefore` reminder of an open milestone on `today`: its reminder day (`daysBefore`
 * days before it is due) is today or one of the `catchUpDays` before (a run missed in a mail outage),
 * the milestone is not yet reached, and it existed by the end of its reminder day (so a milestone added
 * later does not get a reminder no run owed). Each person with access to its child whose `setting` is
 * on (`fallback` when never chosen), not yet sent it.
 */
export async function dueReminders(
  db: Db,
  query: { today: string; catchUpDays: number; daysBefore: number; setting: keyof NotificationChoices; fallback: boolean },
): Promise<DueReminder[]> {
  const { today, daysBefore } = query;
  return db
    .selectFrom('milestones as m')
    .innerJoin('children as c', 'c.id', 'm.childId')
    .innerJoin('childAccess as a', 'a.childId', 'm.childId')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .leftJoin('notificationSettings as ns', 'ns.userId', 'a.userId')
    .select(['a.userId', 'c.id as childId', 'c.firstName', 'm.id as milestoneId', 'm.title', 'm.category', 'm.dueDate', 'm.whatToDo'])
    .select(recipientEmail().as('email'))
    .where('m.dueDate', '<=', addDays(today, daysBefore))
    .where('m.dueDate', '>=', addDays(today, daysBefore - query.catchUpDays))
    .where('m.dueDate', '>', today)
    .where(sql<boolean>`m.created_at < ((m.due_date - ${daysBefore}::int + 1)::timestamp AT TIME ZONE 'UTC')`)
    .where('m.status', 'in', OPEN_MILESTONE_STATUSES)
    .where(choice(query.setting, query.fallback), '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('milestoneRemindersSent as s')
            .select(sql`1`.as('one'))
            .whereRef('s.userId', '=', 'a.userId')
            .whereRef('s.milestoneId', '=', 'm.id')
            .where('s.daysBefore', '=', query.daysBefore),
        ),
      ),
    )
    .orderBy('a.userId')
    .orderBy('m.id')
    .execute();
}

/** Marks the reminder as sent; false when it already was (another run got there first). */
export async function claimReminder(db: Db, userId: string, milestoneId: number, daysBefore: number, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('milestoneRemindersSent')
    .values({ userId, milestoneId, daysBefore, sentAt: now })
    .onConflict((conflict) => conflict.doNothing())
    .returning('milestoneId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets a claim whose mail did not go, so a retry sends it. */
export async function releaseReminder(db: Db, userId: string, milestoneId: number, daysBefore: number): Promise<void> {
  await db
    .deleteFrom('milestoneRemindersSent')
    .where('userId', '=', userId)
    .where('milestoneId', '=', milestoneId)
    .where('daysBefore', '=', daysBefore)
    .execute();
}

export interface DigestRecipient {
  userId: string;
  email: string | null;
  childId: number;
  firstName: string;
}

/** Each person with the digest on (`fallback` when never chosen) and each child they have access to, not yet sent this week's. */
export async function digestRecipients(db: Db, weekStart: string, fallback: boolean): Promise<DigestRecipient[]> {
  return db
    .selectFrom('childAccess as a')
    .innerJoin('children as c', 'c.id', 'a.childId')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .leftJoin('notificationSettings as ns', 'ns.userId', 'a.userId')
    .select(['a.userId', 'c.id as childId', 'c.firstName'])
    .select(recipientEmail().as('email'))
    .where(choice('weeklyDigest', fallback), '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('weeklyDigestsSent as s')
            .select(sql`1`.as('one'))
            .whereRef('s.userId', '=', 'a.userId')
            .whereRef('s.childId', '=', 'a.childId')
            .where('s.weekStart', '=', weekStart),
        ),
      ),
    )
    .orderBy('a.userId')
    .orderBy('c.id')
    .execute();
}

export async function claimDigest(db: Db, userId: string, childId: number, weekStart: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('weeklyDigestsSent')
    .values({ userId, childId, weekStart, sentAt: now })
    .onConflict((conflict) => conflict.doNothing())
    .returning('childId')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseDigest(db: Db, userId: string, childId: number, weekStart: string): Promise<void> {
  await db
    .deleteFrom('weeklyDigestsSent')
    .where('userId', '=', userId)
    .where('childId', '=', childId)
    .where('weekStart', '=', weekStart)
    .execute();
}

/** Forgets what was sent before `before`: a reminder that old is for a date long past, a digest for a week long gone. */
export async function forgetSentBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('milestoneRemindersSent').where('sentAt', '<', before).execute();
  await db.deleteFrom('weeklyDigestsSent').where('sentAt', '<', before).execute();
}

export interface FormAnswerRecipient {
  userId: string;
  email: string | null;
  firstName: string;
}

/**
 * Each person with one of `roles` on the child (the owner's own access included) with the form-answers
 * choice on (`fallback` when never chosen).
 */
export async function formAnswerRecipients(
  db: Db,
  childId: number,
  roles: readonly ChildRole[],
  fallback: boolean,
): Promise<FormAnswerRecipient[]> {
  return db
    .selectFrom('childAccess as a')
    .innerJoin('children as c', 'c.id', 'a.childId')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .leftJoin('notificationSettings as ns', 'ns.userId', 'a.userId')
    .select(['a.userId', 'c.firstName'])
    .select(recipientEmail().as('email'))
    .where('a.childId', '=', childId)
    .where('a.role', 'in', roles)
    .where(choice('formAnswers', fallback), '=', true)
    .orderBy('a.userId')
    .execute();
}
