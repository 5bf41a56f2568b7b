import { httpBatchLink, httpSubscriptionLink, loggerLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { EventSource } from 'eventsource';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/trpc/root.ts';
import { HttpError, warnMissingToken } from '../../lib/api-request.ts';
import { getAuthToken } from '../../lib/auth-token.ts';
import { describeToken } from '../../lib/dev-log.ts';
import { getSelectedChildId } from '../../lib/session-storage.ts';
import { isAuthOptionalProcedure } from './auth-optional.ts';
import { childIdLink } from './child-id-link.ts';
import type { WithChildIdInjected } from './child-scoped-types.ts';
import { httpStatusLink } from './http-status-link.ts';

/** The router type the browser uses: childId is optional in child-scoped inputs (see childIdLink). */
export type ClientRouter = WithChildIdInjected<AppRouter>;

export const TRPC_URL = '/api/trpc';

export const trpc = createTRPCReact<ClientRouter>();

/**
 * Development builds log each procedure's path and outcome, never its input, output or a token;
 * production builds have no logging link at all.
 */
function devLogLinks() {
  if (!import.meta.env.DEV) return [];
  return [
    loggerLink<ClientRouter>({
      logger: ({ direction, type, path, ...rest }) => {
        if (direction === 'up') console.debug(`[trpc] ${type} ${path}`);
        else console.debug(`[trpc] ${path} -> ${'result' in rest && rest.result instanceof Error ? 'error' : 'ok'}`);
      },
    }),
  ];
}

/**
 * The bearer header for one batch (SPEC §6). A batch of only auth-optional procedures fetches no
 * token; any other batch without one still goes out, with the console warning that a 401 is likely.
 */
async function authHeadersFor(opList: readonly { path: string }[]): Promise<Record<string, string>> {
  const needSignIn = opList.map((op) => op.path).filter((path) => !isAuthOptionalProcedure(path));
  if (needSignIn.length === 0) return {};
  const token = await getAuthToken();
  if (import.meta.env.DEV) console.debug(`[trpc] token: ${describeToken(token)}`);
  if (!token) {
    warnMissingToken(needSignIn);
    return {};
  }
  return { Authorization: `Bearer ${token}` };
}

/**
 * fetch with credentials. An error answer that is not JSON (a proxy's or the server's own page)
 * fails here with SPEC §8's "status: body", since tRPC could only say it was not JSON.
 */
async function fetchForTrpc(url: RequestInfo | URL | string, options?: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...options, credentials: 'include' });
  if (!response.ok && !(response.headers.get('content-type') ?? '').includes('json')) {
    throw new HttpError(response.status, response.statusText, await response.text().catch(() => ''));
  }
  return response;
}

/**
 * Subscriptions (live progress, decision 0093) come as server-sent events. The browser's own
 * EventSource cannot send a header, and a token in the URL would be kept by request logs and proxies:
 * this EventSource fetches, with the bearer header and a fresh token each time it (re)connects.
 */
function subscriptionLink() {
  return httpSubscriptionLink<ClientRouter, typeof EventSource>({
    url: TRPC_URL,
    transformer: superjson,
    EventSource,
    eventSourceOptions: ({ op }) => ({
      fetch: async (url, init) =>
        fetch(url, { ...init, credentials: 'include', headers: { ...init.headers, ...(await authHeadersFor([op])) } }),
    }),
  });
}

export function createAppTrpcClient() {
  return trpc.createClient({
    links: [
      ...devLogLinks(),
      childIdLink<ClientRouter>(getSelectedChildId),
      httpStatusLink<ClientRouter>(),
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: subscriptionLink(),
        false: httpBatchLink({
          url: TRPC_URL,
          transformer: superjson,
          headers: ({ opList }) => authHeadersFor(opList),
          fetch: (url, options) => fetchForTrpc(url, options as RequestInit | undefined),
        }),
      }),
    ],
  });
}
