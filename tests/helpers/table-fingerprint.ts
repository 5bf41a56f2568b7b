import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';

/** Every application table: all of the public schema but the migrator's own bookkeeping. */
export async function applicationTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
    order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Per table, its row count and the newest transaction id among its rows (`xmin`): every insert and
 * every update writes a row version with a newer one, and a delete lowers the count, so equal
 * fingerprints mean no row was written, even with the values it had. Cheaper than hashing every row
 * (the OpenAPI conformance test takes thousands; decision 0100).
 */
export async function tableFingerprint(db: Db, tables: string[]): Promise<Record<string, string>> {
  if (tables.length === 0) return {};
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, count(*)::text || ':' || coalesce(max(t.xmin::text::bigint), 0)::text as print from ${sql.table(table)} as t`,
  );
  const { rows } = await sql<{ name: string; print: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
