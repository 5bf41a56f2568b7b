/**
 * Development-only request logging (SPEC §5, §8; DESIGN §5). Logs the method, the path, the status
 * and whether a token was sent, never a token, a body or a child's details. In production builds
 * `import.meta.env.DEV` is false and the bundler drops every call's body.
 */

/** SPEC §5: a token is of valid format for logging purposes when it has 3 dot-separated parts. */
export function describeToken(token: string | null | undefined): string {
  if (!token) return 'none';
  return token.split('.').length === 3 ? 'valid format (3 parts)' : 'invalid format';
}

/** The path of a URL without its query string (query strings can carry a child's id). */
export function pathOnly(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

export function devLogRequest(method: string, url: string, token: string | null | undefined): void {
  if (!import.meta.env.DEV) return;
  console.debug(`[api] ${method} ${pathOnly(url)} token: ${describeToken(token)}`);
}

export function devLogResponse(method: string, url: string, status: number | 'network error'): void {
  if (!import.meta.env.DEV) return;
  console.debug(`[api] ${method} ${pathOnly(url)} -> ${status}`);
}
