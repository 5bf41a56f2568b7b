import { httpBatchLink, loggerLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/trpc/root.ts';
import { getAuthToken } from '../../lib/auth-token.ts';
import { describeToken } from '../../lib/dev-log.ts';
import { getSelectedChildId } from '../../lib/session-storage.ts';
import { childIdLink } from './child-id-link.ts';
import type { WithChildIdInjected } from './child-scoped-types.ts';

/** The router type the browser uses: childId is optional in child-scoped inputs (see childIdLink). */
export type ClientRouter = WithChildIdInjected<AppRouter>;
export type RouterInputs = inferRouterInputs<ClientRouter>;
export type RouterOutputs = inferRouterOutputs<ClientRouter>;

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

export function createAppTrpcClient() {
  return trpc.createClient({
    links: [
      ...devLogLinks(),
      childIdLink<ClientRouter>(getSelectedChildId),
      httpBatchLink({
        url: TRPC_URL,
        transformer: superjson,
        async headers() {
          const token = await getAuthToken();
          if (import.meta.env.DEV) console.debug(`[trpc] token: ${describeToken(token)}`);
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
        fetch(url, options) {
          return fetch(url, { ...options, credentials: 'include' });
        },
      }),
    ],
  });
}
