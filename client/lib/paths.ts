/** The app's routes (SPEC §2). Components link with these, never with string literals. */
export const PATHS = {
  home: '/',
  dashboard: '/app',
  onboarding: '/onboarding',
  newChild: '/onboarding/new-child',
  vault: '/vault',
  progressPlanner: '/progress-planner',
  reimbursements: '/reimbursements',
  observations: '/observations',
  forms: '/forms',
  snapshots: '/snapshots',
  roadmap: '/roadmap',
  guide: '/guide',
  settings: '/settings',
  signIn: '/sign-in',
  signUp: '/sign-up',
  postAuth: '/post-auth',
  /** Built-in accounts: "forgot password" (no token) and the emailed link (`#token=`). */
  resetPassword: '/sign-in/reset-password',
  /** An invitation link lands here; its token follows `#` (decision 0044). */
  invite: '/app/invite',
  /** A public-site page (SPEC §2): reached with a full page load. */
  betaAccess: '/beta-access',
} as const;

export function formEditPath(id: string | number): string {
  return `/forms/${encodeURIComponent(String(id))}/edit`;
}

export function formFillPath(id: string | number): string {
  return `/forms/${encodeURIComponent(String(id))}/fill`;
}

/** Where a deleted account lands: the public home page, which then says the account is gone. */
export const ACCOUNT_DELETED_HOME = '/?account=deleted';

/** Whether a public page was reached just after deleting the account (`search`: the location's query). */
export function cameFromAccountDeletion(search: string): boolean {
  return new URLSearchParams(search).get('account') === 'deleted';
}

/** `/beta-access?from=<path>`: the public page sends the visitor back to `from` once access is granted. */
export function betaAccessPath(from: string): string {
  return `${PATHS.betaAccess}?from=${encodeURIComponent(from)}`;
}

/**
 * A redirect target taken from a query parameter, accepted only when it is a path on this site
 * (`/x`, never `//evil.example` or `https://...`); otherwise `fallback`.
 */
export function safeRedirectPath(candidate: string | null | undefined, fallback: string): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  return candidate;
}

/** Leaves the single-page app: a full page load (the public site is a separate bundle). */
export function loadPage(url: string): void {
  window.location.assign(url);
}
