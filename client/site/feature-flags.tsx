import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { FEATURE_FLAG_DEFAULTS, mergeFeatureFlags, type FeatureFlags } from '#shared/feature-flags.ts';

/** SPEC §7: the only API call the public site makes on its own. */
export const FEATURE_FLAGS_URL = '/api/feature-flags';

/**
 * GET /api/feature-flags and merge its `flags` over the defaults. Resolves to null when the call
 * fails in any way (network, status, body): the caller then keeps what it has (SPEC §4, §8).
 */
export async function fetchFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags | null> {
  try {
    const response = await fetch(FEATURE_FLAGS_URL, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object' || !('flags' in body)) return null;
    return mergeFeatureFlags(body.flags);
  } catch {
    return null;
  }
}

const FeatureFlagsContext = createContext<FeatureFlags>(FEATURE_FLAG_DEFAULTS);

/**
 * Starts at the defaults (so the prerendered HTML and the first client render agree), then
 * asks the server once and merges its answer in. Nothing waits for it.
 */
export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const [flags, setFlags] = useState<FeatureFlags>(FEATURE_FLAG_DEFAULTS);
  useEffect(() => {
    const controller = new AbortController();
    void fetchFeatureFlags(controller.signal).then((merged) => {
      if (merged && !controller.signal.aborted) setFlags(merged);
    });
    return () => controller.abort();
  }, []);
  return <FeatureFlagsContext.Provider value={flags}>{children}</FeatureFlagsContext.Provider>;
}

/** All flags: the defaults until the server answers, then the merged flags. */
export function useFeatureFlags(): FeatureFlags {
  return useContext(FeatureFlagsContext);
}
