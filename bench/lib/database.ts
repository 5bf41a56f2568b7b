import { randomBytes } from 'node:crypto';
import { Client, type QueryResultRow } from 'pg';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

/** The machine's PostgreSQL server (trust auth); override with BENCH_ADMIN_DATABASE_URL. */
export const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  db: Db;
  /** Closes our pool and drops the database (safe to call twice). */
  drop(): Promise<void>;
}

async function adminQuery<R extends QueryResultRow = QueryResultRow>(text: string): Promise<R[]> {
  const client = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

export async function serverVersion(): Promise<string> {
  const [row] = await adminQuery<{ server_version: string }>('SHOW server_version');
  return row?.server_version ?? 'unknown';
}

/** A fresh database `trelli_bench_<random>`, migrated with the app's own migrator. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `trelli_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let db: Db | undefined;
  let dropped: Promise<void> | undefined;
  const drop = () => {
    dropped ??= (async () => {
      await db?.destroy().catch(() => {});
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    })();
    return dropped;
  };
  try {
    db = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    await migrateToLatest(db);
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url: url.toString(), db, drop };
}
