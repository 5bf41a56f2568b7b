import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createAppQueryClient } from '../lib/query-client.ts';
import { readSession, subscribeSession, syncSessionUser } from '../lib/session-storage.ts';
import { useAuth } from './auth/auth-context.tsx';
import { ChildProvider } from './child-context.tsx';
import { LoadingScreen } from './components/status-screens.tsx';
import { createAppTrpcClient, trpc } from './trpc/trpc.ts';

/**
 * SPEC §4: when a different user signs in than the one this tab last saw, every session key is
 * cleared and the data cache emptied, before anything below reads the selected child or the beta
 * flag. Renders its children once session storage's lastUserId is the signed-in user.
 */
export function UserSessionGuard({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const lastUserId = useSyncExternalStore(subscribeSession, readLastUserId, () => null);

  useLayoutEffect(() => {
    if (userId === null || lastUserId === userId) return;
    if (syncSessionUser(userId)) queryClient.clear();
  }, [userId, lastUserId, queryClient]);

  if (userId !== null && lastUserId !== userId) return <LoadingScreen page />;
  return children;
}

function readLastUserId(): string | null {
  return readSession('lastUserId');
}

/** DESIGN §5: auth (above this) -> tRPC + QueryClient -> child context -> routes (inside). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  const [trpcClient] = useState(createAppTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <UserSessionGuard>
          <ChildProvider>{children}</ChildProvider>
        </UserSessionGuard>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
