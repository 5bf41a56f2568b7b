import type { SeedContext } from './lib/seed.ts';
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
  /** Minimum req/s as a fraction of the baseline's. */
  minRatio: number;
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
  /** Runs only when BENCH_ONLY names it (experiments). */
  optional?: boolean;
}

const ISSUE_2_GOAL: Goal = { minRatio: 0.6, maxP99Ms: 25 };

const listOf = (count: number, what: string) => (value: unknown) =>
  Array.isArray(value) && value.length === count ? null : `expected ${what} to be an array of ${count}, got ${String(JSON.stringify(value)).slice(0, 200)}`;

const childrenArray = listOf(BASE_CHILDREN, 'the body');
/** tRPC's envelope; `data` is `{json, meta?}` with the superjson transformer, the value itself without one. */
const trpcChildren = (body: unknown) => {
  const data = (body as { result?: { data?: unknown } }).result?.data;
  return childrenArray(Array.isArray(data) ? data : (data as { json?: unknown } | undefined)?.json);
};

/**
 * Every measured request. Scenarios run in this order, each against a fresh server process.
 * To add an endpoint (issue 4's dashboard stats, say), append an entry with a `seed` that makes its
 * data and returns the ids its `path` needs, e.g.:
 *
 *   {
 *     name: 'dashboard stats (tRPC)',
 *     server: 'trelli',
 *     seed: async (ctx) => {
 *       const { userId } = await ctx.createParent('dashboard');
 *       const [childId] = await ctx.createChildren(userId, 1);
 *       // ...2,000 observations and 50 goals for childId...
 *       return { userId, vars: { childId: childId! } };
 *     },
 *     path: ({ vars }) => `/api/trpc/dashboard.stats?input=${encodeURIComponent(JSON.stringify({ json: { childId: vars?.childId } }))}`,
 *     baseline: 'bare: dashboard stats',  // a route added to bench/targets/bare.ts
 *     goal: { minRatio: 0.6, maxP99Ms: 25 },
 *   }
 */
export const scenarios: Scenario[] = [
  { name: 'bare node:http + pg', server: 'bare', path: '/children', check: childrenArray },
  { name: 'Trelli REST GET /api/children', server: 'trelli', path: '/api/children', baseline: 'bare node:http + pg', goal: ISSUE_2_GOAL, check: childrenArray },
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
];
