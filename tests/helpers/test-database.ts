import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { connectionOf, openDatabase, type Db } from '../../server/db/database.ts';
import { MIGRATIONS_DIR, migrateToLatest } from '../../server/db/migrate.ts';

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

/*
 * Every test database is a copy of one migrated template (decision 0100): a new PGlite runs initdb
 * (about a second of CPU) before the migrations, a copy of a migrated data directory skips both. The
 * template is named by a hash of what makes it (the migrations, the migrator, the PGlite version), so
 * a migration added or changed builds a new one. tests/helpers/global-setup.ts builds it once per run;
 * a run without it (another config, a script) builds it on first use.
 */

const PGLITE_VERSION = (
  JSON.parse(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** A hash of the migrations' names and contents, the migrator's source and the PGlite version. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(MIGRATIONS_DIR, file)))
      .update('\0');
  }
  hash.update(readFileSync(new URL('../../server/db/migrate.ts', import.meta.url)));
  hash.update(PGLITE_VERSION);
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_DIR = path.join(tmpdir(), 'trelli-test-templates');
const TEMPLATE_DATABASE_PREFIX = 'trelli_template_';

function pgliteTemplateFile(key: string): string {
  return path.join(TEMPLATE_DIR, `pglite-${key}.tar`);
}

/** The migrated PGlite data directory as an uncompressed tarball, built when missing (written whole or not at all). */
async function pgliteTemplate(key: string): Promise<Blob> {
  const file = pgliteTemplateFile(key);
  try {
    return new Blob([readFileSync(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const db = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await migrateToLatest(db);
    const connection = connectionOf(db);
    if (connection.kind !== 'pglite') throw new Error('expected a PGlite database');
    const dump = await connection.pglite.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    // Another worker may build it at the same time: each writes its own file, the rename is atomic.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return new Blob([bytes]);
  } finally {
    await db.destroy();
  }
}

async function adminQuery<Row = unknown>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

function urlOf(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The migrated template database on the PostgreSQL server, built when missing: migrated under a
 * name of its own, then renamed, so a copy is never taken of a half-migrated template.
 */
async function postgresTemplate(key: string): Promise<string> {
  const name = `${TEMPLATE_DATABASE_PREFIX}${key}`;
  const found = await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.length > 0) return name;
  const building = `trelli_template_build_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${building}`);
  try {
    const db = await openDatabase({ kind: 'postgres', url: urlOf(building), poolSize: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await adminQuery(`ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (error) {
    await adminQuery(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    // Another worker renamed its build first (42P04: the name is taken): use theirs.
    if ((error as { code?: string }).code === '42P04') return name;
    throw error;
  }
  return name;
}

/**
 * Builds the templates of every engine in ENGINES for the migrations as they are now, and drops
 * the templates of other migrations (a run on those builds its own again when it finds it gone).
 */
export async function prepareTemplates(): Promise<void> {
  const key = templateKey();
  await pgliteTemplate(key);
  for (const file of readdirSync(TEMPLATE_DIR)) {
    if (file.startsWith('pglite-') && file !== path.basename(pgliteTemplateFile(key)))
      rmSync(path.join(TEMPLATE_DIR, file), { force: true });
  }
  if (!process.env.TEST_DATABASE_URL) return;
  const name = await postgresTemplate(key);
  const stale = await adminQuery<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2', [
    `${TEMPLATE_DATABASE_PREFIX}%`,
    name,
  ]);
  for (const { datname } of stale) await adminQuery(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
}

let pgliteTemplateOfThisFile: Promise<Blob> | undefined;

/** A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function createTestDatabase(kind: EngineKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    pgliteTemplateOfThisFile ??= pgliteTemplate(templateKey());
    const db = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: await pgliteTemplateOfThisFile });
    return { kind, db, url: undefined, drop: () => db.destroy() };
  }
  const name = `trelli_test_${randomBytes(6).toString('hex')}`;
  const key = templateKey();
  try {
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(key)}`);
  } catch (error) {
    // 3D000: the template was dropped meanwhile (a run on other migrations cleaned up): build it again.
    if ((error as { code?: string }).code !== '3D000') throw error;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(key)}`);
  }
  const url = urlOf(name);
  const db = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return {
    kind,
    db,
    url,
    async drop() {
      await db.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
