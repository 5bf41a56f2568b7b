import { describe, expect, it } from 'vitest';
import { AUTH_OPTIONAL_PROCEDURES } from '../../../client/app/trpc/auth-optional.ts';
import { appRouter } from '../../../server/trpc/root.ts';

describe('auth-optional tRPC procedures (SPEC §6)', () => {
  it("are exactly the server's public procedures", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { access?: string } } }>;
    const publicPaths = Object.entries(procedures)
      .filter(([, procedure]) => procedure._def.meta?.access === 'public')
      .map(([path]) => path);
    expect([...AUTH_OPTIONAL_PROCEDURES].sort()).toEqual(publicPaths.sort());
  });
});
