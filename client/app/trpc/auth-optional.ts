/**
 * SPEC §6: the procedures anyone may call (the server's `publicProcedure`s). No token is fetched
 * for them and none is missed: a batch of only these goes out without one, and without a warning.
 */
export const AUTH_OPTIONAL_PROCEDURES: readonly string[] = ['featureFlags.get', 'config.auth'];

export function isAuthOptionalProcedure(path: string): boolean {
  return AUTH_OPTIONAL_PROCEDURES.includes(path);
}
