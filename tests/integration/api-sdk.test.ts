/**
 * Issue 16, the typed SDK: the committed types in docs/sdk/trelli-api.ts are what openapi-typescript
 * makes of the live document, and the example client in docs/sdk/ works against a real server.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExample, TrelliApiError } from '../../docs/sdk/example-client.ts';
import type { components } from '../../docs/sdk/trelli-api.ts';
import { API_TYPES_PATH, generateApiTypes } from '../../scripts/lib/api-types.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, signUpParentWithChild, startTestServer, type TestServer } from '../helpers/test-server.ts';

type Schemas = components['schemas'];

describe.each(ENGINES)('the typed SDK on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  it('the committed types are what openapi-typescript makes of GET /api/openapi.json', async () => {
    const live = await api(server, 'GET', '/api/openapi.json');
    expect(live.status).toBe(200);
    const committed = readFileSync(new URL(`../../${API_TYPES_PATH}`, import.meta.url), 'utf8');
    expect(committed, `${API_TYPES_PATH} has drifted from the API document: run npm run generate:api-types`).toBe(
      await generateApiTypes(live.body),
    );
  });

  it('request fields with a server default are optional in the types, and the server fills them in', async () => {
    const family = await signUpParentWithChild(server);
    // These bodies type-check only while every defaulted field is optional (npm run typecheck).
    const observation: Schemas['ObservationCreate'] = { what: 'Asked for help' };
    const goal: Schemas['GoalCreate'] = { area: 'math', title: 'Count to 100' };
    const strategy: Schemas['StrategyCreate'] = { title: 'Timer' };
    const milestone: Schemas['MilestoneCreate'] = { title: 'Visit the school', dueDate: new Date().toISOString().slice(0, 10) };
    const contact: Schemas['ContactMessage'] = { name: 'Sam', email: 'sam@example.com', message: 'Hello there, a question.' };

    const answers = {
      observation: await family.call('POST', '/observations', observation),
      goal: await family.call('POST', '/goals', goal),
      strategy: await family.call('POST', '/strategies', strategy),
      milestone: await family.call('POST', '/milestones', milestone),
    };
    expect({
      statuses: Object.values(answers).map((answer) => answer.status),
      observation: answers.observation.body.setting,
      goal: [answers.goal.body.status, answers.goal.body.source],
      strategy: [answers.strategy.body.whereUsed, answers.strategy.body.kind, answers.strategy.body.active],
      milestone: [answers.milestone.body.category, answers.milestone.body.status],
    }).toEqual({
      statuses: [201, 201, 201, 201],
      observation: 'home',
      goal: ['in-progress', 'home'],
      strategy: ['home', 'routine', true],
      milestone: ['school-year', 'upcoming'],
    });
    const receipt = await api(server, 'POST', '/api/contact', { json: contact });
    expect(receipt.status).toBe(201);
    const stored = await server.db
      .selectFrom('contactMessages')
      .select('topic')
      .where('id', '=', receipt.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.topic).toBe('question');
  });

  describe('the example client (docs/sdk/example-client.ts)', () => {
    let accounts = 0;
    /** An email no test has used yet. */
    const newCredentials = () => {
      accounts += 1;
      return { email: `sdk-example-${accounts}-${engine}@example.com`, password: 'a long enough password' };
    };

    it('signs up, adds a child, a goal and an observation as its evidence, and reads them back', async () => {
      const credentials = newCredentials();
      const report = await runExample(server.url, credentials);

      const user = await server.db.selectFrom('users').selectAll().where('id', '=', report.userId).executeTakeFirstOrThrow();
      const children = await server.db.selectFrom('children').selectAll().where('ownerId', '=', report.userId).execute();
      const goals = await server.db.selectFrom('goals').selectAll().where('childId', '=', report.childId).execute();
      const observations = await server.db.selectFrom('observations').selectAll().where('childId', '=', report.childId).execute();
      expect({
        email: user.email,
        children: children.map((child) => [child.id, child.firstName, child.dateOfBirth]),
        goals: goals.map((row) => [row.id, row.area, row.title, row.status]),
        observations: observations.map((row) => [row.id, row.what, row.isWin, row.setting, row.goalId]),
      }).toEqual({
        email: credentials.email,
        children: [[report.childId, 'Maya', expect.anything()]],
        goals: [[report.goalId, 'reading', 'Read a page aloud', 'in-progress']],
        observations: [[report.observationId, 'Read a whole page aloud without help', true, 'school', report.goalId]],
      });
      expect(report.observations).toEqual([{ id: report.observationId, what: 'Read a whole page aloud without help' }]);
      expect(report.goalEvidence).toEqual([report.observationId]);
      expect(report.observationsThisWeek).toBe(1);
    });

    it('signs in when the email already has an account, and works on that account', async () => {
      const credentials = newCredentials();
      const first = await runExample(server.url, credentials);
      const again = await runExample(server.url, credentials);
      const children = await server.db.selectFrom('children').select('id').where('ownerId', '=', again.userId).orderBy('id').execute();
      expect(again.userId).toBe(first.userId);
      expect(children.map((child) => child.id)).toEqual([first.childId, again.childId]);
      expect(again.observations).toEqual([{ id: again.observationId, what: 'Read a whole page aloud without help' }]);
    });

    it('reports a refused sign-in through the documented error shape, and writes nothing', async () => {
      const credentials = newCredentials();
      const signedUp = await runExample(server.url, credentials);
      const before = await server.db.selectFrom('children').select('id').where('ownerId', '=', signedUp.userId).execute();

      const failure = await runExample(server.url, { ...credentials, password: 'not the right password' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TrelliApiError);
      expect({ status: (failure as TrelliApiError).status, code: (failure as TrelliApiError).code }).toEqual({
        status: 401,
        code: 'UNAUTHORIZED',
      });
      const after = await server.db.selectFrom('children').select('id').where('ownerId', '=', signedUp.userId).execute();
      expect(after).toEqual(before);
    });
  });
});
