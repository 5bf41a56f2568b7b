/**
 * Issue 8 ("What a parent hit"), on the server: the dashboard's next milestones include the overdue
 * ones, first and flagged; the activity feed says what each change was about, from the record as it
 * is now, and when the record itself is dated. Over real HTTP (REST and tRPC), on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { typedClient } from '../helpers/trpc-client.ts';

const DAY_MS = 86_400_000;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** YYYY-MM-DD (UTC) `days` from today. */
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe.each(ENGINES)('dashboard and activity feed on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  async function family() {
    const parent = await signUpParent(server);
    const child = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
    expect(child.status).toBe(201);
    const childId = child.body.id as number;
    const call = async (method: string, path: string, json?: unknown, query = '') => {
      const response = await api(server, method, `/api${path}?childId=${childId}${query}`, { token: parent.token, json });
      expect({ status: response.status < 300, text: response.text }).toEqual({ status: true, text: expect.any(String) });
      return response.body;
    };
    return { ...parent, childId, call, trpc: typedClient(server, parent.token) };
  }

  describe('next milestones', () => {
    it('lists open overdue milestones first, flagged, then the next ones to come', async () => {
      const f = await family();
      const milestone = async (title: string, days: number, status = 'upcoming') =>
        (await f.call('POST', '/milestones', { title, dueDate: daysFromNow(days), status })) as { id: number };
      const longAgo = await milestone('Forty days late', -40);
      const tenDays = await milestone('Ten days late', -10);
      const fiveDays = await milestone('Five days late, started', -5, 'in-progress');
      const yesterday = await milestone('Due yesterday', -1);
      await milestone('Done late', -2, 'done');
      await milestone('Skipped', -3, 'skipped');
      const today = await milestone('Due today', 0);
      const inTwo = await milestone('In two days', 2);
      const inFour = await milestone('In four days', 4);
      await milestone('In nine days', 9);

      const stats = (await f.call('GET', '/dashboard/stats')) as { nextMilestones: unknown[] };
      const row = (id: number, title: string, days: number, overdue: boolean) => ({
        id,
        title,
        dueDate: daysFromNow(days),
        category: 'school-year',
        overdue,
      });
      // At most three of each: the most recently due overdue ones (the oldest waits on the roadmap), then the next three.
      expect(stats.nextMilestones).toStrictEqual([
        row(tenDays.id, 'Ten days late', -10, true),
        row(fiveDays.id, 'Five days late, started', -5, true),
        row(yesterday.id, 'Due yesterday', -1, true),
        row(today.id, 'Due today', 0, false),
        row(inTwo.id, 'In two days', 2, false),
        row(inFour.id, 'In four days', 4, false),
      ]);
      expect(stats.nextMilestones.map((item) => (item as { id: number }).id)).not.toContain(longAgo.id);

      // tRPC answers the same.
      expect((await f.trpc.dashboard.stats.query({ childId: f.childId })).nextMilestones).toStrictEqual(stats.nextMilestones);

      // Finishing one takes it off; an overdue one is no longer overdue once rescheduled.
      await f.call('PUT', `/milestones/${yesterday.id}`, { status: 'done' });
      await f.call('PUT', `/milestones/${tenDays.id}`, { dueDate: daysFromNow(1) });
      const after = (await f.call('GET', '/dashboard/stats')) as { nextMilestones: { title: string; overdue: boolean }[] };
      expect(after.nextMilestones.map(({ title, overdue }) => [title, overdue])).toEqual([
        ['Forty days late', true],
        ['Five days late, started', true],
        ['Due today', false],
        ['Ten days late', false],
        ['In two days', false],
      ]);
    });
  });

  describe('recent activity', () => {
    interface FeedItem {
      action: string;
      subjectType: string;
      subjectId: number;
      title: string | null;
      occurredAt: string | null;
      recordedOn: string | null;
      createdAt: string;
    }
    const feed = async (f: Awaited<ReturnType<typeof family>>) =>
      (await f.call('GET', '/activities', undefined, '&limit=100')) as FeedItem[];
    const about = (item: FeedItem) => [item.action, item.title, item.occurredAt, item.recordedOn];

    it('says what each change was about and, for a note written up later, when it happened', async () => {
      const f = await family();
      const happened = new Date(Date.now() - 5 * DAY_MS).toISOString();
      const note = (await f.call('POST', '/observations', { what: 'Meltdown at pickup', occurredAt: happened })) as { id: number };
      const goal = (await f.call('POST', '/goals', { area: 'attention-executive-function', title: 'Start homework within 2 minutes' })) as {
        id: number;
      };
      await f.call('POST', `/goals/${goal.id}/progress`, { recordedOn: daysFromNow(-3), value: 3.9 });
      await f.call('POST', '/strategies', { title: 'Visual timer' });
      await f.call('POST', '/milestones', { title: 'Book the review meeting', dueDate: daysFromNow(20) });
      await f.call('POST', '/milestones/generate');

      const items = await feed(f);
      expect(items.map(about)).toEqual([
        ['roadmap.generated', null, null, null],
        ['milestone.created', 'Book the review meeting', null, null],
        ['strategy.created', 'Visual timer', null, null],
        ['progress.recorded', 'Start homework within 2 minutes', null, daysFromNow(-3)],
        ['goal.created', 'Start homework within 2 minutes', null, null],
        ['observation.created', 'Meltdown at pickup', happened, null],
        ['child.created', null, null, null],
      ]);
      // When the change was made stays the moment of the change, not the day the note is about.
      const logged = items.find((item) => item.subjectId === note.id && item.subjectType === 'observation');
      expect(logged?.createdAt).toMatch(ISO_TIMESTAMP);
      expect(Date.now() - Date.parse(logged?.createdAt ?? '')).toBeLessThan(DAY_MS);

      // tRPC answers the same.
      expect(await f.trpc.activities.list.query({ childId: f.childId, limit: 100 })).toStrictEqual(items);
    });

    it('shows a record’s title as it is now, and nothing of it once it is deleted', async () => {
      const f = await family();
      const goal = (await f.call('POST', '/goals', { area: 'reading', title: 'Read 20 wrds' })) as { id: number };
      await f.call('POST', `/goals/${goal.id}/progress`, { recordedOn: daysFromNow(0), value: 12 });
      const note = (await f.call('POST', '/observations', { what: 'Read the menu to us' })) as { id: number };
      await f.call('PUT', `/goals/${goal.id}`, { title: 'Read 20 words' });
      await f.call('PUT', `/observations/${note.id}`, { isWin: true });

      expect((await feed(f)).slice(0, 5).map((item) => [item.action, item.title])).toEqual([
        ['observation.updated', 'Read the menu to us'],
        ['goal.updated', 'Read 20 words'],
        ['observation.created', 'Read the menu to us'],
        ['progress.recorded', 'Read 20 words'],
        ['goal.created', 'Read 20 words'],
      ]);

      await f.call('DELETE', `/observations/${note.id}`);
      await f.call('DELETE', `/goals/${goal.id}`);
      const items = await feed(f);
      expect(items.map(about)).toEqual([
        ['goal.deleted', null, null, null],
        ['observation.deleted', null, null, null],
        ['observation.updated', null, null, null],
        ['goal.updated', null, null, null],
        ['observation.created', null, null, null],
        ['progress.recorded', null, null, null],
        ['goal.created', null, null, null],
        ['child.created', null, null, null],
      ]);
      // Nothing of the deleted records' words is anywhere in the answer.
      expect(JSON.stringify(items)).not.toMatch(/Read|menu/);
    });

    it('sends a long observation whole (the screen shortens it), and another child’s records never', async () => {
      const f = await family();
      const what = `${'A long afternoon at the park. '.repeat(60)}The end.`;
      await f.call('POST', '/observations', { what });
      const [latest] = await feed(f);
      expect(latest?.title).toBe(what);

      const sibling = await api(server, 'POST', '/api/children', { token: f.token, json: { firstName: 'Leo', dateOfBirth: '2018-09-12' } });
      const siblingFeed = await api(server, 'GET', `/api/activities?childId=${sibling.body.id as number}`, { token: f.token });
      expect((siblingFeed.body as FeedItem[]).map(about)).toEqual([['child.created', null, null, null]]);
    });

    it('is described in the OpenAPI document', async () => {
      const document = await api(server, 'GET', '/api/openapi.json');
      const activity = document.body.components.schemas.Activity as { properties: Record<string, unknown>; required: string[] };
      expect(Object.keys(activity.properties)).toEqual(expect.arrayContaining(['title', 'occurredAt', 'recordedOn']));
      const stats = document.body.components.schemas.DashboardStats;
      expect(Object.keys(stats.properties.nextMilestones.items.properties)).toContain('overdue');
    });
  });
});
