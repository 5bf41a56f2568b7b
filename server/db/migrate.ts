import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

/**
 * Splits a migration into statements at semicolons that end a line, except inside a `$$`-quoted
 * function body (PGlite's extended protocol runs one statement at a time).
 */
export function splitStatements(source: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of source.split('\n')) {
    if (!inBody && line.trimStart().startsWith('--')) continue;
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n'));
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0 && statement !== ';');
}

/** `<timestamp>_<what>.sql`: fourteen digits (year to second, UTC), an underscore, what it does. */
const MIGRATION_NAME = /^(\d{14})_.+\.sql$/;

/**
 * Migrations that landed sharing a timestamp before the rule below existed (decision 0099). Both are
 * applied wherever the app runs, and a landed migration is frozen, its name included (the name is what
 * kysely_migration records), so they keep their names. This pair, and only it, is let through.
 */
export const LANDED_WITH_ONE_TIMESTAMP: readonly (readonly [string, string])[] = [
  ['20261123000000_accounts_own_children.sql', '20261123000000_forget_deleted_children.sql'],
];

/**
 * Refuses a migration folder where a file is not named `<timestamp>_<what>.sql`, or where two files
 * share a timestamp (bar the landed pair): two helpers picking one timestamp get an error naming both
 * files at the first start or `npm run db:migrate`, rather than an order that depends on their names.
 */
export function checkMigrationNames(files: readonly string[], allowed = LANDED_WITH_ONE_TIMESTAMP): void {
  const isAllowed = (first: string, second: string) =>
    allowed.some(([a, b]) => (a === first && b === second) || (a === second && b === first));
  const byTimestamp = new Map<string, string>();
  for (const file of [...files].sort()) {
    const timestamp = MIGRATION_NAME.exec(file)?.[1];
    if (!timestamp) throw new Error(`Migration ${file} is not named <timestamp>_<what>.sql (a timestamp of 14 digits first)`);
    const earlier = byTimestamp.get(timestamp);
    if (earlier !== undefined && !isAllowed(earlier, file)) {
      throw new Error(
        `Migrations ${earlier} and ${file} share the timestamp ${timestamp}: give the one not yet landed a later timestamp (a landed migration is never renamed)`,
      );
    }
    byTimestamp.set(timestamp, file);
  }
}

/** The migration files of `directory` in the order they apply, after checkMigrationNames. */
export async function migrationFiles(directory: string): Promise<string[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
  checkMigrationNames(files);
  return files;
}

/** Forward-only SQL migrations, named `<timestamp>_<what>.sql`, applied in name order. */
class SqlFileMigrationProvider implements MigrationProvider {
  readonly #directory: string;
  constructor(directory: string) {
    this.#directory = directory;
  }

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = await migrationFiles(this.#directory);
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const statements = splitStatements(await readFile(path.join(this.#directory, file), 'utf8'));
      migrations[file.replace(/\.sql$/, '')] = {
        async up(db) {
          for (const statement of statements) await sql.raw(statement).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** Brings the schema up to date; the same path for PGlite and a PostgreSQL server. Returns the names applied. */
export async function migrateToLatest(db: Db, directory: string = MIGRATIONS_DIR): Promise<string[]> {
  // Checked before the migrator touches the database: a folder it refuses changes nothing.
  await migrationFiles(directory);
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider(directory) });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return results.map((result) => result.migrationName);
}
