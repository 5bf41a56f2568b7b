// `npm run bench:child-now`: the latest progress entry of each active goal as core/child-now.ts reads it (decision 0097:
// a per-goal LATERAL ... LIMIT 1 down progress_entries_goal_idx) beside the sort of all the child's entries it replaced
// (DISTINCT ON over the child's progress), on one child with many entries, on the machine's PostgreSQL server. Both
// give the same rows (checked); the two run interleaved, and each one's median is reported, with the ratio: the time
// the server spends (EXPLAIN ANALYZE's execution time, which the other work on the machine moves least) and the time
// a caller waits (the round trip included).
// Env: BENCH_GOALS (40), BENCH_ENTRIES_PER_GOAL (250), BENCH_RUNS (300), BENCH_ADMIN_DATABASE_URL. Exits 1 when it could not measure.
import { isDeepStrictEqual } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import { ACTIVE_GOAL_STATUSES } from '#shared/schemas/goal.ts';
import { childNowQuery } from '../server/core/child-now.repository.ts';
import type { Db } from '../server/db/database.ts';
import { createBenchDatabase, serverVersion, type BenchDatabase } from './lib/database.ts';
import { wholeNumberFromEnv } from './lib/env.ts';

const GOALS = wholeNumberFromEnv('BENCH_GOALS', 40, 1, 1000);
const ENTRIES_PER_GOAL = wholeNumberFromEnv('BENCH_ENTRIES_PER_GOAL', 250, 1, 10_000);
const RUNS = wholeNumberFromEnv('BENCH_RUNS', 300, 10, 100_000);

/** One child with GOALS active goals and ENTRIES_PER_GOAL entries each, a day apart; and the statistics analysed. */
async function seed(db: Db): Promise<number> {
  await sql`INSERT INTO users (id, email, password_hash) VALUES ('bench-child-now', 'child-now@bench.test', 'x')`.execute(db);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO children (owner_id, first_name, date_of_birth) VALUES ('bench-child-now', 'Maya', '2015-04-01') RETURNING id`.execute(db);
  const childId = (rows[0] as { id: number }).id;
  await sql`INSERT INTO goals (child_id, area, title, status)
    SELECT ${childId}, 'reading', 'Goal ' || n, 'in-progress' FROM generate_series(1, ${GOALS}) n`.execute(db);
  await sql`INSERT INTO progress_entries (child_id, goal_id, recorded_on, value)
    SELECT ${childId}, g.id, date '2020-01-01' + d, d FROM goals g, generate_series(1, ${ENTRIES_PER_GOAL}) d
    WHERE g.child_id = ${childId}`.execute(db);
  await sql`ANALYZE goals, progress_entries`.execute(db);
  return childId;
}

type Latest = { id: number; latestValue: number | null; latestOn: string | null }[];

/** The latest entry of each active goal as core/child-now.ts reads it, in the dashboard's statement. */
const byLateral = (childId: number) => childNowQuery(childId, { activeGoals: true });

/** The same answer the way it was read before: every entry of the child sorted, the first of each goal kept. */
const bySort = (childId: number) => sql<{ activeGoals: Latest }>`
  SELECT (SELECT coalesce(json_agg(json_build_object(
      'id', g.id, 'latestValue', latest.value, 'latestOn', to_char(latest.recorded_on, 'YYYY-MM-DD')
    ) ORDER BY g.id), '[]'::json)
    FROM goals g
    LEFT JOIN (
      SELECT DISTINCT ON (p.goal_id) p.goal_id, p.value, p.recorded_on FROM progress_entries p
      WHERE p.child_id = ${childId} ORDER BY p.goal_id, p.recorded_on DESC, p.id DESC
    ) latest ON latest.goal_id = g.id
    WHERE g.child_id = ${childId} AND g.status IN (${sql.join(ACTIVE_GOAL_STATUSES)})) AS active_goals`;

async function latest(db: Db, query: RawBuilder<{ activeGoals: Latest }>): Promise<Latest> {
  const { rows } = await query.execute(db);
  return (rows[0]?.activeGoals ?? []).map(({ id, latestValue, latestOn }) => ({ id, latestValue, latestOn }));
}

/** What the server spent on the statement: EXPLAIN ANALYZE's execution time, in ms. */
async function executionMs(db: Db, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<Record<string, [{ 'Execution Time': number }]>>`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`.execute(db);
  return (Object.values(rows[0] ?? {})[0] as [{ 'Execution Time': number }])[0]['Execution Time'];
}

async function waitedMs(db: Db, query: RawBuilder<unknown>): Promise<number> {
  const start = performance.now();
  await query.execute(db);
  return performance.now() - start;
}

/** The median of the runs after the first tenth (which warms the caches and the plans). */
const median = (values: number[]) => {
  const sorted = values.slice(Math.floor(values.length / 10)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

let database: BenchDatabase | undefined;
try {
  database = await createBenchDatabase();
  const { db } = database;
  const childId = await seed(db);
  const [lateral, sorted] = [await latest(db, byLateral(childId)), await latest(db, bySort(childId))];
  if (!isDeepStrictEqual(lateral, sorted) || lateral.length !== GOALS) throw new Error('the two reads disagree');
  const runs = { lateral: { server: [] as number[], waited: [] as number[] }, sort: { server: [] as number[], waited: [] as number[] } };
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, query] of [
      ['lateral', byLateral(childId)],
      ['sort', bySort(childId)],
    ] as const) {
      runs[name].server.push(await executionMs(db, query));
      runs[name].waited.push(await waitedMs(db, query));
    }
  }
  const line = (what: string, lateralMs: number, sortMs: number) =>
    `${what}: LATERAL ${lateralMs.toFixed(2)} ms, sort ${sortMs.toFixed(2)} ms (medians), sort / LATERAL ${(sortMs / lateralMs).toFixed(1)}x`;
  console.log(`PostgreSQL ${await serverVersion()}: one child, ${GOALS} active goals x ${ENTRIES_PER_GOAL} entries, ${RUNS} runs each`);
  console.log(line('server execution', median(runs.lateral.server), median(runs.sort.server)));
  console.log(line('round trip      ', median(runs.lateral.waited), median(runs.sort.waited)));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database?.drop();
}
