import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';

/** What identifies one account: its user id, its email addresses, its children's ids. */
export interface AccountMarks {
  userId: string;
  emails: string[];
  childIds: number[];
}

/**
 * Every address the account is known by: its sign-in email, and the addresses invitations it accepted
 * went to (which need not be its sign-in email). Read before the deletion, so the scan after it looks for each.
 */
export async function addressesOf(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ address: string }>`
    select email as address from users where id = ${userId} and email is not null
    union select email from invites where accepted_by = ${userId} and email is not null
    union select invited_as from child_access where user_id = ${userId} and invited_as is not null`.execute(db);
  return [...new Set(rows.map((row) => row.address.toLowerCase()))].sort();
}

interface TableRef {
  schema: string;
  table: string;
  /** Whether the table has a `child_id` column. */
  hasChildId: boolean;
}

/** Every base table of every schema (pg-boss's, the migrator's, the application's), not PostgreSQL's own catalogs. */
export async function everyTable(db: Db): Promise<TableRef[]> {
  const { rows } = await sql<{ schema: string; table: string; hasChildId: boolean }>`
    select t.table_schema as schema, t.table_name as table,
      exists (select 1 from information_schema.columns c
              where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'child_id') as "hasChildId"
    from information_schema.tables t
    where t.table_type = 'BASE TABLE' and t.table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`.execute(db);
  return rows;
}

/** A row that belongs to the account: its text names the user id or an email, or its `child_id` (or, in children, `id`) is one of theirs. */
function markedBy(ref: TableRef, marks: AccountMarks) {
  const texts = [marks.userId, ...marks.emails].map((value) => sql`position(lower(${value}) in lower(t::text)) > 0`);
  // Compared as text: a `child_id` elsewhere (pg-boss's job dependencies) is a uuid. A null `child_id`
  // (an invitation's link) is no mark: false, not null, so `not (...)` keeps the row as someone else's.
  const children = marks.childIds.length > 0 ? sql.join(marks.childIds.map((id) => sql`${String(id)}`)) : null;
  const conditions = [...texts];
  if (children && ref.hasChildId) conditions.push(sql`coalesce(t.child_id::text in (${children}), false)`);
  if (children && ref.schema === 'public' && ref.table === 'children') conditions.push(sql`t.id::text in (${children})`);
  return sql.join(conditions, sql` or `);
}

/** `schema.table: count` for every table holding any row of the account; empty when nothing of it is left. */
export async function rowsOfAccount(db: Db, tables: readonly TableRef[], marks: AccountMarks): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const ref of tables) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(`${ref.schema}.${ref.table}`)} as t where ${markedBy(ref, marks)}`.execute(db);
    const count = rows[0]?.count ?? 0;
    if (count > 0) found[`${ref.schema}.${ref.table}`] = count;
  }
  return found;
}

/**
 * Row count and an md5 of the rows of each table that are not the account's (all rows when `marks` is
 * null): equal before and after a deletion means nobody else's row changed.
 */
export async function fingerprintExcept(db: Db, tables: readonly TableRef[], marks: AccountMarks | null): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const ref of tables) {
    const where = marks ? sql`where not (${markedBy(ref, marks)})` : sql``;
    const { rows } = await sql<{ print: string }>`
      select count(*)::text || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as print
      from ${sql.table(`${ref.schema}.${ref.table}`)} as t ${where}`.execute(db);
    prints[`${ref.schema}.${ref.table}`] = rows[0]?.print ?? '';
  }
  return prints;
}
