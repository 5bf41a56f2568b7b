/**
 * App screens over a fake server's feature flags: `fetch` stubbed for each test (the flags route
 * answers the flags `serverFlags` sets, anything else a small PDF), the first child selected, and
 * `renderWithFlags` to render a screen inside the flags' provider over a fake tRPC's wrapper.
 */
import { cleanup, render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { FEATURE_FLAGS_URL, FeatureFlagsProvider } from '../../../client/app/feature-flags.tsx';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';

export const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();

/** The server's flags (the defaults with `flags` over them); any other request answers a small PDF. */
export function serverFlags(flags: Record<string, boolean>) {
  fetchMock.mockImplementation(async (url) =>
    String(url) === FEATURE_FLAGS_URL
      ? new Response(JSON.stringify({ flags }), { headers: { 'Content-Type': 'application/json' } })
      : new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } }),
  );
}

/** Registers the hooks: a clean session with child 1 selected and the default flags; cleaned up after. */
export function useFakeServerFlags() {
  beforeEach(() => {
    sessionStorage.clear();
    setSelectedChildId(1);
    vi.stubGlobal('fetch', fetchMock);
    serverFlags({});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
}

/** Renders `ui` inside the feature flags' provider, over `api`'s wrapper (a fake tRPC's). */
export function renderWithFlags(ui: ReactNode, api: { wrapper: ComponentType<{ children: ReactNode }> }) {
  return render(<FeatureFlagsProvider>{ui}</FeatureFlagsProvider>, { wrapper: api.wrapper });
}
