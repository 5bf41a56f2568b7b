/**
 * PostgreSQL going away: a TCP proxy sits between the server and the database; closing it answers 503
 * (never 500), and reopening it on the same port brings the API back without restarting the server.
 * Needs a real PostgreSQL server, so it runs only when TEST_DATABASE_URL is set.
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { api, signUpParent, startTestServer, validChild, type TestServer } from '../helpers/test-server.ts';
import { expectApiError } from '../helpers/integration-kit.ts';

/** A plain TCP forwarder that can be cut (every socket destroyed, port closed) and restored on the same port. */
class TcpProxy {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  readonly #targetHost: string;
  readonly #targetPort: number;
  port = 0;

  constructor(targetHost: string, targetPort: number) {
    this.#targetHost = targetHost;
    this.#targetPort = targetPort;
  }

  async open(port = this.port): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.#targetPort, this.#targetHost);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('PostgreSQL outage', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let proxied: Db;
  const poolErrors: string[] = [];
  let server: TestServer;
  let parent: Awaited<ReturnType<typeof signUpParent>>;
  let childId: number;

  beforeAll(async () => {
    direct = await createTestDatabase('postgres');
    const target = new URL(databaseUrl as string);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.open();
    const url = new URL(direct.url as string);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    proxied = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }, (error) => poolErrors.push(error.message));
    const database: TestDatabase = { kind: 'postgres', db: proxied, url: url.toString(), drop: async () => {} };
    server = await startTestServer({ engine: 'postgres', database });
    parent = await signUpParent(server);
    childId = (await api(server, 'POST', '/api/children', { token: parent.token, json: validChild })).body.id;
  });

  afterAll(async () => {
    await server?.close();
    await proxy?.cut();
    await proxied?.destroy();
    await direct?.drop();
  });

  it('works through the proxy before the outage', async () => {
    expect((await api(server, 'GET', '/readyz')).status).toBe(200);
    const list = await api(server, 'GET', '/api/children', { token: parent.token });
    expect(list.status).toBe(200);
    expect(list.body.map((child: { id: number }) => child.id)).toEqual([childId]);
  });

  it('answers 503 SERVICE_UNAVAILABLE (never 500) while the database is gone, and recovers when it is back', async () => {
    await proxy.cut();

    const during = [
      await api(server, 'GET', '/api/children', { token: parent.token }),
      await api(server, 'GET', `/api/children/${childId}`, { token: parent.token }),
      await api(server, 'POST', '/api/children', { token: parent.token, json: validChild }),
      await api(server, 'PUT', `/api/children/${childId}`, { token: parent.token, json: { firstName: 'Offline' } }),
      await api(server, 'POST', '/api/auth/sign-in', { json: { email: parent.email, password: 'a long enough password' } }),
    ];
    for (const response of during) {
      const error = expectApiError(response, 503, 'SERVICE_UNAVAILABLE');
      expect(error.message).toMatch(/database is unavailable/i);
      // As the document says: when to try again.
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // /readyz says the same and which dependency is down; the file store (on disk here) is fine.
    const ready = await api(server, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ready.body).toMatchObject({
      error: { code: 'SERVICE_UNAVAILABLE' },
      status: 'unavailable',
      dependencies: { database: { status: 'unavailable', setting: 'DATABASE_URL' }, fileStore: { status: 'ok' } },
    });
    // The process itself is up.
    expect((await api(server, 'GET', '/healthz')).status).toBe(200);

    // tRPC says the same, with the same code.
    const trpc = await api(server, 'GET', '/api/trpc/children.list', { token: parent.token });
    expect(trpc.status).toBe(503);
    expect(JSON.stringify(trpc.body)).toContain('SERVICE_UNAVAILABLE');

    // Each 503 is logged with its cause, as the database's (never the file store's).
    const logged = server.logLines.map((line) => JSON.parse(line) as { level: number; msg: string; cause?: { message?: string } });
    const unavailable = logged.filter((line) => line.msg === 'database unavailable');
    expect(unavailable.length).toBeGreaterThanOrEqual(5);
    expect(unavailable.every((line) => typeof line.cause?.message === 'string')).toBe(true);
    expect(logged.some((line) => line.msg === 'file store unavailable')).toBe(false);

    // Nothing was logged as an unexpected server error.
    const errors = server.logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);

    await proxy.open();

    expect((await api(server, 'GET', '/readyz')).status).toBe(200);
    const list = await api(server, 'GET', '/api/children', { token: parent.token });
    expect(list.status).toBe(200);
    expect(list.body.map((child: { id: number; firstName: string }) => [child.id, child.firstName])).toEqual([
      [childId, validChild.firstName],
    ]);
    const created = await api(server, 'POST', '/api/children', { token: parent.token, json: { ...validChild, firstName: 'Back' } });
    expect(created.status).toBe(201);
    const trpcAfter = await api(server, 'GET', '/api/trpc/children.list', { token: parent.token });
    expect(trpcAfter.status).toBe(200);
  });
});
