/**
 * Properties of POST/PUT /api/children under random bodies: never a 5xx, and a 4xx never writes.
 */
import { isDeepStrictEqual } from 'node:util';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childSchema, GRADES, SUPPORT_PLANS } from '#shared/schemas/child.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { childRow, countChildren, isoDay, yearsAgo } from '../helpers/integration-kit.ts';

const NUM_RUNS = 100;

/** Characters that have broken APIs before: NUL, lone surrogates, quotes, backslashes, emoji, control characters. */
const nastyChar = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  '\uffff',
  '\u0001',
  '\u001b',
  'é',
  '😀',
  ' ',
  '\n',
  '\t',
  '%',
  "'",
  '"',
  '\\',
  'a',
  'Z',
  '0',
  '<',
  '>',
);

/** Strings of every kind: ASCII, any code point, nasty characters, long ones. */
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: nastyChar, maxLength: 20 }),
  fc.string({ minLength: 55, maxLength: 130 }),
);

/** Text a field accepts by length, in any characters. */
const text = (maxLength: number, minLength = 0) =>
  fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: nastyChar, minLength, maxLength: Math.min(maxLength, 30) }),
    fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, 30) }),
  );

/** Values that are wrong for most fields: numbers at the edges, nested objects, null, booleans. */
const junk = fc.oneof(
  anyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER * 1024, 2 ** 31, -1, 0, 0.5),
  fc.constant(null),
  fc.boolean(),
  fc.array(anyString, { maxLength: 25 }),
  fc.object({ maxDepth: 2 }),
);

const isoDayOf = (date: Date) => date.toISOString().slice(0, 10);
const birthDate = fc
  .date({ min: new Date(`${yearsAgo(25)}T00:00:00Z`), max: new Date(`${isoDay(0)}T00:00:00Z`), noInvalidDate: true })
  .map(isoDayOf);
const anyDate = fc
  .date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map(isoDayOf);
const edgeDates = fc.constantFrom(
  isoDay(0),
  isoDay(1),
  yearsAgo(26),
  yearsAgo(25),
  '2023-02-29',
  '2024-02-29',
  '0000-01-01',
  '0099-12-31',
  '9999-12-31',
  '2016-13-01',
  '2016-5-2',
);
const tagList = fc.array(text(80, 1), { maxLength: 21 });

/** Mostly what the field accepts, sometimes junk: so most bodies get past validation to the database. */
const field = <T>(accepted: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: accepted }, { weight: 1, arbitrary: junk });

