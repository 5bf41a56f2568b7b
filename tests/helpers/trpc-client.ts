import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/root.ts';
import type { TestServer } from './test-server.ts';

/** The app's own kind of tRPC client, over real HTTP, as the parent with `token` (anonymous without). */
export function typedClient(server: Pick<TestServer, 'url'>, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${server.url}/api/trpc`,
        transformer: superjson,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
      }),
    ],
  });
}

/** Runs a call that must fail over HTTP and returns its TRPCClientError; anything else is rethrown. */
export async function clientError(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
    throw error;
  }
  throw new Error('expected the tRPC call to fail, but it succeeded');
}

/** The field issues the error formatter puts in a BAD_REQUEST's `data`. */
export function clientIssues(error: TRPCClientError<AppRouter>): { path: string; message: string }[] {
  return (error.data as unknown as { issues?: { path: string; message: string }[] }).issues ?? [];
}
