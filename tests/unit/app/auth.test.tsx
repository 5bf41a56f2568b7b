// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AppRoot, { parseAuthConfig } from '../../../client/app/app-root.tsx';
import { useAuth, type AuthSeam } from '../../../client/app/auth/auth-context.tsx';
import ClerkAuthProvider, { AUTH_SCRIPT_MAX_RETRIES, AUTH_SCRIPT_TIMEOUT_MS } from '../../../client/app/auth/clerk-auth.tsx';
import { LocalAuthProvider, TOKEN_REFRESH_MARGIN_MS } from '../../../client/app/auth/local-auth.tsx';
import { getAuthToken } from '../../../client/lib/auth-token.ts';

// A stand-in for @clerk/react whose script "status" the tests control. `throwOnRender` makes the
// provider throw that error while rendering, as older Clerk versions did when the script failed.
const clerk = vi.hoisted(() => ({ status: 'loading' as 'loading' | 'ready' | 'error', mounts: 0, throwOnRender: null as Error | null }));
vi.mock('@clerk/react', async () => {
  const { useEffect } = await import('react');
  function ClerkProvider({ children }: { children: ReactNode }) {
    useEffect(() => {
      clerk.mounts += 1;
    }, []);
    if (clerk.throwOnRender) throw clerk.throwOnRender;
    return children;
  }
  return {
    ClerkProvider,
    ClerkLoading: ({ children }: { children: ReactNode }) => (clerk.status === 'loading' ? children : null),
    useClerk: () => ({
      on: (_event: string, listener: (status: string) => void, options?: { notify?: boolean }) => {
        if (options?.notify) listener(clerk.status);
      },
      off: () => undefined,
    }),
    SignIn: () => null,
    SignUp: () => null,
    useAuth: () => ({ isLoaded: false, isSignedIn: undefined, getToken: async () => null, signOut: async () => undefined }),
    useUser: () => ({ user: null }),
  };
});

