import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The priority that gives a job of `turnOf` its turn (decision 0091). pg-boss takes the highest
 * priority first, then the oldest, so a priority is a round, counted down: an owner's next job goes
 * one round after its last one still waiting or running, and an owner with none joins the round being
 * served (the highest priority waiting or running). Owners take turns, one job each per round; a
 * newcomer waits for the jobs in progress and those already queued in that round, not for another
 * owner's backlog. The caller serializes one owner's sends (a lock held in `trx`).
 */
export async function turnPriority(trx: Db, schema: string, name: string, turnOf: string): Promise<number> {
  const { rows } = await sql<{ serving: number | null; ownLast: number | null }>`
    SELECT max(priority) AS serving, min(priority) FILTER (WHERE group_id = ${turnOf}) AS "ownLast"
    FROM ${sql.table(`${schema}.job`)}
    WHERE name = ${name} AND state <= 'active'`.execute(trx);
  const { serving = null, ownLast = null } = rows[0] ?? {};
  return ownLast === null ? (serving ?? 0) : ownLast - 1;
}
