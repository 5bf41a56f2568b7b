// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen, TAKING_LONGER_TEXT, useTakingLonger } from '../../../client/app/components/status-screens.tsx';
import {
  DATA_CACHE_DEDUPE_MS,
  DATA_CACHE_ERROR_RETRY_INTERVAL_MS,
  DATA_CACHE_ERROR_RETRY_INTERVAL_SLOW_MS,
  DATA_CACHE_FOCUS_THROTTLE_MS,
  LOADING_TIMEOUT_MS,
  LOADING_TIMEOUT_SLOW_MS,
  isSlowNetwork,
  loadingTimeoutMs,
} from '../../../client/lib/data-cache.ts';

/** Pretends the browser reports this connection (navigator.connection, Chromium's Network Information API). */
function connection(value: { effectiveType?: string; saveData?: boolean } | undefined) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

beforeEach(() => {
  vi.useFakeTimers();
  connection(undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  connection(undefined);
});

describe('SPEC §9 data-cache constants', () => {
  it('have the SPEC values', () => {
    expect([DATA_CACHE_DEDUPE_MS, DATA_CACHE_FOCUS_THROTTLE_MS]).toEqual([2000, 5000]);
    expect([DATA_CACHE_ERROR_RETRY_INTERVAL_MS, DATA_CACHE_ERROR_RETRY_INTERVAL_SLOW_MS]).toEqual([5000, 10_000]);
    expect([LOADING_TIMEOUT_MS, LOADING_TIMEOUT_SLOW_MS]).toEqual([3000, 5000]);
  });

  it.each([
    [{ effectiveType: 'slow-2g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '4g', saveData: true }, true],
    [{ effectiveType: '4g' }, false],
    [{}, false],
    [undefined, false],
  ])('connection %j is slow: %s', (value, slow) => {
    expect(isSlowNetwork(value)).toBe(slow);
    expect(loadingTimeoutMs(value)).toBe(slow ? 5000 : 3000);
  });
});

describe('LoadingScreen after the loading timeout', () => {
  it('says nothing more for 3 s, then tells the parent calmly in a live region', async () => {
    render(<LoadingScreen page />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    // The live region is there before its words, so screen readers announce them when they come.
    const region = document.querySelector('[aria-live="polite"]:not(output)');
    expect(region?.textContent).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByText(TAKING_LONGER_TEXT)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(TAKING_LONGER_TEXT)).toBe(region);
    expect(TAKING_LONGER_TEXT).toBe('This is taking a little longer than usual. Thanks for waiting.');
    // The loading text itself stays.
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('waits 5 s on a slow network', async () => {
    connection({ effectiveType: '3g' });
    render(<LoadingScreen text="Verifying access..." />);
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.queryByText(TAKING_LONGER_TEXT)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(TAKING_LONGER_TEXT)).toBeTruthy();
    expect(screen.getByText('Verifying access...')).toBeTruthy();
  });
});

describe('useTakingLonger, for screens with their own loading state', () => {
  it('turns true after the timeout while loading, false when loading ends, and counts afresh next time', async () => {
    const { result, rerender } = renderHook(({ loading }) => useTakingLonger(loading), { initialProps: { loading: true } });
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(result.current).toBe(true);
    rerender({ loading: false });
    expect(result.current).toBe(false);
    rerender({ loading: true });
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(true);
  });

  it('never turns true when loading ends in time', async () => {
    const { result, rerender } = renderHook(({ loading }) => useTakingLonger(loading), { initialProps: { loading: true } });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    rerender({ loading: false });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(result.current).toBe(false);
  });
});
