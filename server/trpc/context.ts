import type { Request } from 'express';
import type { AuthProvider } from '../auth/auth-provider.ts';
import type { Services } from '../services.ts';

export interface Context {
  services: Services;
  /** The signed-in parent, or null for an anonymous caller. */
  userId: string | null;
}

/** The context without HTTP: what tests hand to `createCaller`. */
export function createInnerContext(opts: Context): Context {
  return { services: opts.services, userId: opts.userId };
}

export function createContextFactory(services: Services, auth: AuthProvider) {
  return async ({ req }: { req: Request }): Promise<Context> => createInnerContext({ services, userId: await auth.userId(req) });
}
