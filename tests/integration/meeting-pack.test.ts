/**
 * The IEP meeting pack (issue 27): the period since the last plan review (or a year), each goal's
 * entries, observations and strategies inside the period only, the documents added, and the questions
 * to bring: goals with no data, goals with no progress in 30 days, and services the plan's text names
 * that nothing in the record mentions. The record is built through the services, as a parent builds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears } from '#shared/calendar.ts';
import type { MeetingPack } from '#shared/schemas/snapshot.ts';
import { AppError } from '../../server/lib/errors.ts';
import { createMeetingPackReader, lastReviewOnOrBefore } from '../../server/features/snapshots/meeting-pack.ts';
import { tokenOf } from '../helpers/caregivers.ts';
import { callerFor, isoDay } from '../helpers/integration-kit.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, type TestServer } from '../helpers/test-server.ts';

type Person = Awaited<ReturnType<typeof signUpParent>>;

const IEP_TEXT = [
  'Individualized Education Program, annual review.',
  'Related services: Speech therapy, 30 minutes weekly, small group.',
  'Occupational therapy consult, 20 minutes monthly, for handwriting.',
  'Extended School Year (ESY) services are recommended for the summer.',
  'Counseling with the school counselor, twice a month.',
].join('\n');

describe.each(ENGINES)('the meeting pack on %s', (engine) => {
  let server: TestServer;
  let parent: Person;
  let maya: number;
  let sam: number;
  let lee: number;
  const now = new Date();
  const today = isoDay(0, now);
  const day = (offset: number) => isoDay(offset, now);
  const at = (offset: number) => `${day(offset)}T12:00:00.000Z`;
  const goalIds: Record<string, number> = {};
  let reader: ReturnType<typeof createMeetingPackReader>;

  const read = async (childId: number, range: { from?: string; to?: string } = {}) =>
    reader.read(await server.services.children.scope(parent.userId, childId, 'viewer'), range, now);
  const goalOf = (pack: MeetingPack, title: string) => pack.goals.find((goal) => goal.title === title);
  const questionsOf = (pack: MeetingPack) => pack.questions.map(({ kind, goalId }) => ({ kind, goalId }));

  async function upload(childId: number, name: string, text: string, category: string) {
    const form = new FormData();
    form.append('category', category);
    form.append('file', new Blob([Buffer.from(text)], { type: 'text/plain' }), name);
    const response = await fetch(`${server.url}/api/documents?childId=${childId}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${parent.token}` },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    await server.services.documents.queueLeftPending();
    reader = createMeetingPackReader(server.services);
    parent = await signUpParent(server);
    const as = callerFor(server.services, parent.userId);
    maya = (await as.children.create({ firstName: 'Maya', dateOfBirth: '2016-05-02', supportPlan: 'iep', planReviewDate: day(-100) })).id;
    sam = (await as.children.create({ firstName: 'Sam', dateOfBirth: '2018-03-09', supportPlan: '504', planReviewDate: day(60) })).id;
    lee = (await as.children.create({ firstName: 'Lee', dateOfBirth: '2017-01-20' })).id;

    const goal = async (title: string, status: 'in-progress' | 'achieved', extra: { description?: string } = {}) => {
      goalIds[title] = (
        await as.goals.create({
          childId: maya,
          data: { area: 'reading', title, status, baseline: 1, target: 20, unit: 'points', ...extra },
        })
      ).id;
    };
    const entry = (title: string, offset: number, value: number) =>
      as.goals.addProgress({ childId: maya, data: { goalId: goalIds[title] as number, recordedOn: day(offset), value } });
    const note = (what: string, offset: number, title?: string) =>
      as.observations.create({ childId: maya, data: { what, occurredAt: at(offset), goalId: title ? goalIds[title] : undefined } });

    // Moving toward the target: entries before and inside the period.
    await goal('Read five pages', 'in-progress');
    await entry('Read five pages', -150, 1);
    await entry('Read five pages', -90, 2);
    await entry('Read five pages', -40, 3);
    await entry('Read five pages', -10, 4);
    await note('Read to the dog before the review', -120, 'Read five pages');
    await note('Read two pages at bedtime', -80, 'Read five pages');
    await note('Read three pages alone', -20, 'Read five pages');
    await note('Played outside', -15);
    // Nothing recorded at all; its description names counseling, which the plan names too.
    await goal('Ask for a break', 'in-progress', { description: 'Practised in counseling sessions' });
    // The last entry is two months old.
    await goal('Write a sentence', 'in-progress');
    await entry('Write a sentence', -90, 2);
    await entry('Write a sentence', -60, 3);
    // Recent entries that stand still.
    await goal('Count to twenty', 'in-progress');
    await entry('Count to twenty', -45, 10);
    await entry('Count to twenty', -5, 10);
    for (let index = 0; index < 52; index += 1) await note(`Counting practice ${index + 1}`, -(60 - index), 'Count to twenty');
    // Achieved before the period: not the period's. Achieved with an entry in the period: shown, no question.
    await goal('Tie shoes', 'achieved');
    await entry('Tie shoes', -200, 20);
    await goal('Zip coat', 'achieved');
    await entry('Zip coat', -30, 20);

    await as.strategies.create({
      childId: maya,
      data: { title: 'Visual timer', effectiveness: 4, goalIds: [goalIds['Read five pages'] as number] },
    });
    await as.strategies.create({
      childId: maya,
      data: {
        title: 'Pencil grip',
        description: 'Suggested in occupational therapy',
        active: false,
        goalIds: [goalIds['Write a sentence'] as number],
      },
    });
    await note('Asked the teacher about ESY for the summer', -3);

    await upload(maya, 'IEP 2026.txt', IEP_TEXT, 'iep');
    await upload(maya, 'Therapy receipt.txt', 'Receipt for speech therapy, paid', 'receipt');
    await upload(sam, '504 plan.txt', 'Accommodations: extra time. Services: physical therapy weekly.', '504-plan');
    await server.services.documents.idle();
  });
  afterAll(() => server.close());

  it('covers the time since the last plan review, or a year without one, up to today', async () => {
    const pack = await read(maya);
    expect({ from: pack.from, to: pack.to, firstName: pack.firstName, plan: pack.plan }).toEqual({
      from: day(-100),
      to: today,
      firstName: 'Maya',
      plan: 'iep',
    });
    // A review still to come: the one a year before it.
    expect((await read(sam)).from).toBe(addYears(day(60), -1));
    expect((await read(lee)).from).toBe(addYears(today, -1));
    // A review date years back: its latest yearly return on or before today.
    expect(lastReviewOnOrBefore('2020-03-15', '2026-11-27')).toBe('2026-03-15');
    expect(lastReviewOnOrBefore('2026-03-15', '2026-03-15')).toBe('2026-03-15');
    expect(lastReviewOnOrBefore('2027-01-10', '2026-11-27')).toBe('2026-01-10');
    // Far days cost no more than near ones (a walk year by year once looped without end on year 1).
    expect(lastReviewOnOrBefore('2026-03-15', '9999-12-31')).toBe('9999-03-15');
    expect(lastReviewOnOrBefore('2026-03-15', '1990-01-01')).toBe('1989-03-15');
  });

  it('gives each goal its entries, observations and strategies inside the period only', async () => {
    const pack = await read(maya);
    expect(pack.goals.map((goal) => goal.title)).toEqual([
      'Read five pages',
      'Ask for a break',
      'Write a sentence',
      'Count to twenty',
      'Zip coat',
    ]);
    expect(goalOf(pack, 'Read five pages')).toEqual({
      id: goalIds['Read five pages'],
      title: 'Read five pages',
      area: 'reading',
      baseline: 1,
      target: 20,
      unit: 'points',
      points: [
        { on: day(-90), value: 2 },
        { on: day(-40), value: 3 },
        { on: day(-10), value: 4 },
      ],
      observations: [
        { occurredAt: at(-20), what: 'Read three pages alone' },
        { occurredAt: at(-80), what: 'Read two pages at bedtime' },
      ],
      answers: [],
      strategies: [{ title: 'Visual timer', active: true, effectiveness: 4 }],
    });
    expect(goalOf(pack, 'Write a sentence')?.strategies).toEqual([{ title: 'Pencil grip', active: false, effectiveness: null }]);
    // At most 50 observations a goal, the newest.
    const counting = goalOf(pack, 'Count to twenty')?.observations ?? [];
    expect(counting).toHaveLength(50);
    expect(counting[0]?.what).toBe('Counting practice 52');
    expect(counting.at(-1)?.what).toBe('Counting practice 3');

    // A period chosen by the parent: both ends hold.
    const earlier = await read(maya, { from: day(-100), to: day(-50) });
    expect(goalOf(earlier, 'Read five pages')?.points).toEqual([{ on: day(-90), value: 2 }]);
    expect(goalOf(earlier, 'Read five pages')?.observations.map((observation) => observation.what)).toEqual(['Read two pages at bedtime']);
    expect(goalOf(earlier, 'Write a sentence')?.points.map((point) => point.on)).toEqual([day(-90), day(-60)]);
    expect(goalOf(earlier, 'Zip coat')).toBeUndefined();
  });

  it('lists the documents added in the period, without money paperwork', async () => {
    const pack = await read(maya);
    expect(pack.documents.map(({ title, category, addedOn }) => ({ title, category, addedOn }))).toEqual([
      { title: 'IEP 2026', category: 'iep', addedOn: today },
    ]);
    expect((await read(maya, { from: day(-100), to: day(-1) })).documents).toEqual([]);
  });

  it('asks about goals with no data and goals with no progress in 30 days', async () => {
    const pack = await read(maya);
    expect(questionsOf(pack).filter((question) => question.kind !== 'service-unmentioned')).toEqual([
      { kind: 'no-data', goalId: goalIds['Ask for a break'] },
      { kind: 'no-progress', goalId: goalIds['Write a sentence'] },
      { kind: 'no-progress', goalId: goalIds['Count to twenty'] },
    ]);
    const texts = pack.questions.map((question) => question.text);
    expect(texts[0]).toMatch(/^No data on “Ask for a break” since \w+ \d+, \d{4}: ask how it is measured/);
    expect(texts[1]).toMatch(/^No progress on “Write a sentence” in 30 days: the last entry is from /);
    expect(texts[2]).toMatch(/^No progress on “Count to twenty” in 30 days: the entries show no move toward the target/);
    // Up to fifty days back: reading had stopped for 40 days, writing was moving, counting had no entry yet.
    const earlier = await read(maya, { from: day(-100), to: day(-50) });
    expect(questionsOf(earlier).filter((question) => question.kind !== 'service-unmentioned')).toEqual([
      { kind: 'no-progress', goalId: goalIds['Read five pages'] },
      { kind: 'no-data', goalId: goalIds['Ask for a break'] },
      { kind: 'no-data', goalId: goalIds['Count to twenty'] },
    ]);
  });

  it('asks about a service the plan names that nothing in the record mentions', async () => {
    const pack = await read(maya);
    // Speech therapy: named only by the plan (and a receipt, which is not the plan). Occupational therapy:
    // a strategy names it; counseling: a goal; ESY: an observation.
    expect(pack.questions.filter((question) => question.kind === 'service-unmentioned')).toEqual([
      {
        kind: 'service-unmentioned',
        text: 'The plan names speech therapy, but nothing in the record mentions it: ask how often it happens, who provides it and how its progress is reported.',
        goalId: null,
      },
    ]);
    // Once an observation mentions it, the question goes.
    const as = callerFor(server.services, parent.userId);
    const said = await as.observations.create({ childId: maya, data: { what: 'Good speech-therapy session today', occurredAt: at(-1) } });
    expect((await read(maya)).questions.filter((question) => question.kind === 'service-unmentioned')).toEqual([]);
    await as.observations.delete({ childId: maya, id: said.id });
    // A 504 plan is a plan too.
    expect((await read(sam)).questions.map((question) => question.text)).toEqual([
      'The plan names physical therapy, but nothing in the record mentions it: ask how often it happens, who provides it and how its progress is reported.',
    ]);
    expect((await read(lee)).questions).toEqual([]);
  });

  it('puts the team\u2019s approved answers beside the parent\u2019s observations, with who and when; a rejected or pending one stays out', async () => {
    const as = callerFor(server.services, parent.userId);
    const ava = (await as.children.create({ firstName: 'Ava', dateOfBirth: '2016-08-12' })).id;
    const starts = (
      await as.goals.create({ childId: ava, data: { area: 'attention-executive-function', title: 'Start work on her own', unit: 'times' } })
    ).id;
    await as.observations.create({ childId: ava, data: { what: 'Started her homework alone', occurredAt: at(-2), goalId: starts } });
    const form = await as.forms.create({
      childId: ava,
      data: {
        title: 'Weekly check-in',
        questions: [
          { id: 'starts', kind: 'count', prompt: 'Started work without a prompt', goalId: starts },
          { id: 'notes', kind: 'text', prompt: 'What helped?', goalId: starts },
          { id: 'other', kind: 'text', prompt: 'Anything else?' },
        ],
      },
    });
    /** A link for one person, answered through the fill page's endpoint; the response's id. */
    const answered = async (recipientName: string, recipientRole: 'teacher' | 'therapist' | 'aide', count: number, notes: string) => {
      const link = await as.forms.share({ childId: ava, id: form.id, data: { recipientName, recipientRole, expiresInDays: 7 } });
      const sent = await api(server, 'POST', '/api/forms/fill/answers', {
        json: {
          token: tokenOf(link.link),
          answers: [
            { questionId: 'starts', value: count },
            { questionId: 'notes', value: notes },
            { questionId: 'other', value: 'Not about a goal' },
          ],
        },
      });
      expect(sent.status).toBe(201);
      const [response] = await as.formResponses.list({ childId: ava, filter: { status: 'pending', formId: form.id } });
      return response?.id as number;
    };
    const fromLee = await answered('Ms Lee', 'teacher', 4, 'A visual timer on her desk');
    await as.formResponses.approve({ childId: ava, id: fromLee });
    await as.formResponses.reject({ childId: ava, id: await answered('Mr Diaz', 'therapist', 9, 'Rejected words') });
    await answered('Ms Kay', 'aide', 7, 'Pending words');

    const pack = await read(ava);
    const goal = goalOf(pack, 'Start work on her own');
    const answeredAt = (await as.formResponses.list({ childId: ava, filter: { status: 'approved' } }))[0]?.answeredAt;
    expect(goal?.answers).toEqual([
      { name: 'Ms Lee', role: 'teacher', answeredAt, prompt: 'Started work without a prompt', kind: 'count', value: 4, unit: 'times' },
      {
        name: 'Ms Lee',
        role: 'teacher',
        answeredAt,
        prompt: 'What helped?',
        kind: 'text',
        value: 'A visual timer on her desk',
        unit: null,
      },
    ]);
    // The parent's own observations only: the teacher's text is listed once, as her answer.
    expect(goal?.observations).toEqual([{ occurredAt: at(-2), what: 'Started her homework alone' }]);
    // Her count is a point on the chart too; the rejected and the pending answers are nowhere.
    expect(goal?.points.map((point) => point.value)).toEqual([4]);
    expect(JSON.stringify(pack)).not.toMatch(/Mr Diaz|Ms Kay|Rejected words|Pending words|Not about a goal/);
    // Answered today: a period that ends before today leaves it out.
    expect(goalOf(await read(ava, { from: day(-30), to: day(-1) }), 'Start work on her own')?.answers).toEqual([]);

    // The PDF prints them under "What the team said".
    const pdf = await api(server, 'GET', `/api/snapshots/meeting-pack/pdf?childId=${ava}`, { token: parent.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('refuses a period longer than two years, or one that ends before it starts', async () => {
    const refusal = async (range: { from?: string; to?: string }) => {
      const error = await read(maya, range).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(AppError);
      return { code: (error as AppError).code, paths: (error as AppError).issues?.map((issue) => issue.path) };
    };
    expect(await refusal({ from: day(-731), to: today })).toEqual({ code: 'BAD_REQUEST', paths: ['from'] });
    expect(await refusal({ from: day(5) })).toEqual({ code: 'BAD_REQUEST', paths: ['from'] });
    expect(await refusal({ from: day(-10), to: day(-20) })).toEqual({ code: 'BAD_REQUEST', paths: ['from'] });
    const longest = await read(maya, { from: day(-730), to: today });
    expect(longest.from).toBe(day(-730));
  });

  it('is what tRPC and REST answer, and REST names the field of a period too long', async () => {
    const pack = await read(maya);
    const trpcPack = await callerFor(server.services, parent.userId).snapshots.meetingPack({ childId: maya });
    expect(trpcPack).toEqual(pack);
    const rest = await api(server, 'GET', `/api/snapshots/meeting-pack?childId=${maya}`, { token: parent.token });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(JSON.parse(JSON.stringify(pack)));
    const tooLong = await api(server, 'GET', `/api/snapshots/meeting-pack?childId=${maya}&from=${day(-800)}&to=${today}`, {
      token: parent.token,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.issues).toEqual([
      { path: 'from', message: expect.stringMatching(/^A meeting pack covers at most 731 days/) },
    ]);
    // A day outside the record's history or a plan's reach is refused on its field, at once.
    const farDays = await api(server, 'GET', `/api/snapshots/meeting-pack/pdf?childId=${maya}&to=0001-01-01`, { token: parent.token });
    expect(farDays.status).toBe(400);
    expect(farDays.body.error.issues).toEqual([{ path: 'to', message: expect.stringMatching(/years ago/) }]);
  });
});
