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

/** Row count and an md5 of the rows in a fixed order, per table: equal fingerprints mean nothing was written. */
export async function tableFingerprint(db: Db, tables: string[]): Promise<Record<string, string>> {
  if (tables.length === 0) return {};
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as print from ${sql.table(table)} as t`,
  );
  const { rows } = await sql<{ name: string; print: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}
