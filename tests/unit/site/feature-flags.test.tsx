// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEATURE_FLAG_DEFAULTS } from '#shared/feature-flags.ts';
import { FEATURE_FLAGS_URL, FeatureFlagsProvider, fetchFeatureFlags, useFeatureFlags } from '../../../client/site/feature-flags.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function ShowFlags() {
  const flags = useFeatureFlags();
  return (
    <ul>
      <li>snapshots: {String(flags.FLAG_SCOPED_SNAPSHOTS)}</li>
      <li>roadmap: {String(flags.FLAG_ROADMAP_V2_6MO)}</li>
      <li>print: {String(flags.FLAG_PDF_PRINT_STYLES)}</li>
    </ul>
  );
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('site feature flags', () => {
  it('starts at the defaults, then merges the server flags over them', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);

    render(
      <FeatureFlagsProvider>
        <ShowFlags />
      </FeatureFlagsProvider>,
    );
    // Ready at once, with the defaults, before the server answers.
    expect(screen.getByText('snapshots: false')).toBeTruthy();
    expect(screen.getByText('roadmap: true')).toBeTruthy();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/feature-flags');
    expect(init.credentials).toBe('include');

    answer(jsonResponse({ flags: { FLAG_SCOPED_SNAPSHOTS: true, FLAG_ROADMAP_V2_6MO: false } }));
    await waitFor(() => expect(screen.getByText('snapshots: true')).toBeTruthy());
    expect(screen.getByText('roadmap: false')).toBeTruthy();
    // Flags the server did not mention keep their defaults.
    expect(screen.getByText('print: false')).toBeTruthy();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a server error', () => Promise.resolve(jsonResponse({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } }, 500))],
    ['a body that is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
  ])('keeps the defaults silently on %s', async (_label, respond) => {
    const fetchMock = vi.fn<() => Promise<Response>>(respond);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchFeatureFlags()).toBeNull();

    render(
      <FeatureFlagsProvider>
        <ShowFlags />
      </FeatureFlagsProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByText('snapshots: false')).toBeTruthy();
    expect(screen.getByText('roadmap: true')).toBeTruthy();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('ignores values that are not booleans', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ flags: { FLAG_SCOPED_SNAPSHOTS: 'yes', FLAG_PDF_PRINT_STYLES: true } }))),
    );
    const merged = await fetchFeatureFlags();
    expect(merged).toEqual({ ...FEATURE_FLAG_DEFAULTS, FLAG_PDF_PRINT_STYLES: true });
    expect(FEATURE_FLAGS_URL).toBe('/api/feature-flags');
  });
});
