import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { ENGINES } from '../helpers/test-database.ts';

describe.each(ENGINES)('smoke on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  it('creates and lists a child', async () => {
    const parent = await signUpParent(server);
    const created = await api(server, 'POST', '/api/children', { token: parent.token, json: validChild });
    expect(created.status).toBe(201);
    const list = await api(server, 'GET', '/api/children', { token: parent.token });
    expect(list.body).toEqual([created.body]);
  });
});
