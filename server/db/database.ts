import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Pool, types as pgDefaultTypes } from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  // loadDataDir: a data directory PGlite dumped, to start from instead of an empty one (tests copy a migrated template).
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob };

/** The connection behind an open database, for what needs its own (the job queue, server/core/jobs.ts). */
export type DatabaseConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; pglite: PGlite };

const connections = new WeakMap<Db, DatabaseConnection>();

/** How `db` was opened: the server's URL, or the embedded PGlite instance it runs on. */
export function connectionOf(db: Db): DatabaseConnection {
  const connection = connections.get(db);
  if (!connection) throw new Error('connectionOf: this database was not opened by openDatabase');
  return connection;
}

const INT8 = 20;
const DATE = 1082;
/** date[] (a funding source's deadlines): read as text[], each day a 'YYYY-MM-DD' string as PGlite does. */
const DATE_ARRAY = 1182;
const TEXT_ARRAY = 1009 as Parameters<typeof pgDefaultTypes.getTypeParser>[0];

/** Both drivers agree: int8 and count(*) as number, dates as 'YYYY-MM-DD' strings (no time zone shifts). */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === DATE) return (value: string) => value;
    if (oid === DATE_ARRAY) return pgDefaultTypes.getTypeParser(TEXT_ARRAY, format);
    return pgDefaultTypes.getTypeParser(oid, format);
  }) as typeof pgDefaultTypes.getTypeParser,
};

export function pgliteDirectory(dataDir: string): string {
  return path.resolve(dataDir, 'pglite');
}

/**
 * Opens the database the configuration names: a PostgreSQL server, or PGlite embedded in DATA_DIR (undefined: in memory).
 * `onConnectionError` hears each server connection that breaks (a restart, pg_terminate_backend, a network cut).
 */
export async function openDatabase(target: DatabaseTarget, onConnectionError?: (error: Error) => void): Promise<Db> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'postgres') {
    const pool = new Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      types: pgTypes,
      // Date boundaries ('2026-11-23'::date) are compared in UTC, like everything else in the app.
      options: '-c TimeZone=UTC',
    });
    // A connection that breaks emits 'error' on its client, and an 'error' event nobody listens to ends
    // the process. pg-pool listens only while a client is idle, so every client gets its own listener
    // for its whole life, checked out or not; the query it was running fails (503) and the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', (error) => onConnectionError?.(error));
    });
    // pg-pool re-emits an idle client's error here; the client's own listener has already reported it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    connections.set(db, { kind: 'postgres', url: target.url });
    return db;
  }
  let dataDir: string | undefined;
  if (target.dataDir !== undefined) {
    dataDir = pgliteDirectory(target.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, {
    loadDataDir: target.loadDataDir,
    parsers: { [pgliteTypes.INT8]: (value: string) => Number(value), [pgliteTypes.DATE]: (value: string) => value },
  });
  await pglite.exec("SET TIME ZONE 'UTC'");
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  connections.set(db, { kind: 'pglite', pglite });
  return db;
}

/** One trivial query: resolves when the database answers, throws when it does not (/readyz). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  '53300', // too_many_connections
]);

/** True when an error means the database cannot be reached right now (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // The AWS SDK's errors (the file store's) carry $metadata; their ECONNREFUSED is not the database's.
  if ('$metadata' in error) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
    error.message,
  );
}

/**
 * Data exceptions (SQLSTATE class 22) that mean a value the client sent cannot be stored or compared:
 * a last line of defence behind the shared schemas, so such a value is a 400, not a 500. Not the
 * whole class: division by zero (22012) and the like are faults in our queries.
 */
const REJECTED_VALUE_CODES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format ('abc' as a date, a time with a 150-digit fraction)
  '22008', // datetime_field_overflow (year 0, '2023-02-29')
  '22009', // invalid_time_zone_displacement_value (an offset of 16 hours or more)
  '22015', // interval_field_overflow
  '22021', // character_not_in_repertoire (NUL)
  '22P02', // invalid_text_representation (e.g. a malformed array literal)
  '22P05', // untranslatable_character
]);

export function isRejectedValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && REJECTED_VALUE_CODES.has(code);
}
