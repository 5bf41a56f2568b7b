/**
 * Notifications by email (issue 10): each person's choices over REST and tRPC, the milestone
 * reminders and the weekly digest, read as the recipient reads them from an SMTP server in the test
 * process. The jobs' runs are called with a chosen moment instead of waiting for pg-boss's cron.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/calendar.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import { weekStart } from '../../server/core/dates.ts';
import { longDay } from '../../server/features/notifications/notification-emails.ts';
import { shareChildren } from '../helpers/caregivers.ts';
import { expectApiError } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../helpers/test-mail.ts';
import { api, signUpParent, startTestServer, type TestServer } from '../helpers/test-server.ts';
import { clientError, clientIssues, typedClient } from '../helpers/trpc-client.ts';

type Person = Awaited<ReturnType<typeof signUpParent>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULTS = { weeklyDigest: false, reminderThirtyDays: true, reminderSevenDays: true, reminderOneDay: true, formAnswers: true };

describe.each(ENGINES)('notifications on %s', (engine) => {
  let smtp: TestSmtp;
  let server: TestServer;
  const at = new Date();
  const today = todayIso(at);

  const as = (person: Person, method: string, path: string, json?: unknown) => api(server, method, path, { token: person.token, json });
  const mailTo = (person: Person, about?: string) =>
    smtp.messages.filter((mail) => mail.to.includes(person.email.toLowerCase()) && (about === undefined || mail.subject.includes(about)));
  const addChild = async (person: Person, firstName: string) => {
    const created = await as(person, 'POST', '/api/children', { firstName, dateOfBirth: '2016-05-02' });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const addMilestone = async (person: Person, childId: number, title: string, dueDate: string, status = 'upcoming') => {
    const created = await as(person, 'POST', `/api/milestones?childId=${childId}`, { title, dueDate, category: 'plan-review', status });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const choose = async (person: Person, change: Record<string, boolean>) => {
    const saved = await as(person, 'PUT', '/api/notifications', change);
    expect(saved.status).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // No workers: the cron cannot run a job in the middle of a test; the tests call the runs themselves.
    server = await startTestServer({ engine, smtpUrl: smtp.url, jobWorkers: false });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('settings: the defaults until chosen, a change keeps the other choices, over REST and tRPC alike', async () => {
    const parent = await signUpParent(server);
    const initial = await as(parent, 'GET', '/api/notifications');
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ ...DEFAULTS, mailConfigured: true });

    const changed = await as(parent, 'PUT', '/api/notifications', { weeklyDigest: true, reminderThirtyDays: false });
    expect(changed.body).toEqual({ ...DEFAULTS, weeklyDigest: true, reminderThirtyDays: false, mailConfigured: true });
    await as(parent, 'PUT', '/api/notifications', { reminderOneDay: false });

    const trpc = typedClient(server, parent.token);
    const expected = {
      weeklyDigest: true,
      reminderThirtyDays: false,
      reminderSevenDays: true,
      reminderOneDay: false,
      formAnswers: true,
      mailConfigured: true,
    };
    await expect(trpc.notifications.get.query()).resolves.toEqual(expected);
    await expect(trpc.notifications.update.mutate({ reminderSevenDays: false })).resolves.toEqual({
      ...expected,
      reminderSevenDays: false,
    });

    // Another person's choices are their own.
    const other = await signUpParent(server);
    expect((await as(other, 'GET', '/api/notifications')).body).toEqual({ ...DEFAULTS, mailConfigured: true });
  });

  it('settings: refused without sign-in, empty, with an unknown field or a value that is not true or false', async () => {
    const parent = await signUpParent(server);
    expectApiError(await api(server, 'GET', '/api/notifications'), 401, 'UNAUTHORIZED');
    expectApiError(await api(server, 'PUT', '/api/notifications', { json: { weeklyDigest: true } }), 401, 'UNAUTHORIZED');
    expect(expectApiError(await as(parent, 'PUT', '/api/notifications', {}), 400, 'BAD_REQUEST').issues).toEqual([
      { path: '', message: 'Provide at least one field to update' },
    ]);
    expect(
      expectApiError(await as(parent, 'PUT', '/api/notifications', { weeklyDigest: true, email: 'x@example.com' }), 400, 'BAD_REQUEST')
        .issues,
    ).toEqual([expect.objectContaining({ message: expect.stringContaining('email') })]);
    expect(expectApiError(await as(parent, 'PUT', '/api/notifications', { weeklyDigest: 'yes' }), 400, 'BAD_REQUEST').issues).toEqual([
      expect.objectContaining({ path: 'weeklyDigest' }),
    ]);
    const trpcError = await clientError(
      typedClient(server, parent.token).notifications.update.mutate({ reminderOneDay: 1 as unknown as boolean }),
    );
    expect(trpcError.data?.code).toBe('BAD_REQUEST');
    expect(clientIssues(trpcError).map((issue) => issue.path)).toEqual(['reminderOneDay']);
    // Nothing was saved by the refused requests.
    expect((await as(parent, 'GET', '/api/notifications')).body).toEqual({ ...DEFAULTS, mailConfigured: true });
  });

  it('reminders go 30, 7 and 1 days before, only those turned on, never for done or skipped milestones, never twice', async () => {
    const parent = await signUpParent(server);
    const child = await addChild(parent, 'Maya');
    await addMilestone(parent, child, 'Annual IEP review', addDays(today, 30));
    await addMilestone(parent, child, 'Progress report', addDays(today, 7));
    await addMilestone(parent, child, 'Reevaluation meeting', addDays(today, 1));
    await addMilestone(parent, child, 'Two days away', addDays(today, 2));
    await addMilestone(parent, child, 'Already done', addDays(today, 1), 'done');
    await addMilestone(parent, child, 'Skipped one', addDays(today, 30), 'skipped');
    await choose(parent, { reminderSevenDays: false });

    await server.services.notifications.sendReminders(at);
    const received = mailTo(parent);
    expect(received.map((mail) => mail.subject).sort()).toEqual([
      'Maya\u2019s Annual IEP review: in 30 days',
      'Maya\u2019s Reevaluation meeting: tomorrow',
    ]);
    const dayBefore = received.find((mail) => mail.subject.includes('tomorrow')) as ReceivedMail;
    expect(dayBefore.from).toBe('trelli@example.test');
    expect(dayBefore.text).toContain('"Reevaluation meeting" on Maya\u2019s roadmap is tomorrow');
    expect(dayBefore.links).toEqual(['http://localhost:3000/roadmap', 'http://localhost:3000/settings']);
    expect(dayBefore.text).toContain('reminders the day before a milestone are on');

    // The next run (a retry, a second instance) finds them sent.
    await expect(server.services.notifications.sendReminders(at)).resolves.toMatchObject({ sent: 0, failed: 0 });
    expect(mailTo(parent)).toHaveLength(2);
    // Turned off, the 30-day reminder of a new milestone does not go.
    await choose(parent, { reminderThirtyDays: false });
    await addMilestone(parent, child, 'Transition plan', addDays(today, 30));
    await server.services.notifications.sendReminders(at);
    expect(mailTo(parent)).toHaveLength(2);
  });

  it('a caregiver with access gets the reminders and the digest they chose; once removed, nothing more', async () => {
    const parent = await signUpParent(server);
    const sitter = await signUpParent(server);
    const child = await addChild(parent, 'Leo');
    await shareChildren(server.services, parent.userId, sitter.userId, 'viewer', [child], sitter.email);
    await addMilestone(parent, child, 'School tour', addDays(today, 7));
    await choose(sitter, { weeklyDigest: true });

    await server.services.notifications.sendReminders(at);
    expect(mailTo(sitter, 'School tour')).toHaveLength(1);
    expect(mailTo(parent, 'School tour')).toHaveLength(1);
    await server.services.notifications.sendDigests(at);
    expect(mailTo(sitter, 'Leo\u2019s week')).toHaveLength(1);
    // The parent never turned the digest on.
    expect(mailTo(parent, 'week in Trelli')).toHaveLength(0);

    const list = await as(parent, 'GET', `/api/caregivers?childId=${child}`);
    const entry = (list.body.caregivers as { id: number; email: string }[]).find((caregiver) => caregiver.email === sitter.email);
    expect((await as(parent, 'DELETE', `/api/caregivers/${entry?.id}?childId=${child}`)).status).toBe(200);
    await choose(parent, { weeklyDigest: true });
    await addMilestone(parent, child, 'Field trip', addDays(today, 1));

    await server.services.notifications.sendReminders(at);
    await server.services.notifications.sendDigests(new Date(at.getTime() + 7 * 24 * 60 * 60 * 1000));
    expect(mailTo(parent, 'Field trip')).toHaveLength(1);
    expect(mailTo(parent, 'Leo\u2019s week')).toHaveLength(1);
    expect(mailTo(sitter, 'Field trip')).toHaveLength(0);
    expect(mailTo(sitter, 'Leo\u2019s week')).toHaveLength(1);
  });

  it('the weekly digest is off by default; on, it tells last week with the wins first, then notes, progress and what is coming', async () => {
    const parent = await signUpParent(server);
    const child = await addChild(parent, 'Ava');
    // Monday of this week: the digest tells about the week before it, Monday to Sunday.
    const monday = new Date(`${weekStart(at)}T13:00:00.000Z`);
    const lastWeek = addDays(weekStart(at), -7);
    const observe = (what: string, day: string, isWin: boolean) =>
      as(parent, 'POST', `/api/observations?childId=${child}`, { what, occurredAt: `${day}T15:00:00.000Z`, isWin });
    await observe('Tied her shoes alone', addDays(lastWeek, 1), true);
    await observe('Hard morning before school', addDays(lastWeek, 2), false);
    await observe('Read a page out loud to her brother', addDays(lastWeek, 6), true);
    await observe('An older win, the week before', addDays(lastWeek, -2), true);
    const goal = await as(parent, 'POST', `/api/goals?childId=${child}`, { area: 'reading', title: 'Words read per minute', unit: 'wpm' });
    expect(goal.status).toBe(201);
    await as(parent, 'POST', `/api/goals/${goal.body.id}/progress?childId=${child}`, { recordedOn: addDays(lastWeek, 3), value: 42 });
    await as(parent, 'POST', `/api/goals/${goal.body.id}/progress?childId=${child}`, { recordedOn: addDays(lastWeek, -3), value: 30 });
    await addMilestone(parent, child, 'Parent-teacher conference', addDays(todayIso(monday), 3));
    await addMilestone(parent, child, 'Done already', addDays(todayIso(monday), 4), 'done');
    await addMilestone(parent, child, 'Three weeks away', addDays(todayIso(monday), 20));

    await server.services.notifications.sendDigests(monday);
    expect(mailTo(parent, 'week in Trelli')).toHaveLength(0);

    await choose(parent, { weeklyDigest: true });
    await server.services.notifications.sendDigests(monday);
    const [digest, ...more] = mailTo(parent, 'week in Trelli');
    expect(more).toHaveLength(0);
    const text = digest?.text ?? '';
    const order = ['Wins (2)', 'Tied her shoes alone', 'Read a page out loud to her brother', 'Observations', 'Progress (1)', 'Coming up'];
    const positions = order.map((words) => text.indexOf(words));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toContain('3 observations were logged this week.');
    expect(text).toContain('Words read per minute: 42 wpm');
    expect(text).toContain('Parent-teacher conference');
    expect(text).not.toMatch(/An older win|: 30 wpm|Done already|Three weeks away/);
    expect(digest?.links).toEqual(['http://localhost:3000/app', 'http://localhost:3000/settings']);

    // Not twice for the same week.
    await expect(server.services.notifications.sendDigests(monday)).resolves.toMatchObject({ sent: 0 });
    expect(mailTo(parent, 'week in Trelli')).toHaveLength(1);
  });

  it('a reminder the SMTP server did not take is not marked sent: the retry sends it, once', async () => {
    const down = await startTestServer({ engine, smtpUrl: 'smtp://127.0.0.1:9', jobWorkers: false });
    const up = await startTestServer({ engine, database: down.database, smtpUrl: smtp.url, jobWorkers: false });
    try {
      const parent = await signUpParent(down);
      const child = (
        await api(down, 'POST', '/api/children', { token: parent.token, json: { firstName: 'Sam', dateOfBirth: '2014-02-02' } })
      ).body.id as number;
      await api(down, 'POST', `/api/milestones?childId=${child}`, {
        token: parent.token,
        json: { title: 'Eligibility meeting', dueDate: addDays(today, 30), category: 'evaluation' },
      });

      await expect(down.services.notifications.sendReminders(at)).resolves.toEqual({ sent: 0, failed: 1, noAddress: 0 });
      expect(await down.db.selectFrom('milestoneRemindersSent').selectAll().execute()).toEqual([]);
      await expect(up.services.notifications.sendReminders(at)).resolves.toEqual({ sent: 1, failed: 0, noAddress: 0 });
      await expect(up.services.notifications.sendReminders(at)).resolves.toEqual({ sent: 0, failed: 0, noAddress: 0 });
      expect(mailTo(parent, 'Eligibility meeting')).toHaveLength(1);
    } finally {
      await up.close();
      await down.close();
    }
  });

  it('a day whose reminders could not go: a run two days later sends them once, with the days left; none for a milestone added after its day', async () => {
    const down = await startTestServer({ engine, smtpUrl: 'smtp://127.0.0.1:9', jobWorkers: false });
    const up = await startTestServer({ engine, database: down.database, smtpUrl: smtp.url, jobWorkers: false });
    const dayAfter = (days: number) => new Date(at.getTime() + days * DAY_MS);
    try {
      const parent = await signUpParent(down);
      const child = (
        await api(down, 'POST', '/api/children', { token: parent.token, json: { firstName: 'Ravi', dateOfBirth: '2013-04-04' } })
      ).body.id as number;
      const milestone = (title: string, dueDate: string) =>
        api(down, 'POST', `/api/milestones?childId=${child}`, { token: parent.token, json: { title, dueDate, category: 'plan-review' } });
      expect((await milestone('Annual review', addDays(today, 7))).status).toBe(201);
      // Its 7-day reminder was due four days ago, before it existed: no run owed it.
      expect((await milestone('Added late', addDays(today, 3))).status).toBe(201);

      // 13:00 on the reminder day, the mail server is down (and stays down through the retries).
      await expect(down.services.notifications.sendReminders(at)).resolves.toEqual({ sent: 0, failed: 1, noAddress: 0 });

      // Two days later: the week's reminder is still owed, and says five days; "Added late" gets its 1-day one.
      await expect(up.services.notifications.sendReminders(dayAfter(2))).resolves.toEqual({ sent: 2, failed: 0, noAddress: 0 });
      const [owed, ...more] = mailTo(parent, 'Annual review');
      expect(more).toEqual([]);
      expect(owed?.subject).toBe('Ravi\u2019s Annual review: in 5 days');
      expect(owed?.text).toContain(`"Annual review" on Ravi\u2019s roadmap is in 5 days, on ${longDay(addDays(today, 7))}.`);
      expect(mailTo(parent, 'Added late').map((mail) => mail.subject)).toEqual(['Ravi\u2019s Added late: tomorrow']);

      // Each reminder once: the next days send nothing more until the day before.
      for (const days of [2, 3, 4, 5]) {
        await expect(up.services.notifications.sendReminders(dayAfter(days))).resolves.toMatchObject({ sent: 0, failed: 0 });
      }
      await expect(up.services.notifications.sendReminders(dayAfter(6))).resolves.toMatchObject({ sent: 1, failed: 0 });
      expect(mailTo(parent, 'Annual review').map((mail) => mail.subject)).toEqual([
        'Ravi\u2019s Annual review: in 5 days',
        'Ravi\u2019s Annual review: tomorrow',
      ]);
      // On the day itself, and after, nothing is owed any more.
      await expect(up.services.notifications.sendReminders(dayAfter(7))).resolves.toMatchObject({ sent: 0, failed: 0 });
    } finally {
      await up.close();
      await down.close();
    }
  });

  it('a run whose mail did not all go is retried over hours, not seconds', async () => {
    const queues = await sql<{ name: string; retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax: number | null }>`
      SELECT name, retry_limit AS "retryLimit", retry_delay AS "retryDelay", retry_backoff AS "retryBackoff", retry_delay_max AS "retryDelayMax"
      FROM pgboss.queue WHERE name LIKE 'notifications.%' ORDER BY name`.execute(server.db);
    expect(queues.rows.map((queue) => queue.name)).toEqual([
      'notifications.form-answer',
      'notifications.milestone-reminders',
      'notifications.weekly-digest',
    ]);
    for (const queue of queues.rows) {
      // pg-boss waits between delay * 2^(n-1) and delay * 2^n before retry n, at most retryDelayMax.
      const soonest = (n: number) => Math.min(queue.retryDelayMax ?? Infinity, Math.max(queue.retryDelay, 1) * 2 ** (n - 1));
      const lastRetryAfter = Array.from({ length: queue.retryLimit }, (_, index) => soonest(index + 1)).reduce((a, b) => a + b, 0);
      expect(queue.retryBackoff).toBe(true);
      expect(soonest(1)).toBeLessThanOrEqual(10 * 60);
      expect(lastRetryAfter).toBeGreaterThanOrEqual(4 * 60 * 60);
    }
  });

  it('an arrived form answer: each updater or owner with the choice on is told who answered, never the answer', async () => {
    // This one runs its jobs: the mail goes through the queue as it does in production.
    const working = await startTestServer({ engine, smtpUrl: smtp.url });
    try {
      const on = (person: Person, method: string, path: string, json?: unknown) =>
        api(working, method, path, { token: person.token, json });
      const parent = await signUpParent(working);
      const helper = await signUpParent(working);
      const quietHelper = await signUpParent(working);
      const grandma = await signUpParent(working);
      const child = (await on(parent, 'POST', '/api/children', { firstName: 'Maya', dateOfBirth: '2016-05-02' })).body.id as number;
      await shareChildren(working.services, parent.userId, helper.userId, 'updater', [child], helper.email);
      await shareChildren(working.services, parent.userId, quietHelper.userId, 'updater', [child], quietHelper.email);
      // A viewer cannot approve an answer: nothing to tell them.
      await shareChildren(working.services, parent.userId, grandma.userId, 'viewer', [child], grandma.email);
      const turnedOff = await on(quietHelper, 'PUT', '/api/notifications', { formAnswers: false });
      expect(turnedOff.body).toEqual({ ...DEFAULTS, formAnswers: false, mailConfigured: true });
      expect((await on(parent, 'GET', '/api/notifications')).body).toEqual({ ...DEFAULTS, mailConfigured: true });

      await working.services.notifications.formAnswerArrived({
        ownerId: parent.userId,
        childId: child,
        formId: 1,
        responseId: 1,
        formTitle: 'Weekly check-in',
        recipientName: 'Ms Lee',
        recipientRole: 'teacher',
      });
      const subject = 'Ms Lee (teacher) answered \u201cWeekly check-in\u201d about Maya';
      const toParent = await smtp.next((mail) => mail.to.includes(parent.email.toLowerCase()));
      const toHelper = await smtp.next((mail) => mail.to.includes(helper.email.toLowerCase()));
      for (const mail of [toParent, toHelper]) {
        expect(mail.subject).toBe(subject);
        expect(mail.text).toContain('open the Snapshots page to approve it into the record or leave it out');
        expect(mail.links.some((link) => link.endsWith('/snapshots'))).toBe(true);
      }
      // Every job done: none went to the one who turned it off, nor to the viewer.
      await expect
        .poll(async () => {
          const pending = await sql<{ count: number }>`
            SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'notifications.form-answer' AND state <> 'completed'`.execute(
            working.db,
          );
          return pending.rows[0]?.count;
        })
        .toBe(0);
      const toPerson = (person: Person) => smtp.messages.filter((mail) => mail.to.includes(person.email.toLowerCase()));
      expect(toPerson(quietHelper)).toHaveLength(0);
      expect(toPerson(grandma)).toHaveLength(0);
      expect(toPerson(parent)).toHaveLength(1);
    } finally {
      await working.close();
    }
  });

  it('without SMTP nothing is sent or recorded: the log says "not sent" with the kind of mail only', async () => {
    const quiet = await startTestServer({ engine, jobWorkers: false });
    try {
      const parent = await signUpParent(quiet);
      const child = (
        await api(quiet, 'POST', '/api/children', { token: parent.token, json: { firstName: 'Noor', dateOfBirth: '2015-03-03' } })
      ).body.id as number;
      const milestone = await api(quiet, 'POST', `/api/milestones?childId=${child}`, {
        token: parent.token,
        json: { title: 'Secret meeting title', dueDate: addDays(today, 7), category: 'plan-review' },
      });
      expect(milestone.status).toBe(201);
      expect((await api(quiet, 'GET', '/api/notifications', { token: parent.token })).body).toEqual({ ...DEFAULTS, mailConfigured: false });

      const received = smtp.messages.length;
      await expect(quiet.services.notifications.sendReminders(at)).resolves.toEqual({ sent: 0, failed: 0, noAddress: 0 });
      const lines = quiet.logLines.filter((line) => line.includes('"mail":"milestone reminder"'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('Mail not sent');
      expect(quiet.logLines.join('')).not.toMatch(/Secret meeting title|Noor/);
      expect(quiet.logLines.join('').toLowerCase()).not.toContain(parent.email.toLowerCase());
      expect(await quiet.db.selectFrom('milestoneRemindersSent').selectAll().execute()).toEqual([]);

      // An arrived form answer queues nothing and does not fail.
      await expect(
        quiet.services.notifications.formAnswerArrived({
          ownerId: parent.userId,
          childId: child,
          formId: 1,
          responseId: 1,
          formTitle: 'Weekly check-in',
          recipientName: 'Ms Lee',
          recipientRole: 'teacher',
        }),
      ).resolves.toBeUndefined();
      const queued = await sql<{ count: number }>`
        SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'notifications.form-answer'`.execute(quiet.db);
      expect(queued.rows[0]?.count).toBe(0);
      expect(smtp.messages).toHaveLength(received);
    } finally {
      await quiet.close();
    }
  });
});
