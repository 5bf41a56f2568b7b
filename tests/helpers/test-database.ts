import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

export type EngineKind = 'pglite' | 'postgres';

/** PGlite always; the machine's PostgreSQL server too when TEST_DATABASE_URL names one (CI sets it). */
export const ENGINES: EngineKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  kind: EngineKind;
  db: Db;
  /** The connection URL (postgres only). */
  url: string | undefined;
  drop(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function createTestDatabase(kind: EngineKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await migrateToLatest(db);
    return { kind, db, url: undefined, drop: () => db.destroy() };
  }
  const name = `trelli_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await migrateToLatest(db);
  return {
    kind,
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