/** A record mixing valid and invalid child fields, any subset, sometimes with unknown keys. */
const childish = fc
  .tuple(
    fc.boolean(),
    fc.record(
      {
        firstName: field(text(60, 1)),
        lastName: field(fc.option(text(60), { nil: null })),
        dateOfBirth: field(fc.oneof({ weight: 4, arbitrary: birthDate }, { weight: 1, arbitrary: edgeDates })),
        grade: field(fc.option(fc.constantFrom(...GRADES), { nil: null })),
        school: field(fc.option(text(120), { nil: null })),
        pronouns: field(fc.option(text(40), { nil: null })),
        supportPlan: field(fc.option(fc.constantFrom(...SUPPORT_PLANS), { nil: null })),
        planReviewDate: field(fc.option(fc.oneof(anyDate, edgeDates), { nil: null })),
        lastEvaluationDate: field(fc.option(fc.oneof(anyDate, edgeDates), { nil: null })),
        diagnoses: field(tagList),
        strengths: field(tagList),
        challenges: field(tagList),
        interests: field(tagList),
        notes: field(fc.option(fc.oneof(text(5000), fc.constant('n'.repeat(5001))), { nil: null })),
        avatarColor: field(fc.option(fc.oneof(fc.stringMatching(/^#[0-9a-fA-F]{6}$/), fc.constantFrom('#12345', 'red')), { nil: null })),
      },
      { requiredKeys: [] },
    ),
    fc.option(
      fc.dictionary(fc.constantFrom('id', 'ownerId', 'createdAt', '__proto__', 'constructor', 'extra', 'ageYears'), junk, { maxKeys: 2 }),
      { freq: 8, nil: undefined },
    ),
  )
  .map(([withBase, fields, extra]) => ({ ...(withBase ? validChild : {}), ...fields, ...extra }));

/** Anything at all as the JSON body: a child-like record most of the time, arbitrary JSON otherwise. */
const anyBody = fc.oneof(
  { weight: 5, arbitrary: childish },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.record(Object.fromEntries(Object.entries(validChild).map(([key, value]) => [key, fc.constant(value)]))) },
);

function send(server: TestServer, method: string, path: string, token: string, body: unknown) {
  const payload = JSON.stringify(body);
  return api(server, method, path, {
    token,
    headers: { 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { body: payload }),
  });
}

describe.each(ENGINES)('random child bodies on %s', (engine) => {
  let server: TestServer;
  let parent: Awaited<ReturnType<typeof signUpParent>>;
  let stranger: Awaited<ReturnType<typeof signUpParent>>;
  let targetId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    parent = await signUpParent(server);
    stranger = await signUpParent(server);
    const created = await api(server, 'POST', '/api/children', { token: parent.token, json: { ...validChild, notes: 'the target' } });
    targetId = created.body.id;
  });
  afterAll(() => server.close());

  it(`POST /api/children: never a 5xx; a 4xx writes nothing, a 201 writes exactly one child (${NUM_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const before = await countChildren(server.db);
        const response = await send(server, 'POST', '/api/children', parent.token, body);
        expect(response.status).toBeLessThan(500);
        const accepted = response.status < 400;
        const observed = {
          status: accepted ? response.status : '4xx',
          written: (await countChildren(server.db)) - before,
          errorCode: accepted ? null : typeof response.body?.error?.code,
          childShape: accepted ? childSchema.safeParse(response.body).success : null,
          owner: accepted ? (await childRow(server.db, response.body.id))?.ownerId : null,
        };
        expect(observed).toEqual(
          accepted
            ? { status: 201, written: 1, errorCode: null, childShape: true, owner: parent.userId }
            : { status: '4xx', written: 0, errorCode: 'string', childShape: null, owner: null },
        );
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it(`PUT /api/children/:id: never a 5xx; a 4xx leaves the child as it was, a 200 is what was stored (${NUM_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const rowBefore = await childRow(server.db, targetId);
        const countBefore = await countChildren(server.db);
        const response = await send(server, 'PUT', `/api/children/${targetId}`, parent.token, body);
        expect(response.status).toBeLessThan(500);
        const rowAfter = await childRow(server.db, targetId);
        expect(await countChildren(server.db)).toBe(countBefore);
        const accepted = response.status < 400;
        const stored = accepted ? (await api(server, 'GET', `/api/children/${targetId}`, { token: parent.token })).body : null;
        const observed = {
          status: accepted ? response.status : '4xx',
          errorCode: accepted ? null : typeof response.body?.error?.code,
          unchanged: accepted ? null : isDeepStrictEqual(rowAfter, rowBefore),
          answerIsStored: accepted ? isDeepStrictEqual(stored, response.body) : null,
          owner: rowAfter?.ownerId,
        };
        expect(observed).toEqual(
          accepted
            ? { status: 200, errorCode: null, unchanged: null, answerIsStored: true, owner: parent.userId }
            : { status: '4xx', errorCode: 'string', unchanged: true, answerIsStored: null, owner: parent.userId },
        );
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('random path ids from a stranger never give a 5xx and never touch the parent’s children', async () => {
    const pathId = fc.oneof(
      fc.nat().map(String),
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.constantFrom(String(targetId), '0', '-1', '1e2', '99999999999'),
    );
    const snapshot = async () => server.db.selectFrom('children').selectAll().where('ownerId', '=', parent.userId).orderBy('id').execute();
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'PUT', 'DELETE'), pathId, childish, async (method, id, body) => {
        const response = await send(
          server,
          method,
          `/api/children/${encodeURIComponent(id)}`,
          stranger.token,
          method === 'PUT' ? body : undefined,
        );
        expect(response.status).toBeLessThan(500);
        // GET may land on the list itself when the id is a dot segment ("/api/children/." is "/api/children/").
        expect(method === 'GET' ? [200, 400, 404] : [400, 404]).toContain(response.status);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });
});
