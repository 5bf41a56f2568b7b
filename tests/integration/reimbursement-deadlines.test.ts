/**
 * Reimbursement deadlines reach the parent (issue 26, decision 0106): the dashboard warns 14 and 3 days
 * before a deadline with draft claims and flags claims unanswered for 45 days; each funding source's
 * next deadline is a roadmap milestone, kept by the daily sync, left alone by the roadmap's
 * regeneration and by the sync once the parent has worked on it. Over real HTTP, on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/test-mail.ts';
import { signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

const DAY_MS = 86_400_000;
/** YYYY-MM-DD (UTC) `days` from today. */
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

type Family = Awaited<ReturnType<typeof signUpParentWithChild>>;

interface MilestoneBody {
  id: number;
  title: string;
  whatToDo: string | null;
  category: string;
  dueDate: string;
  status: string;
  source: string;
  ruleKey: string | null;
}

describe.each(ENGINES)('reimbursement deadlines on %s', (engine) => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ engine, smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  async function ok(family: Family, method: string, path: string, json?: unknown) {
    const response = await family.call(method, path, json);
    expect(response.status < 300, `${method} ${path}: ${response.status} ${response.text}`).toBe(true);
    return response.body;
  }
  const source = async (family: Family, kind: string, name: string, deadlines: string[]) =>
    ((await ok(family, 'POST', '/funding-sources', { kind, name, deadlines })) as { id: number }).id;
  /** An expense served this month, with a draft claim to `fundingSourceId`. */
  async function draftClaim(family: Family, fundingSourceId: number, amountCents = 12_000) {
    const expense = (await ok(family, 'POST', '/expenses', {
      provider: 'Bright Minds Tutoring',
      category: 'tutoring',
      serviceDate: daysFromNow(-2),
      amountCents,
    })) as { id: number };
    const claim = (await ok(family, 'POST', `/expenses/${expense.id}/claims`, { fundingSourceId, amountCents })) as { id: number };
    return { expenseId: expense.id, claimId: claim.id };
  }
  const owned = async (family: Family) =>
    ((await ok(family, 'GET', '/milestones')) as MilestoneBody[]).filter((milestone) => milestone.source === 'reimbursements');

  it('warns on the dashboard 14 and 3 days before a deadline with claims to submit, and of claims unanswered for 45 days', async () => {
    const family = await signUpParentWithChild(server);
    const esa = await source(family, 'esa', 'Arizona ESA', [daysFromNow(14), daysFromNow(60)]);
    const fsa = await source(family, 'fsa', 'Work FSA', [daysFromNow(3)]);
    const grant = await source(family, 'grant', 'Reading grant', [daysFromNow(15)]);
    await source(family, 'hsa', 'Family HSA', [daysFromNow(5)]);
    const insurance = await source(family, 'insurance', 'Blue Cross', []);
    await draftClaim(family, esa, 20_000);
    await draftClaim(family, esa, 28_050);
    await draftClaim(family, fsa, 9_000);
    await draftClaim(family, grant);
    const late = await draftClaim(family, insurance);
    await ok(family, 'POST', `/claims/${late.claimId}/status`, { status: 'submitted', on: daysFromNow(-50) });
    const recent = await draftClaim(family, insurance);
    await ok(family, 'POST', `/claims/${recent.claimId}/status`, { status: 'submitted', on: daysFromNow(-10) });

    const stats = (await ok(family, 'GET', '/dashboard/stats')) as { reimbursementWarnings: unknown[] };
    expect(stats.reimbursementWarnings).toEqual([
      {
        kind: 'deadline',
        fundingSourceId: fsa,
        name: 'Work FSA',
        date: daysFromNow(3),
        daysLeft: 3,
        urgent: true,
        expenses: 1,
        toSubmitCents: 9_000,
        currency: 'USD',
      },
      {
        kind: 'deadline',
        fundingSourceId: esa,
        name: 'Arizona ESA',
        date: daysFromNow(14),
        daysLeft: 14,
        urgent: false,
        expenses: 2,
        toSubmitCents: 48_050,
        currency: 'USD',
      },
      { kind: 'no-answer', fundingSourceId: insurance, name: 'Blue Cross', claims: 1, days: 45 },
    ]);

    // Submitted: nothing is left to submit to the FSA, so it stops warning.
    const fsaClaims = (await ok(family, 'GET', `/expenses`)) as { items: { claims: { id: number; fundingSourceId: number }[] }[] };
    const fsaClaim = fsaClaims.items.flatMap((item) => item.claims).find((claim) => claim.fundingSourceId === fsa);
    await ok(family, 'POST', `/claims/${fsaClaim?.id}/status`, { status: 'submitted' });
    const after = (await ok(family, 'GET', '/dashboard/stats')) as { reimbursementWarnings: { fundingSourceId: number }[] };
    expect(after.reimbursementWarnings.map((warning) => warning.fundingSourceId)).toEqual([esa, insurance]);
  });

  it("keeps each funding source's next deadline as a milestone: synced, kept by the roadmap, the parent's work left alone", async () => {
    const family = await signUpParentWithChild(server);
    const esa = await source(family, 'esa', 'Arizona ESA', [daysFromNow(20), daysFromNow(110)]);
    await source(family, 'hsa', 'Family HSA', []);
    const district = await source(family, 'school-district', 'Springfield District', [daysFromNow(40)]);

    // The daily job, run now as its schedule would.
    const { jobs } = server.services;
    expect(jobs.scheduledNames()).toContain('funding-deadlines.sync');
    const run = await jobs.runNow('funding-deadlines.sync');
    await jobs.idle();
    expect(await jobs.outcome('funding-deadlines.sync', run)).toMatchObject({ state: 'completed', error: null });
    const first = await owned(family);
    expect(first.map(({ title, category, dueDate, status, ruleKey }) => ({ title, category, dueDate, status, ruleKey }))).toEqual([
      {
        title: 'Submit expenses to Arizona ESA',
        category: 'reimbursement',
        dueDate: daysFromNow(20),
        status: 'upcoming',
        ruleKey: `funding-deadline:${esa}`,
      },
      {
        title: 'Submit expenses to Springfield District',
        category: 'reimbursement',
        dueDate: daysFromNow(40),
        status: 'upcoming',
        ruleKey: `funding-deadline:${district}`,
      },
    ]);
    const esaMilestone = first[0] as MilestoneBody;

    // The roadmap's regeneration and a second sync leave them as they are.
    await ok(family, 'POST', '/milestones/generate');
    expect(await server.services.fundingDeadlines.sync(family.childId)).toMatchObject({ created: 0, updated: 0, removed: 0 });
    expect(await owned(family)).toEqual(first);

    // A claim to submit: the same milestone says so.
    await draftClaim(family, esa, 48_050);
    await server.services.fundingDeadlines.sync(family.childId);
    const waiting = (await owned(family)).find((milestone) => milestone.id === esaMilestone.id);
    expect(waiting?.whatToDo).toBe('1 expense waits to be submitted ($480.50). Submit its claim in Reimbursements, with the receipts.');

    // The parent marks it done; once the next deadline comes, theirs stays done and a new one is due.
    await ok(family, 'PUT', `/milestones/${esaMilestone.id}`, { status: 'done' });
    await server.services.fundingDeadlines.sync(family.childId);
    expect((await owned(family)).find((milestone) => milestone.id === esaMilestone.id)?.status).toBe('done');
    await ok(family, 'PUT', `/funding-sources/${esa}`, { deadlines: [daysFromNow(110)] });
    await server.services.fundingDeadlines.sync(family.childId);
    const moved = await owned(family);
    expect(moved.map(({ id, dueDate, status, ruleKey }) => ({ id, dueDate, status, ruleKey }))).toEqual([
      { id: esaMilestone.id, dueDate: daysFromNow(20), status: 'done', ruleKey: `funding-deadline:${esa}@${esaMilestone.id}` },
      { id: expect.any(Number), dueDate: daysFromNow(40), status: 'upcoming', ruleKey: `funding-deadline:${district}` },
      { id: expect.any(Number), dueDate: daysFromNow(110), status: 'upcoming', ruleKey: `funding-deadline:${esa}` },
    ]);

    // A funding source deleted: its untouched milestone goes with it at the next sync.
    await ok(family, 'DELETE', `/funding-sources/${district}`);
    await server.services.fundingDeadlines.syncAll();
    expect((await owned(family)).map((milestone) => milestone.ruleKey)).toEqual([
      `funding-deadline:${esa}@${esaMilestone.id}`,
      `funding-deadline:${esa}`,
    ]);
  });

  it('sends the milestone reminder mail for a deadline, as for any milestone', async () => {
    const family = await signUpParentWithChild(server);
    const esa = await source(family, 'esa', 'Reminder ESA', [daysFromNow(7)]);
    await draftClaim(family, esa, 15_000);
    await server.services.fundingDeadlines.sync(family.childId);
    await server.services.notifications.sendReminders(new Date());
    const mail = smtp.messages.filter((message) => message.to.includes(family.email.toLowerCase()));
    expect(mail.map((message) => message.subject)).toEqual(['Maya\u2019s Submit expenses to Reminder ESA: in a week']);
    expect(mail[0]?.text).toContain('1 expense waits to be submitted ($150.00).');
    expect(mail[0]?.links).toContain('http://localhost:3000/roadmap');
  });
});
