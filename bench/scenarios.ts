import type { SeedContext } from './lib/seed.ts';
import { seedDashboardChild, type DashboardSeed } from './lib/seed-dashboard.ts';
import type { ServerKind } from './lib/process.ts';

/** The parent every scenario uses unless its own seed makes another: 20 realistic children. */
export const BASE_CHILDREN = 20;

export interface Seeded {
  /** Whose token the load carries. */
  userId: string;
  /** Values the path may use (ids of seeded rows, ...). */
  vars?: Record<string, string | number>;
}

export interface Goal {
  /** Where the goal comes from and what it asks, as the summary line prints it. */
  label: string;
  /** Minimum req/s as a fraction of the baseline's; without it the ratio is reported, not judged. */
  minRatio?: number;
  maxP99Ms: number;
}

export interface Scenario {
  /** Unique; also what BENCH_ONLY matches. */
  name: string;
  server: ServerKind;
  path: string | ((seeded: Seeded) => string);
  /** Extra data for this scenario, made once before any load runs. Without it: the base parent. */
  seed?: (ctx: SeedContext, base: Seeded) => Promise<Seeded>;
  /** The scenario whose req/s is the denominator of this one's ratio. */
  baseline?: string;
  goal?: Goal;
  headers?: Record<string, string>;
  /** Checks one response before the load; returns what is wrong, or null. */
  check?: (body: unknown) => string | null;
  /** The same, for a check that needs what the seed made (counts, ids). */
  checkSeeded?: (seeded: Seeded) => (body: unknown) => string | null;
  /** Runs only when BENCH_ONLY names it (experiments). */
  optional?: boolean;
}

const ISSUE_2_GOAL: Goal = {
  label: "issue 2: every Trelli path >= 0.6x the bare handler's req/s, p99 < 25 ms",
  minRatio: 0.6,
  maxP99Ms: 25,
};
const ISSUE_4_GOAL: Goal = {
  label: 'issue 4: dashboard stats for a child with 2,000 observations and 50 goals, p99 < 30 ms',
  maxP99Ms: 30,
};

const listOf = (count: number, what: string) => (value: unknown) =>
  Array.isArray(value) && value.length === count
    ? null
    : `expected ${what} to be an array of ${count}, got ${String(JSON.stringify(value)).slice(0, 200)}`;

/** tRPC's envelope; `data` is `{json, meta?}` with the superjson transformer, the value itself without one. */
const trpcData = (body: unknown) => {
  const data = (body as { result?: { data?: unknown } }).result?.data;
  return data !== null && typeof data === 'object' && !Array.isArray(data) && 'json' in data ? (data as { json: unknown }).json : data;
};

const childrenArray = listOf(BASE_CHILDREN, 'the body');
const trpcChildren = (body: unknown) => childrenArray(trpcData(body));

/** The dashboard child is seeded once per bench database and shared by its three scenarios. */
const dashboardSeeds = new WeakMap<SeedContext, Promise<DashboardSeed>>();
async function seedDashboard(ctx: SeedContext): Promise<Seeded> {
  let pending = dashboardSeeds.get(ctx);
  if (!pending) {
    pending = seedDashboardChild(ctx);
    dashboardSeeds.set(ctx, pending);
    const seed = await pending;
    console.error(
      `  dashboard child ${seed.childId}: ${JSON.stringify(seed.counts)}, ${seed.activeGoals} active goals, ${seed.upcomingMilestones} upcoming milestones`,
    );
  }
  const seed = await pending;
  return {
    userId: seed.userId,
    vars: { childId: seed.childId, activeGoals: seed.activeGoals, nextMilestones: Math.min(3, seed.upcomingMilestones) },
  };
}

/** The stats shape, with as many active goals and next milestones as the seed made. */
const dashboardStats = (seeded: Seeded) => (value: unknown) => {
  const stats = value as { observations?: { thisWeek?: unknown }; activeGoals?: unknown; nextMilestones?: unknown } | null;
  const shown = String(JSON.stringify(value)).slice(0, 200);
  if (typeof stats?.observations?.thisWeek !== 'number') return `expected observations.thisWeek to be a number, got ${shown}`;
  if (!Array.isArray(stats.activeGoals) || stats.activeGoals.length !== seeded.vars?.activeGoals) {
    return `expected activeGoals to be an array of ${seeded.vars?.activeGoals}, got ${shown}`;
  }
  if (!Array.isArray(stats.nextMilestones) || stats.nextMilestones.length !== seeded.vars?.nextMilestones) {
    return `expected nextMilestones to be an array of ${seeded.vars?.nextMilestones}, got ${shown}`;
  }
  return null;
};

/**
 * Every measured request. Scenarios run in this order, each against a fresh server process.
 * To add an endpoint, append an entry with a `seed` that makes its data (its own parent, so the
 * base parent's lists stay as they are) and returns the ids its `path` needs, a `check` (or
 * `checkSeeded`, when the check needs the seed's counts) of the body, a route in
 * bench/targets/bare.ts doing the same work as its `baseline`, and the issue's `goal`. Issue 4's
 * dashboard stats below are a worked example.
 */
export const scenarios: Scenario[] = [
  { name: 'bare node:http + pg', server: 'bare', path: '/children', check: childrenArray },
  {
    name: 'Trelli REST GET /api/children',
    server: 'trelli',
    path: '/api/children',
    baseline: 'bare node:http + pg',
    goal: ISSUE_2_GOAL,
    check: childrenArray,
  },
  {
    name: 'Trelli tRPC children.list',
    server: 'trelli',
    path: '/api/trpc/children.list',
    baseline: 'bare node:http + pg',
    goal: ISSUE_2_GOAL,
    check: trpcChildren,
  },
  // Experiment: what a browser pays (it always sends Accept-Encoding; compression then gzips ~20 KB).
  {
    name: 'Trelli REST GET /api/children (gzip)',
    server: 'trelli',
    path: '/api/children',
    headers: { 'accept-encoding': 'gzip' },
    baseline: 'bare node:http + pg',
    optional: true,
  },
  // Issue 4, "Measured": the dashboard stats for one child with 2,000 observations and 50 goals.
  {
    name: 'bare: dashboard stats',
    server: 'bare',
    seed: seedDashboard,
    path: ({ vars }) => `/dashboard/stats?childId=${vars?.childId}`,
    checkSeeded: dashboardStats,
  },
  {
    name: 'Trelli REST GET /api/dashboard/stats',
    server: 'trelli',
    seed: seedDashboard,
    path: ({ vars }) => `/api/dashboard/stats?childId=${vars?.childId}`,
    baseline: 'bare: dashboard stats',
    goal: ISSUE_4_GOAL,
    checkSeeded: dashboardStats,
  },
  {
    name: 'Trelli tRPC dashboard.stats',
    server: 'trelli',
    seed: seedDashboard,
    path: ({ vars }) => `/api/trpc/dashboard.stats?input=${encodeURIComponent(JSON.stringify({ json: { childId: vars?.childId } }))}`,
    baseline: 'bare: dashboard stats',
    goal: ISSUE_4_GOAL,
    checkSeeded: (seeded) => (body) => dashboardStats(seeded)(trpcData(body)),
  },
];
