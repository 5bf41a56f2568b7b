/**
 * Routers whose procedures are about one child and take `childId` (the server's childProcedure).
 * The app's tRPC link fills `childId` in for these from the selected child; the authorization matrix
 * checks that this list and the router agree.
 */
export const CHILD_SCOPED_ROUTERS = [
  'observations',
  'goals',
  'strategies',
  'milestones',
  'activities',
  'dashboard',
  'fundingSources',
  'expenses',
  'claims',
  'reimbursements',
  'snapshots',
  'forms',
  'formResponses',
] as const;

export type ChildScopedRouter = (typeof CHILD_SCOPED_ROUTERS)[number];

export function isChildScopedPath(procedurePath: string): boolean {
  const [routerName] = procedurePath.split('.');
  return (CHILD_SCOPED_ROUTERS as readonly string[]).includes(routerName ?? '');
}
