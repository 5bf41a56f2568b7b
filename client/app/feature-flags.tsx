import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { FEATURE_FLAG_DEFAULTS, mergeFeatureFlags, type FeatureFlagName, type FeatureFlags } from '#shared/feature-flags.ts';
import { apiRequest } from '../lib/api-request.ts';

export const FEATURE_FLAGS_URL = '/api/feature-flags';

const FeatureFlagsContext = createContext<FeatureFlags>(FEATURE_FLAG_DEFAULTS);

/** Loads the server's flags (auth-optional); a failure is ignored and the defaults stay. */
export async function loadFeatureFlags(): Promise<FeatureFlags | null> {
  try {
    const body = await apiRequest<{ flags?: unknown } | null>('GET', FEATURE_FLAGS_URL, undefined, { authOptional: true });
    return mergeFeatureFlags(body?.flags);
  } catch {
    return null;
  }
}

/**
 * SPEC §4: flags start at the defaults and the app renders at once; the server's flags are merged
 * over the defaults when they arrive, and a failed call changes nothing.
 */
export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const [flags, setFlags] = useState<FeatureFlags>(FEATURE_FLAG_DEFAULTS);
  useEffect(() => {
    let active = true;
    void loadFeatureFlags().then((loaded) => {
      if (active && loaded) setFlags(loaded);
    });
    return () => {
      active = false;
    };
  }, []);
  return <FeatureFlagsContext.Provider value={flags}>{children}</FeatureFlagsContext.Provider>;
}

export function useFeatureFlags(): FeatureFlags {
  return useContext(FeatureFlagsContext);
}

export function useFeatureFlag(name: FeatureFlagName): boolean {
  return useFeatureFlags()[name];
}
