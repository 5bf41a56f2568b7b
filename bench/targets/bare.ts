// The baselines: bare node:http + a pg Pool, doing the same work as Trelli's children list and dashboard
// stats: verify the same HS256 bearer token with jose, run the same query, JSON-encode the result. No framework at all.
// Env: BENCH_DATABASE_URL, BENCH_AUTH_SECRET. stdout carries `{"listening":"http://127.0.0.1:<port>"}`.
import { createServer, type ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';
import { Pool } from 'pg';
import { ACTIVE_GOAL_STATUSES } from '#shared/schemas/goal.ts';
import { OPEN_MILESTONE_STATUSES } from '#shared/schemas/milestone.ts';
import { serveTarget } from '../lib/serve-target.ts';

const key = new TextEncoder().encode(process.env.BENCH_AUTH_SECRET);
// Same size as Trelli's pool (server/db/database.ts).
const pool = new Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });

// The dashboard's read as kysely compiled it before server/core/child-now.repository.ts took it over (which runs the
// same subqueries, with the three observation counts in one JSON object and each goal's createdOn too): each
// interpolation its own $n, each status in ACTIVE_GOAL_STATUSES and OPEN_MILESTONE_STATUSES too ($12-$13, $15-$16 and
// $20-$21).
const DASHBOARD_STATS_SQL = `
    SELECT
      (SELECT count(*) FROM observations
        WHERE child_id = $1 AND occurred_at >= $2::date
          AND occurred_at < $3::date + 7)::int AS this_week,
      (SELECT count(*) FROM observations
        WHERE child_id = $4 AND occurred_at >= $5::date AND occurred_at < $6::date)::int AS last_week,
      (SELECT count(*) FROM observations
        WHERE child_id = $7 AND is_win AND occurred_at >= $8::date
          AND occurred_at < $9::date + interval '1 month')::int AS wins_this_month,
      (SELECT count(*) FROM strategies WHERE child_id = $10 AND active)::int AS strategies_in_use,
      (SELECT coalesce(json_agg(json_build_object(
          'id', g.id, 'title', g.title, 'area', g.area, 'status', g.status,
          'baseline', g.baseline, 'target', g.target, 'unit', g.unit,
          'latestValue', latest.value, 'latestOn', to_char(latest.recorded_on, 'YYYY-MM-DD')
        ) ORDER BY g.id), '[]'::json)
        FROM goals g
        LEFT JOIN LATERAL (
          SELECT p.value, p.recorded_on FROM progress_entries p
          WHERE p.goal_id = g.id ORDER BY p.recorded_on DESC, p.id DESC LIMIT 1
        ) latest ON true
        WHERE g.child_id = $11 AND g.status IN ($12, $13)) AS active_goals,
      (SELECT coalesce(json_agg(json_build_object(
          'id', m.id, 'title', m.title, 'dueDate', to_char(m.due_date, 'YYYY-MM-DD'), 'category', m.category, 'overdue', m.overdue
        ) ORDER BY m.due_date, m.id), '[]'::json)
        FROM (
          (SELECT id, title, due_date, category, true AS overdue FROM milestones
            WHERE child_id = $14 AND status IN ($15, $16) AND due_date < $17::date
            ORDER BY due_date DESC, id DESC LIMIT $18)
          UNION ALL
          (SELECT id, title, due_date, category, false AS overdue FROM milestones
            WHERE child_id = $19 AND status IN ($20, $21) AND due_date >= $22::date
            ORDER BY due_date, id LIMIT $23)
        ) m) AS next_milestones
  `;

/** YYYY-MM-DD (UTC) of `date` plus `days`. */
const isoDay = (date: Date, days = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days)).toISOString().slice(0, 10);

/** As dashboard.service.ts statsWindow: Monday of this week and of last week, the first of this month, today (UTC); 3 overdue and next 3 milestones. */
function statsWindow(now: Date) {
  const weekStart = isoDay(now, -((now.getUTCDay() + 6) % 7));
  const today = isoDay(now);
  return {
    weekStart,
    lastWeekStart: isoDay(new Date(`${weekStart}T00:00:00Z`), -7),
    monthStart: `${today.slice(0, 7)}-01`,
    today,
    milestoneCount: 3,
  };
}

interface DashboardRow {
  this_week: number;
  last_week: number;
  wins_this_month: number;
  strategies_in_use: number;
  active_goals: unknown[];
  next_milestones: unknown[];
}

/** Path -> the JSON body for a verified owner (null: 400). Add a route here when a scenario needs a new baseline. */
const routes = new Map<string, (ownerId: string, query: URLSearchParams) => Promise<unknown>>([
  ['/children', async (ownerId) => (await pool.query('SELECT * FROM children WHERE owner_id = $1 ORDER BY id', [ownerId])).rows],
  [
    // Like Trelli's, one SQL round trip for the stats; unlike Trelli's, no check that the child is the caller's.
    '/dashboard/stats',
    async (_ownerId, query) => {
      const raw = query.get('childId') ?? '';
      if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
      const childId = Number(raw);
      const w = statsWindow(new Date());
      const params = [
        childId,
        w.weekStart,
        w.weekStart,
        childId,
        w.lastWeekStart,
        w.weekStart,
        childId,
        w.monthStart,
        w.monthStart,
        childId,
        childId,
        ...ACTIVE_GOAL_STATUSES,
        childId,
        ...OPEN_MILESTONE_STATUSES,
        w.today,
        w.milestoneCount,
        childId,
        ...OPEN_MILESTONE_STATUSES,
        w.today,
        w.milestoneCount,
      ];
      const row = (await pool.query<DashboardRow>(DASHBOARD_STATS_SQL, params)).rows[0]!;
      return {
        observations: { thisWeek: row.this_week, lastWeek: row.last_week },
        winsThisMonth: row.wins_this_month,
        activeGoals: row.active_goals,
        strategiesInUse: row.strategies_in_use,
        nextMilestones: row.next_milestones,
      };
    },
  ],
]);

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function ownerOf(header: string | undefined): Promise<string | null> {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key, { issuer: 'trelli', audience: 'trelli-api', algorithms: ['HS256'] });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

const server = createServer((req, res) => {
  const [path = '/', search = ''] = (req.url ?? '/').split('?', 2);
  const route = routes.get(path);
  if (!route) return send(res, 404, { error: 'not found' });
  ownerOf(req.headers.authorization)
    .then(async (ownerId) => {
      if (!ownerId) return send(res, 401, { error: 'unauthorized' });
      const body = await route(ownerId, new URLSearchParams(search));
      return body === null ? send(res, 400, { error: 'bad request' }) : send(res, 200, body);
    })
    .catch(() => send(res, 500, { error: 'internal' }));
});
serveTarget(server, () => pool.end());
