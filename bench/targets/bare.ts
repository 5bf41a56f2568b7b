// The baseline: bare node:http + a pg Pool, doing the same work as Trelli's children list: verify the
// same HS256 bearer token with jose, run the same query, JSON-encode the rows. No framework at all.
// Env: BENCH_DATABASE_URL, BENCH_AUTH_SECRET. stdout carries `{"listening":"http://127.0.0.1:<port>"}`.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { Pool } from 'pg';

const key = new TextEncoder().encode(process.env.BENCH_AUTH_SECRET);
// Same size as Trelli's pool (server/db/database.ts).
const pool = new Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });

/** Path -> the JSON body for a verified owner. Add a route here when a scenario needs a new baseline. */
const routes = new Map<string, (ownerId: string) => Promise<unknown>>([
  ['/children', async (ownerId) => (await pool.query('SELECT * FROM children WHERE owner_id = $1 ORDER BY id', [ownerId])).rows],
]);

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function ownerOf(header: string | undefined): Promise<string | null> {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key, { issuer: 'trelli', audience: 'trelli-api', algorithms: ['HS256'] });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

const server = createServer((req, res) => {
  const route = routes.get((req.url ?? '/').split('?')[0] ?? '/');
  if (!route) return send(res, 404, { error: 'not found' });
  ownerOf(req.headers.authorization)
    .then(async (ownerId) => (ownerId ? send(res, 200, await route(ownerId)) : send(res, 401, { error: 'unauthorized' })))
    .catch(() => send(res, 500, { error: 'internal' }));
});
server.keepAliveTimeout = 5_000;

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ listening: `http://127.0.0.1:${port}` })}\n`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => {
      void pool.end().then(() => process.exit(0));
    });
  });
}
