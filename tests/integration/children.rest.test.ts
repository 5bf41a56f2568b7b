import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { isDeepStrictEqual } from 'node:util';
import { childRow, countChildren, errorSummary, expectApiError, isoDay, issuePaths, yearsAgo } from '../helpers/integration-kit.ts';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const fullChild = {
  firstName: 'Maya',
  lastName: 'Rivera',
  dateOfBirth: '2016-05-02',
  grade: '3',
  school: 'Oak Street Elementary',
  pronouns: 'she/her',
  supportPlan: 'iep',
  planReviewDate: '2027-01-15',
  lastEvaluationDate: '2025-03-10',
  diagnoses: ['ADHD', 'Dyslexia'],
  strengths: ['Drawing'],
  challenges: ['Transitions'],
  interests: ['Dinosaurs', 'Lego'],
  notes: 'Does best with a visual schedule.',
  avatarColor: '#b5d5d0',
} as const;

describe.each(ENGINES)('REST /api/children on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  async function activityCount(): Promise<number> {
    const row = await server.db
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Snapshot of everything a bad request must leave alone. */
  async function writesSnapshot() {
    return { children: await countChildren(server.db), activities: await activityCount() };
  }

  describe('happy paths', () => {
    it('POST creates a child: 201 with id, ageYears, defaults and ISO timestamps', async () => {
      const parent = await signUpParent(server);
      const before = Date.now();
      const dateOfBirth = yearsAgo(8);
      const created = await api(server, 'POST', '/api/children', { token: parent.token, json: { firstName: '  Maya  ', dateOfBirth } });
      expect(created.status).toBe(201);
      expect(created.headers.get('content-type')).toContain('application/json');
      expect(created.body).toStrictEqual({
        id: expect.any(Number),
        firstName: 'Maya',
        lastName: null,
        dateOfBirth,
        ageYears: 8,
        grade: null,
        school: null,
        pronouns: null,
        supportPlan: null,
        planReviewDate: null,
        lastEvaluationDate: null,
        diagnoses: [],
        strengths: [],
        challenges: [],
        interests: [],
        notes: null,
        avatarColor: null,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
        role: 'owner',
        sharedWithYou: false,
      });
      const createdAt = Date.parse(created.body.createdAt);
      expect(createdAt).toBeGreaterThanOrEqual(before - 5_000);
      expect(createdAt).toBeLessThanOrEqual(Date.now() + 5_000);
      expect(Number.isInteger(created.body.id) && created.body.id > 0).toBe(true);

      const row = await childRow(server.db, created.body.id);
      expect(row?.ownerId).toBe(parent.userId);
    });

    it('POST keeps every field of a full profile, and GET /:id and GET list return it', async () => {
      const parent = await signUpParent(server);
      const created = await api(server, 'POST', '/api/children', { token: parent.token, json: fullChild });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject(fullChild);

      const one = await api(server, 'GET', `/api/children/${created.body.id}`, { token: parent.token });
      expect(one.status).toBe(200);
      expect(one.body).toStrictEqual(created.body);

      const second = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
      const list = await api(server, 'GET', '/api/children', { token: parent.token });
      expect(list.status).toBe(200);
      expect(list.body).toStrictEqual([created.body, second.body]);
    });

    it('a new parent lists an empty array', async () => {
      const parent = await signUpParent(server);
      const list = await api(server, 'GET', '/api/children', { token: parent.token });
      expect(list.status).toBe(200);
      expect(list.body).toStrictEqual([]);
    });

    it('ageYears counts whole years: the day before an 8th birthday is 7, the birthday is 8', async () => {
      const parent = await signUpParent(server);
      const eight = await api(server, 'POST', '/api/children', { token: parent.token, json: { firstName: 'A', dateOfBirth: yearsAgo(8) } });
      const dayAfter = isoDay(1, new Date(`${yearsAgo(8)}T12:00:00Z`));
      const seven = await api(server, 'POST', '/api/children', { token: parent.token, json: { firstName: 'B', dateOfBirth: dayAfter } });
      expect([eight.body.ageYears, seven.body.ageYears]).toEqual([8, 7]);
    });

    it('accepts the boundaries: born today (age 0), 26 years ago less a day, a leap day, 20 diagnoses, 5000-character notes', async () => {
      const parent = await signUpParent(server);
      const bodies = [
        { firstName: 'Today', dateOfBirth: isoDay(0) },
        { firstName: 'Oldest', dateOfBirth: isoDay(1, new Date(`${yearsAgo(26)}T12:00:00Z`)) },
        { firstName: 'Leap', dateOfBirth: '2024-02-29' },
        { ...validChild, diagnoses: Array.from({ length: 20 }, (_, i) => `Diagnosis ${i + 1}`) },
        { ...validChild, notes: 'n'.repeat(5000), firstName: 'x'.repeat(60) },
      ];
      const answers = [];
      for (const json of bodies) answers.push(await api(server, 'POST', '/api/children', { token: parent.token, json }));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
      expect(answers[0]?.body.ageYears).toBe(0);
      expect(answers[1]?.body.ageYears).toBe(25);
      expect(answers[3]?.body.diagnoses).toHaveLength(20);
    });

    it('PUT changes the given fields only, returns 200 with the child, and moves updatedAt', async () => {
      const parent = await signUpParent(server);
      const created = await api(server, 'POST', '/api/children', { token: parent.token, json: fullChild });
      await new Promise((resolve) => setTimeout(resolve, 15));
      const updated = await api(server, 'PUT', `/api/children/${created.body.id}`, {
        token: parent.token,
        json: { lastName: null, diagnoses: ['Dyscalculia'], grade: '4' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toStrictEqual({
        ...created.body,
        lastName: null,
        diagnoses: ['Dyscalculia'],
        grade: '4',
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Date.parse(updated.body.updatedAt)).toBeGreaterThan(Date.parse(created.body.updatedAt));
      expect(updated.body.createdAt).toBe(created.body.createdAt);

      const fetched = await api(server, 'GET', `/api/children/${created.body.id}`, { token: parent.token });
      expect(fetched.body).toStrictEqual(updated.body);
    });

    it('DELETE answers {"id": n, "deleted": true, "exportsWithdrawn": 0}; the child is gone and a second DELETE is 404', async () => {
      const parent = await signUpParent(server);
      const created = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
      const deleted = await api(server, 'DELETE', `/api/children/${created.body.id}`, { token: parent.token });
      expect(deleted.status).toBe(200);
      expect(deleted.text).toBe(JSON.stringify({ id: created.body.id, deleted: true, exportsWithdrawn: 0 }));
      expect(deleted.body).toStrictEqual({ id: created.body.id, deleted: true, exportsWithdrawn: 0 });

      expectApiError(await api(server, 'GET', `/api/children/${created.body.id}`, { token: parent.token }), 404, 'NOT_FOUND');
      expect((await api(server, 'GET', '/api/children', { token: parent.token })).body).toStrictEqual([]);
      expect(await childRow(server.db, created.body.id)).toBeUndefined();
      expectApiError(await api(server, 'DELETE', `/api/children/${created.body.id}`, { token: parent.token }), 404, 'NOT_FOUND');
    });

    it('DELETE leaves no activity that names the child', async () => {
      const parent = await signUpParent(server);
      const created = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
      await api(server, 'PUT', `/api/children/${created.body.id}`, { token: parent.token, json: { notes: 'changed' } });
      await api(server, 'POST', `/api/observations?childId=${created.body.id}`, { token: parent.token, json: { what: 'Read two pages' } });
      expect((await api(server, 'DELETE', `/api/children/${created.body.id}`, { token: parent.token })).status).toBe(200);
      const mentions = await server.db
        .selectFrom('activities')
        .select(['action', 'childId', 'subjectId'])
        .where((eb) =>
          eb.or([eb('childId', '=', created.body.id), eb.and([eb('subjectType', '=', 'child'), eb('subjectId', '=', created.body.id)])]),
        )
        .execute();
      expect(mentions).toEqual([]);
      // The parent had only this child, so nothing of theirs is left in the feed's table.
      expect(await server.db.selectFrom('activities').select('action').where('ownerId', '=', parent.userId).execute()).toEqual([]);
    });

    it('records each change as an activity without the child’s details', async () => {
      const parent = await signUpParent(server);
      const created = await api(server, 'POST', '/api/children', { token: parent.token, json: fullChild });
      await api(server, 'PUT', `/api/children/${created.body.id}`, { token: parent.token, json: { notes: 'changed' } });
      const activities = await server.db
        .selectFrom('activities')
        .select(['action', 'childId', 'subjectId', 'actorId'])
        .where('ownerId', '=', parent.userId)
        .orderBy('id')
        .execute();
      expect(activities).toEqual([
        { action: 'child.created', childId: created.body.id, subjectId: created.body.id, actorId: parent.userId },
        { action: 'child.updated', childId: created.body.id, subjectId: created.body.id, actorId: parent.userId },
      ]);
    });
  });

  describe('anonymous callers', () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/children'],
      ['POST', '/api/children', validChild],
      ['GET', '/api/children/1'],
      ['PUT', '/api/children/1', { firstName: 'Nope' }],
      ['DELETE', '/api/children/1'],
    ];

    it.each(calls)('%s %s without a token is 401 with the JSON error body', async (method, path, json) => {
      const before = await writesSnapshot();
      const response = await api(server, method, path, { json });
      const error = expectApiError(response, 401, 'UNAUTHORIZED');
      expect(error.message).toMatch(/sign in/i);
      expect(await writesSnapshot()).toEqual(before);
    });

    it.each([
      ['a garbage bearer token', { authorization: 'Bearer not-a-jwt' }],
      ['a Basic credential', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
    ])('%s is 401', async (_label, headers) => {
      expect(errorSummary(await api(server, 'GET', '/api/children', { headers }))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        json: true,
      });
    });

    it('the gate comes before validation: an anonymous invalid body is 401, not 400', async () => {
      expect(errorSummary(await api(server, 'POST', '/api/children', { json: { bogus: true } }))).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
        json: true,
      });
    });
  });

  describe('bad input is a 400 naming the field and writes nothing', () => {
    let parent: Awaited<ReturnType<typeof signUpParent>>;
    beforeAll(async () => {
      parent = await signUpParent(server);
    });

    const badCreates: [string, unknown, string][] = [
      ['missing firstName', { dateOfBirth: '2016-05-02' }, 'firstName'],
      ['blank firstName', { firstName: '   ', dateOfBirth: '2016-05-02' }, 'firstName'],
      ['firstName over 60 characters', { firstName: 'x'.repeat(61), dateOfBirth: '2016-05-02' }, 'firstName'],
      ['missing dateOfBirth', { firstName: 'Maya' }, 'dateOfBirth'],
      // Two days ahead: the table is built before the tests run, which may be after midnight.
      ['date of birth in the future', { firstName: 'Maya', dateOfBirth: isoDay(2) }, 'dateOfBirth'],
      ['date of birth exactly 26 years ago', { firstName: 'Maya', dateOfBirth: yearsAgo(26) }, 'dateOfBirth'],
      ['date of birth 40 years ago', { firstName: 'Maya', dateOfBirth: yearsAgo(40) }, 'dateOfBirth'],
      ['2023-02-29, a day that does not exist', { firstName: 'Maya', dateOfBirth: '2023-02-29' }, 'dateOfBirth'],
      ['a US-style date', { firstName: 'Maya', dateOfBirth: '05/02/2016' }, 'dateOfBirth'],
      ['a date with a time', { firstName: 'Maya', dateOfBirth: '2016-05-02T00:00:00Z' }, 'dateOfBirth'],
      ['an unknown key (strict schema)', { ...validChild, isAdmin: true }, 'isAdmin'],
      ['an ownerId (no mass assignment)', { ...validChild, ownerId: 'user_someone_else' }, 'ownerId'],
      ['an id', { ...validChild, id: 1 }, 'id'],
      ['21 diagnoses', { ...validChild, diagnoses: Array.from({ length: 21 }, (_, i) => `D${i}`) }, 'diagnoses'],
      ['an empty diagnosis', { ...validChild, diagnoses: [''] }, 'diagnoses.0'],
      ['an 81-character interest', { ...validChild, interests: ['ok', 'i'.repeat(81)] }, 'interests.1'],
      ['diagnoses as a string', { ...validChild, diagnoses: 'ADHD' }, 'diagnoses'],
      ['avatarColor "red"', { ...validChild, avatarColor: 'red' }, 'avatarColor'],
      ['avatarColor without #', { ...validChild, avatarColor: 'b5d5d0' }, 'avatarColor'],
      ['grade 13', { ...validChild, grade: '13' }, 'grade'],
      ['supportPlan in capitals', { ...validChild, supportPlan: 'IEP' }, 'supportPlan'],
      ['notes over 5000 characters', { ...validChild, notes: 'n'.repeat(5001) }, 'notes'],
      ['planReviewDate not a date', { ...validChild, planReviewDate: 'next spring' }, 'planReviewDate'],
      ['firstName as a number', { firstName: 42, dateOfBirth: '2016-05-02' }, 'firstName'],
    ];

    it.each(badCreates)('POST with %s', async (_label, json, path) => {
      const before = await writesSnapshot();
      const response = await api(server, 'POST', '/api/children', { token: parent.token, json });
      expect(issuePaths(response)).toContain(path);
      expect(await writesSnapshot()).toEqual(before);
    });

    it('an unknown key is reported as an unknown field', async () => {
      const response = await api(server, 'POST', '/api/children', { token: parent.token, json: { ...validChild, nickname: 'M' } });
      const error = expectApiError(response, 400, 'BAD_REQUEST');
      expect(error.issues).toEqual([{ path: 'nickname', message: expect.stringContaining('nickname') }]);
    });

    it.each([
      ['an array', []],
      ['null', null],
      ['a string', 'Maya'],
      ['a number', 7],
    ])('POST with %s as the body', async (_label, json) => {
      const before = await writesSnapshot();
      expectApiError(await api(server, 'POST', '/api/children', { token: parent.token, json }), 400, 'BAD_REQUEST');
      expect(await writesSnapshot()).toEqual(before);
    });

    it('POST with no body is 400', async () => {
      const before = await writesSnapshot();
      expectApiError(
        await api(server, 'POST', '/api/children', { token: parent.token, headers: { 'content-type': 'application/json' } }),
        400,
        'BAD_REQUEST',
      );
      expect(await writesSnapshot()).toEqual(before);
    });

    it('PUT with bad fields, an unknown key, or nothing to change is 400 and the child is unchanged', async () => {
      const created = await api(server, 'POST', '/api/children', { token: parent.token, json: fullChild });
      const rowBefore = await childRow(server.db, created.body.id);
      const before = await writesSnapshot();
      const cases: [unknown, string][] = [
        [{ firstName: '' }, 'firstName'],
        [{ dateOfBirth: isoDay(2) }, 'dateOfBirth'],
        [{ dateOfBirth: '2023-02-29' }, 'dateOfBirth'],
        [{ ownerId: 'user_other', firstName: 'Ok' }, 'ownerId'],
        [{ createdAt: '2020-01-01T00:00:00.000Z' }, 'createdAt'],
        [{ diagnoses: Array.from({ length: 21 }, (_, i) => `D${i}`) }, 'diagnoses'],
        [{ avatarColor: '#12345g' }, 'avatarColor'],
        [{ firstName: null }, 'firstName'],
        [{ dateOfBirth: null }, 'dateOfBirth'],
        [{}, ''],
      ];
      const named: [string, string[]][] = [];
      for (const [json] of cases) {
        const response = await api(server, 'PUT', `/api/children/${created.body.id}`, { token: parent.token, json });
        named.push([JSON.stringify(json), issuePaths(response)]);
      }
      expect(named).toEqual(cases.map(([json, path]) => [JSON.stringify(json), expect.arrayContaining([path])]));
      expect(await childRow(server.db, created.body.id)).toEqual(rowBefore);
      expect(await writesSnapshot()).toEqual(before);
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999', '2147483648', '1e3'])('a path id of %s is 400 on GET, PUT and DELETE', async (id) => {
      const before = await writesSnapshot();
      for (const [method, json] of [['GET'], ['PUT', { firstName: 'X' }], ['DELETE']] as const) {
        const response = await api(server, method, `/api/children/${id}`, { token: parent.token, json });
        const error = expectApiError(response, 400, 'BAD_REQUEST');
        expect(error.message).toMatch(/id/i);
      }
      expect(await writesSnapshot()).toEqual(before);
    });

    it('malformed JSON is 400', async () => {
      const before = await writesSnapshot();
      const response = await api(server, 'POST', '/api/children', {
        token: parent.token,
        body: '{"firstName": "Maya", "dateOfBirth": ',
        headers: { 'content-type': 'application/json' },
      });
      const error = expectApiError(response, 400, 'BAD_REQUEST');
      expect(error.message).toMatch(/JSON/);
      expect(await writesSnapshot()).toEqual(before);
    });

    it('a body over 1 MB is 413, on POST and PUT', async () => {
      const created = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
      const before = await writesSnapshot();
      const body = JSON.stringify({ ...validChild, notes: 'n'.repeat(1024 * 1024 + 10) });
      const headers = { 'content-type': 'application/json' };
      expectApiError(await api(server, 'POST', '/api/children', { token: parent.token, body, headers }), 413, 'PAYLOAD_TOO_LARGE');
      expectApiError(
        await api(server, 'PUT', `/api/children/${created.body.id}`, { token: parent.token, body, headers }),
        413,
        'PAYLOAD_TOO_LARGE',
      );
      expect(await writesSnapshot()).toEqual(before);
    });

    it.each([
      ['text/plain', JSON.stringify(validChild)],
      ['application/x-www-form-urlencoded', 'firstName=Maya&dateOfBirth=2016-05-02'],
    ])('a %s body is 415', async (contentType, body) => {
      const before = await writesSnapshot();
      const response = await api(server, 'POST', '/api/children', { token: parent.token, body, headers: { 'content-type': contentType } });
      expectApiError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(await writesSnapshot()).toEqual(before);
    });

    it.each([
      ['a NUL character in notes', { notes: 'before\u0000after' }],
      ['a NUL character in a diagnosis', { diagnoses: ['ADHD\u0000'] }],
      ['an accented letter then a lone surrogate in an interest', { interests: ['\u00e9\udfff'] }],
    ])('%s never gives a 5xx, and a 4xx writes nothing', async (_label, extra) => {
      // PostgreSQL text cannot hold U+0000, and PGlite builds a broken array literal for "é" + a lone surrogate:
      // the API must answer those as bad input (or store them safely), never fail with a 500.
      const before = await writesSnapshot();
      const response = await api(server, 'POST', '/api/children', { token: parent.token, json: { ...validChild, ...extra } });
      expect(response.status).toBeLessThan(500);
      const after = await writesSnapshot();
      expect(response.status < 400 || isDeepStrictEqual(after, before)).toBe(true);
    });
  });

  describe('another parent’s child', () => {
    it('is 404 on GET, PUT and DELETE, with the same answer as a child that does not exist, and nothing changes', async () => {
      const owner = await signUpParent(server);
      const stranger = await signUpParent(server);
      const created = await api(server, 'POST', '/api/children', { token: owner.token, json: fullChild });
      const rowBefore = await childRow(server.db, created.body.id);
      const before = await writesSnapshot();

      const path = `/api/children/${created.body.id}`;
      const answers = [
        await api(server, 'GET', path, { token: stranger.token }),
        await api(server, 'PUT', path, { token: stranger.token, json: { firstName: 'Hijacked' } }),
        await api(server, 'DELETE', path, { token: stranger.token }),
      ];
      const missing = [
        await api(server, 'GET', '/api/children/2147483647', { token: stranger.token }),
        await api(server, 'PUT', '/api/children/2147483647', { token: stranger.token, json: { firstName: 'Hijacked' } }),
        await api(server, 'DELETE', '/api/children/2147483647', { token: stranger.token }),
      ];
      for (const answer of [...answers, ...missing]) expectApiError(answer, 404, 'NOT_FOUND');
      expect(answers.map((answer) => answer.body)).toEqual(missing.map((answer) => answer.body));

      expect(await childRow(server.db, created.body.id)).toEqual(rowBefore);
      expect(await writesSnapshot()).toEqual(before);
      expect((await api(server, 'GET', '/api/children', { token: stranger.token })).body).toStrictEqual([]);
      expect((await api(server, 'GET', path, { token: owner.token })).body).toStrictEqual(created.body);
    });
  });

  describe('unknown /api paths', () => {
    it.each([
      ['GET', '/api/nope'],
      ['GET', '/api/children/1/siblings'],
      ['POST', '/api/feature-flags'],
      ['PATCH', '/api/children/1'],
    ])('%s %s is a JSON 404, not the SPA', async (method, path) => {
      const parent = await signUpParent(server);
      const response = await api(server, method, path, { token: parent.token, headers: { accept: 'text/html' } });
      expectApiError(response, 404, 'NOT_FOUND');
      expect(response.text).not.toMatch(/<html/i);
    });
  });
});