function jwt(expiresInSeconds: number, marker: string): string {
  const payload = btoa(JSON.stringify({ sub: 'user_1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds, marker }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

const ME = {
  id: 'user_1',
  emailAddresses: [{ emailAddress: 'parent@example.com' }],
  fullName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  publicMetadata: { childCount: 1, hasCompletedOnboarding: true },
  unsafeMetadata: {},
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let routes: Record<string, () => Response>;
const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => {
  const handler = routes[`${init?.method ?? 'GET'} ${url}`];
  return handler ? handler() : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
});

beforeEach(() => {
  routes = {};
  clerk.status = 'loading';
  clerk.mounts = 0;
  clerk.throwOnRender = null;
  sessionStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
});

describe('/api/clerk-config at start-up (SPEC §5, §8)', () => {
  it('reads the provider from the answer', () => {
    expect(parseAuthConfig({ publishableKey: 'pk_test_abc' })).toEqual({ kind: 'clerk', publishableKey: 'pk_test_abc' });
    expect(parseAuthConfig({ publishableKey: null, provider: 'local' })).toEqual({ kind: 'local' });
    expect(parseAuthConfig({ publishableKey: null })).toEqual({ kind: 'missing-key' });
    expect(parseAuthConfig({ publishableKey: '' })).toEqual({ kind: 'missing-key' });
  });

  it('Clerk mode without a key shows the configuration error', async () => {
    routes['GET /api/clerk-config'] = () => json({ publishableKey: null });
    render(<AppRoot />);
    expect(await screen.findByRole('heading', { name: 'Authentication Configuration Error' })).toBeTruthy();
    expect(screen.getByText('Authentication is not properly configured')).toBeTruthy();
  });

  it('a failed start-up call shows "Loading Error" with Reload Page', async () => {
    routes['GET /api/clerk-config'] = () => new Response('down', { status: 503 });
    render(<AppRoot />);
    expect(await screen.findByRole('heading', { name: 'Loading Error' })).toBeTruthy();
    expect(screen.getByText('Something went wrong while loading the application.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
  });

  it('built-in accounts, signed out, on a protected path: the sign-in panel with the built-in form', async () => {
    window.history.pushState({}, '', '/observations');
    routes['GET /api/clerk-config'] = () => json({ publishableKey: null, provider: 'local' });
    routes['POST /api/auth/token'] = () => new Response(null, { status: 204 });
    render(<AppRoot />);
    expect(await screen.findByText('Please sign in to access this page')).toBeTruthy();
    expect(screen.getByLabelText('Email address')).toBeTruthy();
    // The button says what it does (sign-up's form keeps "Continue").
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('Clerk script loading (SPEC §8, §9)', () => {
  function renderClerkMode() {
    render(
      <MemoryRouter>
        <ClerkAuthProvider publishableKey="pk_test_abc">
          <p>app</p>
        </ClerkAuthProvider>
      </MemoryRouter>,
    );
  }

  async function expectAuthenticationError() {
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeTruthy();
    expect(screen.getByText('There was an error initializing authentication.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.queryByText('app')).toBeNull();
  }

  it(`retries a failed script up to ${AUTH_SCRIPT_MAX_RETRIES} times, then shows "Authentication Error"`, async () => {
    clerk.status = 'error';
    renderClerkMode();
    await expectAuthenticationError();
    expect(clerk.mounts).toBe(1 + AUTH_SCRIPT_MAX_RETRIES);
  });

  it('a script still loading after 15000 ms counts as a failure and is retried', async () => {
    vi.useFakeTimers();
    renderClerkMode();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_SCRIPT_TIMEOUT_MS - 1));
    expect(clerk.mounts).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The timed-out provider is taken down, and the next attempt mounts straight after.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(clerk.mounts).toBe(2);
    for (let attempt = 2; attempt <= AUTH_SCRIPT_MAX_RETRIES; attempt += 1) {
      expect(screen.queryByRole('heading', { name: 'Authentication Error' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(AUTH_SCRIPT_TIMEOUT_MS));
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    expect(clerk.mounts).toBe(1 + AUTH_SCRIPT_MAX_RETRIES);
    expect(screen.queryByRole('heading', { name: 'Authentication Error' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_SCRIPT_TIMEOUT_MS));
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeTruthy();
  });

  it.each(['Failed to hydrate latest Clerk JS', 'Failed to download latest ClerkJS. Contact support@clerk.com.'])(
    'the provider throwing "%s" while rendering is retried, then shows "Authentication Error"',
    async (message) => {
      clerk.status = 'ready';
      clerk.throwOnRender = new Error(message);
      renderClerkMode();
      await expectAuthenticationError();
      // Taken for a script failure, not for a broken app.
      expect(screen.queryByRole('heading', { name: 'Loading Error' })).toBeNull();
    },
  );

  it('any other error thrown while rendering is not taken for a script failure: "Loading Error"', async () => {
    clerk.status = 'ready';
    clerk.throwOnRender = new Error('Cannot read properties of undefined');
    routes['GET /api/clerk-config'] = () => json({ publishableKey: 'pk_test_abc' });
    window.history.pushState({}, '', '/app');
    render(<AppRoot />);
    expect(await screen.findByRole('heading', { name: 'Loading Error' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Authentication Error' })).toBeNull();
  });

  it('a script that loads is not retried', async () => {
    clerk.status = 'ready';
    renderClerkMode();
    expect(await screen.findByText('app')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clerk.mounts).toBe(1);
  });
});

describe('built-in accounts session', () => {
  function renderLocal() {
    const seen: { current: AuthSeam | null } = { current: null };
    function Probe() {
      seen.current = useAuth();
      return <p>{`status: ${seen.current.status}`}</p>;
    }
    render(
      <MemoryRouter>
        <LocalAuthProvider>
          <Probe />
        </LocalAuthProvider>
      </MemoryRouter>,
    );
    return seen;
  }

  it('restores the session from the cookie and gives the API that token', async () => {
    const token = jwt(600, 'first');
    routes['POST /api/auth/token'] = () => json({ token });
    routes['GET /api/auth/me'] = () => json(ME);
    const seen = renderLocal();
    expect(screen.getByText('status: loading')).toBeTruthy();
    await screen.findByText('status: signed-in');
    expect(seen.current?.user?.emailAddresses[0]?.emailAddress).toBe('parent@example.com');
    expect(seen.current?.user?.createdAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(await getAuthToken()).toBe(token);
    const meCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/me');
    expect(meCall?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${token}` });
  });

  it('without a session cookie (204) it is signed out and has no token, quietly: a visitor is not an error', async () => {
    routes['POST /api/auth/token'] = () => new Response(null, { status: 204 });
    renderLocal();
    await screen.findByText('status: signed-out');
    expect(await getAuthToken()).toBeNull();
    expect(console.warn).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('with a session that has ended (401) it is signed out too', async () => {
    routes['POST /api/auth/token'] = () => json({ error: { code: 'UNAUTHORIZED', message: 'Session ended' } }, 401);
    renderLocal();
    await screen.findByText('status: signed-out');
    expect(await getAuthToken()).toBeNull();
  });

  it(`refreshes a token with less than ${TOKEN_REFRESH_MARGIN_MS / 1000} s left, once for concurrent callers`, async () => {
    const stale = jwt(30, 'stale');
    const fresh = jwt(600, 'fresh');
    let next = stale;
    routes['POST /api/auth/token'] = () => json({ token: next });
    routes['GET /api/auth/me'] = () => json(ME);
    renderLocal();
    await screen.findByText('status: signed-in');
    next = fresh;
    const before = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/token').length;
    const [a, b] = await Promise.all([getAuthToken(), getAuthToken()]);
    expect([a, b]).toEqual([fresh, fresh]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/token').length).toBe(before + 1);
    expect(await getAuthToken()).toBe(fresh);
  });

  it('signs out when the session can no longer mint tokens', async () => {
    routes['POST /api/auth/token'] = () => json({ token: jwt(10, 'stale') });
    routes['GET /api/auth/me'] = () => json(ME);
    renderLocal();
    await screen.findByText('status: signed-in');
    routes['POST /api/auth/token'] = () => json({ error: { code: 'UNAUTHORIZED', message: 'Session ended' } }, 401);
    expect(await getAuthToken()).toBeNull();
    await waitFor(() => expect(screen.getByText('status: signed-out')).toBeTruthy());
  });
});
