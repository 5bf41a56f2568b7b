/**
 * SPEC §4 post-auth step 4: development hosts. Local addresses and the hosts of development
 * hosting services (preview and workspace domains) count; production hosting domains do not.
 */
export const LOCAL_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0'] as const;

export const DEVELOPMENT_HOST_SUFFIXES = [
  '.localhost',
  '.replit.dev',
  '.repl.co',
  '.vercel.app',
  '.netlify.app',
  '.github.dev',
  '.gitpod.io',
  '.stackblitz.io',
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
