/**
 * SPEC §9's data-cache defaults, in one place with the SPEC's values. Freshness and keep time are
 * react-query's (query-client.ts); of the rest only the loading timeout acts in this app, and
 * docs/decisions/0015-spec-9-data-cache-constants.md says why the others have nothing to act on with
 * react-query and SPEC §9's own "no retry, no refetch on focus".
 */

/** Data stays fresh for 30 minutes: no refetch before then unless a change refreshes it... */
export const QUERY_STALE_TIME_MS = 30 * 60 * 1000;
/** ...and data no screen uses is kept for 60 minutes. */
export const QUERY_GC_TIME_MS = 60 * 60 * 1000;
/** Identical requests within this window share one answer. Met by sharing requests in flight. */
export const DATA_CACHE_DEDUPE_MS = 2000;
/** Refetch on window focus at most this often. Nothing to throttle: queries never refetch on focus. */
export const DATA_CACHE_FOCUS_THROTTLE_MS = 5000;
/** Wait between retries of a failed request... Nothing to space out: queries never retry. */
export const DATA_CACHE_ERROR_RETRY_INTERVAL_MS = 5000;
/** ...and on a slow network. */
export const DATA_CACHE_ERROR_RETRY_INTERVAL_SLOW_MS = 10_000;
/** After this long, a loading screen tells the parent it is taking longer than usual... */
export const LOADING_TIMEOUT_MS = 3000;
/** ...and after this long on a slow network. */
export const LOADING_TIMEOUT_SLOW_MS = 5000;

/** The parts of the Network Information API read here (Chromium only; absent elsewhere). */
export interface NetworkConnection {
  effectiveType?: string;
  saveData?: boolean;
}

const SLOW_EFFECTIVE_TYPES = new Set(['slow-2g', '2g', '3g']);

/** The browser's own estimate of the connection, or undefined where it gives none. */
export function currentConnection(): NetworkConnection | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkConnection }).connection;
}

/** A 3G-or-slower connection, or the parent asked the browser to save data. Unknown counts as fast. */
export function isSlowNetwork(connection: NetworkConnection | undefined = currentConnection()): boolean {
  if (!connection) return false;
  return connection.saveData === true || SLOW_EFFECTIVE_TYPES.has(connection.effectiveType ?? '');
}

/** How long loading may take before the parent is told it is taking longer than usual. */
export function loadingTimeoutMs(connection: NetworkConnection | undefined = currentConnection()): number {
  return isSlowNetwork(connection) ? LOADING_TIMEOUT_SLOW_MS : LOADING_TIMEOUT_MS;
}
