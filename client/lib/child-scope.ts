/**
 * What "child-scoped" means, in one place: the tRPC routers whose procedures take the selected
 * child's id (injected by client/app/trpc/child-id-link.ts), and the REST paths that get a
 * `childId` query parameter (SPEC §7).
 */

import { CHILD_SCOPED_ROUTERS, type ChildScopedRouter } from '#shared/child-scoped.ts';

export { CHILD_SCOPED_ROUTERS, type ChildScopedRouter };

/** SPEC §7: request paths containing one of these get `childId` appended. */
export const CHILD_SCOPED_PATH_PARTS = ['milestones', 'dashboard/stats', 'activities', 'goals', 'strategies', 'observations'] as const;

/**
 * SPEC §4: what a change of child invalidates (dashboard stats and the five lists), tRPC and REST
 * keys alike. Not a change of any record, so not in the refresh map: the scope moved.
 */
export const INVALIDATE_ON_CHILD_CHANGE = ['dashboard', 'activities', 'milestones', 'goals', 'strategies', 'observations'] as const;

export function isChildScopedRouter(name: unknown): name is ChildScopedRouter {
  return typeof name === 'string' && (CHILD_SCOPED_ROUTERS as readonly string[]).includes(name);
}

/** A tRPC procedure path such as `observations.list`. */
export { isChildScopedPath as isChildScopedProcedure } from '#shared/child-scoped.ts';

export function isChildScopedRestPath(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return CHILD_SCOPED_PATH_PARTS.some((part) => path.includes(part));
}

/** Appends `childId=<id>` to a URL, keeping any query it already has. */
export function withChildIdParam(url: string, childId: string | number): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}childId=${encodeURIComponent(String(childId))}${hash}`;
}

/** The tRPC router a query key belongs to (`[['observations', 'list'], {...}]` -> 'observations'). */
export function trpcRouterOfKey(queryKey: readonly unknown[]): string | null {
  const head = queryKey[0];
  return Array.isArray(head) && typeof head[0] === 'string' ? head[0] : null;
}

/**
 * True for cached queries of the given areas: tRPC keys whose router is listed, and REST keys
 * whose path mentions the area (`/api/dashboard/stats`, `/api/observations?...`).
 */
export function queryKeyMatchesAreas(queryKey: readonly unknown[], areas: readonly string[]): boolean {
  const router = trpcRouterOfKey(queryKey);
  if (router !== null) return areas.includes(router);
  const head = queryKey[0];
  if (typeof head !== 'string') return false;
  const path = head.split(/[?#]/)[0] ?? '';
  return areas.some((area) => (area === 'dashboard' ? path.includes('dashboard/stats') : path.includes(area)));
}
