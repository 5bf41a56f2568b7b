import { APP_HOME_PATH } from '../paths.ts';

/** SPEC §3: the session-storage key (and value) that lets a new user past the app's beta gate. */
export const BETA_ACCESS_KEY = 'beta-access';
export const BETA_ACCESS_GRANTED = 'granted';

/**
 * A same-site path to go back to, from a `?from=` value: it must start with `/` but not `//`
 * (nor `/\`, which browsers read as `//`), contain no control characters, and stay on this origin.
 * Anything else gives `/app`.
 */
export function safeReturnPath(from: string | null | undefined, origin: string): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return APP_HOME_PATH;
  for (let i = 0; i < from.length; i += 1) {
    const code = from.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return APP_HOME_PATH;
  }
  try {
    const url = new URL(from, origin);
    if (url.origin !== new URL(origin).origin) return APP_HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return APP_HOME_PATH;
  }
}

/** Grants beta access for this browser session and goes to `?from=` (or /app) with a full page load. */
export function continueToApp(win: Pick<Window, 'location' | 'sessionStorage'> = window): string {
  try {
    win.sessionStorage.setItem(BETA_ACCESS_KEY, BETA_ACCESS_GRANTED);
  } catch {
    // Storage can be blocked (private mode, policies); the app's gate has other ways to let a parent in.
  }
  const from = new URLSearchParams(win.location.search).get('from');
  const target = safeReturnPath(from, win.location.origin);
  win.location.assign(target);
  return target;
}
