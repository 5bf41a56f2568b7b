import type { Request } from 'express';
import { bearerToken, type AuthProvider } from '../auth/auth-provider.ts';
import type { Services } from '../services.ts';

export interface Context {
  services: Services;
  /** The signed-in parent, or null for an anonymous caller. */
  userId: string | null;
  /** The request's bearer token: which session is asking, for "sign out of every other device". */
  bearerToken?: string | null;
}

/** The context without HTTP: what tests hand to `createCaller`. */
export function createInnerContext(opts: Context): Context {
  return { services: opts.services, userId: opts.userId, bearerToken: opts.bearerToken ?? null };
}

export function createContextFactory(services: Services, auth: AuthProvider) {
  return async ({ req }: { req: Request }): Promise<Context> =>
    createInnerContext({ services, userId: await auth.userId(req), bearerToken: bearerToken(req) });
}
