import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PATHS, loadPage } from '../../lib/paths.ts';
import { clearUserSession } from '../../lib/session-storage.ts';
import { useAuth } from './auth-context.tsx';

/** Signs out, forgets this tab's session keys and cached data, and goes to the public home page (or `to`). */
export function useSignOut(): (to?: string) => Promise<void> {
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  return useCallback(
    async (to: string = PATHS.home) => {
      await signOut();
      clearUserSession();
      queryClient.clear();
      loadPage(to);
    },
    [signOut, queryClient],
  );
}
