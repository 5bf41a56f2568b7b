import { describe, expect, it, vi } from 'vitest';
import { BETA_ACCESS_KEY, continueToApp, safeReturnPath } from '../../../client/site/lib/return-path.ts';

const ORIGIN = 'https://trelli.example';

describe('safeReturnPath', () => {
  it.each([
    ['/vault', '/vault'],
    ['/forms/12/edit?tab=2#top', '/forms/12/edit?tab=2#top'],
    ['/app', '/app'],
  ])('keeps the same-site path %s', (from, expected) => {
    expect(safeReturnPath(from, ORIGIN)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['vault'],
    ['//evil.example/app'],
    ['/\\evil.example'],
    ['https://evil.example/app'],
    ['javascript:alert(1)'],
    ['/\tvault'],
    ['/\n/evil.example'],
  ])('falls back to /app for %j', (from) => {
    expect(safeReturnPath(from, ORIGIN)).toBe('/app');
  });
});

function fakeWindow(search: string) {
  const store = new Map<string, string>();
  const assign = vi.fn<(url: string) => void>();
  return {
    win: {
      location: { search, origin: ORIGIN, assign } as unknown as Location,
      sessionStorage: { setItem: (key: string, value: string) => store.set(key, value) } as unknown as Storage,
    },
    store,
    assign,
  };
}

describe('continueToApp', () => {
  it('grants beta access for the session and goes to ?from= with a full page load', () => {
    const { win, store, assign } = fakeWindow('?from=%2Fprogress-planner%3Fchild%3D3');
    continueToApp(win);
    expect(store.get(BETA_ACCESS_KEY)).toBe('granted');
    expect(BETA_ACCESS_KEY).toBe('beta-access');
    expect(assign).toHaveBeenCalledWith('/progress-planner?child=3');
  });

  it('goes to /app when ?from= is missing or leaves the site', () => {
    for (const search of ['', '?from=%2F%2Fevil.example', '?from=https%3A%2F%2Fevil.example']) {
      const { win, store, assign } = fakeWindow(search);
      continueToApp(win);
      expect(store.get(BETA_ACCESS_KEY)).toBe('granted');
      expect(assign).toHaveBeenCalledWith('/app');
    }
  });

  it('still continues when session storage is blocked', () => {
    const { win, assign } = fakeWindow('?from=/vault');
    win.sessionStorage = {
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    continueToApp(win);
    expect(assign).toHaveBeenCalledWith('/vault');
  });
});
