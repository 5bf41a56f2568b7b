// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthSeamProvider, type AppUser, type AuthSeam } from '../../../client/app/auth/auth-context.tsx';
import { TAKING_LONGER_TEXT } from '../../../client/app/components/status-screens.tsx';
import { PostAuthPage } from '../../../client/app/pages/post-auth-page.tsx';
import { createAppTrpcClient, trpc } from '../../../client/app/trpc/trpc.ts';
import { createAppQueryClient } from '../../../client/lib/query-client.ts';

const NEW_PARENT: AppUser = {
  id: 'user_1',
  emailAddresses: [{ emailAddress: 'parent@example.com' }],
  fullName: null,
  createdAt: new Date(),
  publicMetadata: {},
  unsafeMetadata: {},
};

function seam(status: AuthSeam['status'], user: AppUser | null): AuthSeam {
  return {
    provider: 'local',
    status,
    user,
    getToken: async () => (user ? 'aaa.bbb.ccc' : null),
    signOut: async () => undefined,
    updateUnsafeMetadata: async () => undefined,
    refreshUser: async () => undefined,
    SignIn: () => null,
    SignUp: () => null,
  };
}

function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

/** The children call waits until the test answers it, so the screen can be read while it runs. */
let answerChildren: (children: unknown[]) => void = () => undefined;

async function fakeServer(input: RequestInfo | URL | string): Promise<Response> {
  const url = String(input);
  if (url.startsWith('/api/trpc/config.auth')) {
    const config = { provider: 'local', publishableKey: null, productionHost: null };
    return new Response(JSON.stringify([{ result: { data: { json: config } } }]), { headers: { 'Content-Type': 'application/json' } });
  }
  if (url === '/api/children') {
    return new Promise((resolve) => {
      answerChildren = (children) => resolve(new Response(JSON.stringify(children), { headers: { 'Content-Type': 'application/json' } }));
    });
  }
  return new Response('{}', { status: 404 });
}

function renderPostAuth(auth: AuthSeam) {
  const queryClient = createAppQueryClient();
  render(
    <AuthSeamProvider value={auth}>
      <trpc.Provider client={createAppTrpcClient()} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/post-auth']}>
            <Routes>
              <Route path="/post-auth" element={<PostAuthPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </trpc.Provider>
    </AuthSeamProvider>,
  );
}

beforeEach(() => {
  // A production-like host: not a development host, and not the (unset) production host.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('https://family.example.org/post-auth');
  vi.stubGlobal('fetch', vi.fn(fakeServer));
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/post-auth screen (SPEC §2)', () => {
  it('welcomes the parent, checks the account, then says it is setting up while it asks for the children', async () => {
    renderPostAuth(seam('signed-in', NEW_PARENT));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Trelli' })).toBeTruthy();
    expect(screen.getByText('Checking your account status...')).toBeTruthy();
    expect(screen.queryByText('Setting up your personalized experience...')).toBeNull();

    // Step 6: the 200 ms wait and the children call.
    expect(await screen.findByText('Setting up your personalized experience...')).toBeTruthy();
    expect(screen.queryByText('Checking your account status...')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Trelli' })).toBeTruthy();
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/children', expect.anything()));

    answerChildren([]);
    expect(await screen.findByText('at /onboarding')).toBeTruthy();
  });

  it('a visitor who is not signed in reads "Checking your account status..." and goes to /sign-in', async () => {
    renderPostAuth(seam('signed-out', null));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Trelli' })).toBeTruthy();
    expect(screen.getByText('Checking your account status...')).toBeTruthy();
    expect(await screen.findByText('at /sign-in')).toBeTruthy();
  });

  it('says calmly that it is taking longer when no answer has come after 3 s (SPEC §9)', async () => {
    vi.useFakeTimers();
    renderPostAuth(seam('signed-in', NEW_PARENT));
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Setting up your personalized experience...')).toBeTruthy();
    expect(screen.queryByText(TAKING_LONGER_TEXT)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(TAKING_LONGER_TEXT)).toBeTruthy();
  });
});
