/**
 * SPEC §4 post-auth step 4: development hosts, which skip the children check. Only hosts that never
 * serve a production site count: this machine, and the workspace domains of online development
 * environments. Hosting services that also serve production sites (*.vercel.app, *.netlify.app)
 * do not, so a production site there still gets the children check (decision 0016).
 */
export const LOCAL_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0'] as const;

export const DEVELOPMENT_HOST_SUFFIXES = [
  // RFC 6761: every name under .localhost is this machine.
  '.localhost',
  // Replit workspaces (its deployments are on .replit.app, which is not listed).
  '.replit.dev',
  // GitHub Codespaces' forwarded ports and the github.dev editor.
  '.github.dev',
  // Gitpod workspaces.
  '.gitpod.io',
  // StackBlitz previews.
  '.stackblitz.io',
  // CodeSandbox previews.
  '.csb.app',
] as const;

export function isDevelopmentHost(hostname: string): boolean {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if ((LOCAL_HOSTNAMES as readonly string[]).includes(host)) return true;
  return DEVELOPMENT_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * True when the page is served from the production host (`config.auth.productionHost`, the host of
 * the server's APP_ORIGIN, which may carry a port).
 */
export function isProductionHost(location: { host: string; hostname: string }, productionHost: string | null): boolean {
  if (!productionHost) return false;
  const wanted = productionHost.trim().toLowerCase();
  return wanted === location.host.toLowerCase() || wanted === location.hostname.toLowerCase();
}
