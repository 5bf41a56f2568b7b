/** SPEC §2: paths under these prefixes belong to the authenticated app; every other path is the public site. */
export const APP_PATH_PREFIXES = [
  '/app',
  '/onboarding',
  '/vault',
  '/progress-planner',
  '/reimbursements',
  '/observations',
  '/forms',
  '/snapshots',
  '/roadmap',
  '/guide',
  '/settings',
  '/sign-in',
  '/sign-up',
  '/post-auth',
] as const;

/** A prefix matches whole path segments: `/app` and `/app/x` are the app, `/apple` is not. */
export function isAppPath(pathname: string): boolean {
  return APP_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
