// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeatureFlagsProvider, useFeatureFlags } from '../../../client/app/feature-flags.tsx';

function Probe() {
  const flags = useFeatureFlags();
  return <p>{`snapshots scoped: ${String(flags.FLAG_SCOPED_SNAPSHOTS)}, guide v2: ${String(flags.FLAG_TRELLI_GUIDE_V2)}`}</p>;
}

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe('feature flags (SPEC §3, §4)', () => {
  it('render at once with the defaults, then take the server flags merged over them', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    render(
      <FeatureFlagsProvider>
        <Probe />
      </FeatureFlagsProvider>,
    );
    expect(screen.getByText('snapshots scoped: false, guide v2: true')).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer(new Response(JSON.stringify({ flags: { FLAG_SCOPED_SNAPSHOTS: true } }), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByText('snapshots scoped: true, guide v2: true')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/feature-flags');
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('keep the defaults, silently, when the call fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(new Response('down', { status: 500 }));
    render(
      <FeatureFlagsProvider>
        <Probe />
      </FeatureFlagsProvider>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByText('snapshots scoped: false, guide v2: true')).toBeTruthy();
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
