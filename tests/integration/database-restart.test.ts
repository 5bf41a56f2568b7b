/**
 * PostgreSQL restarting under load: the server runs as its own process, 20 clients read and write, and
 * its backends are terminated (pg_terminate_backend, as a restart does) while new connections are
 * refused for a moment. The process must stay up, answer 503 in the app's error format meanwhile, come
 * back by itself, and have kept every write it acknowledged. Needs a real PostgreSQL server, so it
 * runs only when TEST_DATABASE_URL is set.
 *
 * Only this test's server is touched: it logs in as a role of its own, to a database of its own, and
 * only that role's backends are terminated. "Refused" is that role's CONNECTION LIMIT 0 (SQLSTATE
 * 53300), standing in for the 57P03/ECONNREFUSED a restarting server gives.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../helpers/integration-kit.ts';
import { api, signUpParent, validChild, type ApiResponse } from '../helpers/test-server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const entry = path.resolve('server/index.ts');

/** A query as the superuser of TEST_DATABASE_URL, in its database or the named one. */
async function admin<T extends Record<string, unknown>>(text: string, values: unknown[] = [], database?: string): Promise<T[]> {
  const target = new URL(adminUrl as string);
  if (database) target.pathname = `/${database}`;
  const client = new Client({ connectionString: target.toString() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const byNumber = (a: number, b: number) => a - b;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!adminUrl)('PostgreSQL restarting under load', () => {
  const name = `trelli_restart_${randomBytes(6).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trelli-restart-'));
  let url: string;
  let exitCode: number | null | undefined;
  let output = '';
  let stop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    await admin(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
    await admin(`CREATE DATABASE ${name} OWNER ${name}`);
    const databaseUrl = new URL(adminUrl as string);
    databaseUrl.username = name;
    databaseUrl.password = password;
    databaseUrl.pathname = `/${name}`;
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<void>((resolve) =>
      child.on('exit', (code) => {
        exitCode = code;
        resolve();
      }),
    );
    stop = async () => {
      if (exitCode === undefined) child.kill('SIGTERM');
      await exited;
    };
    const deadline = Date.now() + 30_000;
    while (!(await fetch(`${url}/readyz`).catch(() => undefined))?.ok) {
      if (Date.now() > deadline || exitCode !== undefined) throw new Error(`the server did not become ready:\n${output}`);
      await sleep(200);
    }
  }, 60_000);

  afterAll(async () => {
    await stop();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`DROP ROLE IF EXISTS ${name}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Ends every connection the server has open right now. */
  const terminateBackends = () =>
    admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND datname = $1`, [name]);
  const refuseConnections = (refuse: boolean) => admin(`ALTER ROLE ${name} CONNECTION LIMIT ${refuse ? 0 : -1}`);

  it('stays up, answers 503 while the database is gone, recovers, and keeps every acknowledged write', async () => {
    const server = { url };
    const parent = await signUpParent(server);
    const acknowledged: number[] = [];
    const answers: ApiResponse[] = [];
    const unanswered: string[] = [];
    const load = { running: true };

    // 20 clients, as fast as answers come: half add a child, the others list them over REST or tRPC.
    const trpcAnswers: ApiResponse[] = [];
    const clients = Array.from({ length: 20 }, async (_, index) => {
      for (let round = 0; load.running; round += 1) {
        const trpc = index % 4 === 0;
        const response = await (
          trpc
            ? api(server, 'GET', '/api/trpc/children.list', { token: parent.token })
            : index % 2 === 0
              ? api(server, 'GET', '/api/children', { token: parent.token })
              : api(server, 'POST', '/api/children', {
                  token: parent.token,
                  json: { ...validChild, firstName: `Writer ${index}-${round}` },
                })
        ).catch((error: unknown) => {
          unanswered.push(String((error as Error).cause ?? error));
          return undefined;
        });
        if (!response) return;
        (trpc ? trpcAnswers : answers).push(response);
        if (response.status === 201) acknowledged.push((response.body as { id: number }).id);
      }
    });

    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    /** Waits (however slow the machine) until the load has moved on as `done` says; gives up if the server dies. */
    const waitFor = async (what: string, done: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!done()) {
        if (exitCode !== undefined || Date.now() > deadline) throw new Error(`never saw ${what}; the server said:\n${output}`);
        await sleep(20);
      }
    };

    const readyDuringOutage: number[] = [];
    for (let restart = 0; restart < 3; restart += 1) {
      const written = acknowledged.length;
      await waitFor('writes succeed', () => acknowledged.length >= written + 5);
      await refuseConnections(true);
      await terminateBackends();
      const refused = count(503);
      await waitFor('503s', () => count(503) >= refused + 10);
      // Anything that connected between the two statements above goes too.
      await terminateBackends();
      const ready = await fetch(`${url}/readyz`).catch(() => undefined);
      readyDuringOutage.push(ready?.status ?? 0);
      if (ready) {
        // Beside the error, /readyz names each dependency (issue 24).
        const { dependencies: _dependencies, status: _status, ...body } = (await ready.json()) as Record<string, unknown>;
        expectApiError({ status: ready.status, headers: ready.headers, body, text: '' }, 503, 'SERVICE_UNAVAILABLE');
      }
      await refuseConnections(false);
    }
    const written = acknowledged.length;
    await waitFor('writes succeed after the last outage', () => acknowledged.length >= written + 5);
    load.running = false;
    await Promise.all(clients);

    expect(exitCode, `the server process exited:\n${output}`).toBeUndefined();
    expect(unanswered, 'requests without an answer').toEqual([]);
    expect(readyDuringOutage).toEqual([503, 503, 503]);

    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 201, 503]);
    for (const answer of answers.filter((each) => each.status === 503)) {
      expect(expectApiError(answer, 503, 'SERVICE_UNAVAILABLE').message).toMatch(/database is unavailable/i);
    }
    expect([...new Set(trpcAnswers.map((answer) => answer.status))].sort()).toEqual([200, 503]);
    for (const answer of trpcAnswers.filter((each) => each.status === 503)) {
      expect((answer.body as { error: { json: { data: { code: string } } } }).error.json.data.code).toBe('SERVICE_UNAVAILABLE');
    }

    // Back by itself: ready, reading and writing.
    expect((await api(server, 'GET', '/readyz')).status).toBe(200);
    const created = await api(server, 'POST', '/api/children', { token: parent.token, json: { ...validChild, firstName: 'After' } });
    expect(created.status).toBe(201);
    acknowledged.push(created.body.id);
    const list = await api(server, 'GET', '/api/children', { token: parent.token });
    expect(list.status).toBe(200);

    // Every write the server said it made is in the database.
    const rows = await admin<{ id: number }>('SELECT id FROM children', [], name);
    const stored = new Set(rows.map((row) => Number(row.id)));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect((list.body as { id: number }[]).map((child) => child.id).sort(byNumber)).toEqual([...stored].sort(byNumber));
  }, 90_000);
});
