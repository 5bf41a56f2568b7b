// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ClerkAuthProvider, { AUTH_SCRIPT_MAX_RETRIES } from '../../../client/app/auth/clerk-auth.tsx';
import { RequireSignIn } from '../../../client/app/guards/require-sign-in.tsx';
import { SignInPage } from '../../../client/app/pages/auth-pages.tsx';

/*
 * The real @clerk/react 6 with a stand-in for the script it downloads. Clerk's script, once loaded,
 * leaves its instance on window.Clerk and the provider calls its load(); the stand-in here is that
 * instance, with the session, the listeners and the mount calls the provider uses. Nothing reaches
 * Clerk's servers.
 */
const PUBLISHABLE_KEY = `pk_test_${btoa('clerk.trelli.invalid$')}`;

interface FakeClerkOptions {
  sessionStatus?: 'active' | 'pending';
  signedIn?: boolean;
  /** The error the script's load fails with, if it fails. */
  loadError?: Error;
}

interface FakeClerk {
  loaded: boolean;
  status: string;
  loadOptions: { appearance?: { variables?: Record<string, string> } } | null;
  mounted: { appearance?: { variables?: Record<string, string> } }[];
  loads: number;
}

function installFakeClerk({ sessionStatus = 'active', signedIn = true, loadError }: FakeClerkOptions = {}): FakeClerk {
  const user = {
    id: 'user_1',
    emailAddresses: [{ emailAddress: 'parent@example.com' }],
    createdAt: new Date('2026-01-01T00:00:00Z'),
    publicMetadata: {},
    unsafeMetadata: {},
  };
  const session = signedIn ? { id: 'sess_1', status: sessionStatus, user, lastActiveToken: { jwt: { claims: { sub: 'user_1' } } } } : null;
  const resources = { client: { sessions: session ? [session] : [] }, session, user: signedIn ? user : null, organization: null };
  const fake = {
    loaded: false,
    status: 'loading',
    loadOptions: null as FakeClerk['loadOptions'],
    mounted: [] as FakeClerk['mounted'],
    loads: 0,
    async load(options: FakeClerk['loadOptions']) {
      fake.loads += 1;
      fake.loadOptions = options;
      if (loadError) throw loadError;
      fake.loaded = true;
      fake.status = 'ready';
    },
    get __internal_lastEmittedResources() {
      return resources;
    },
    addListener: () => () => undefined,
    on(event: string, listener: (status: string) => void, options?: { notify?: boolean }) {
      if (event === 'status' && options?.notify) listener(fake.status);
    },
    off: () => undefined,
    mountSignIn(_node: HTMLElement, props: FakeClerk['mounted'][number]) {
      fake.mounted.push(props);
    },
    unmountSignIn: () => undefined,
    session,
    user: signedIn ? user : null,
  };
  // Clerk's UI script leaves its constructor here; the stand-in never renders UI, so any value does.
  Object.assign(window, { Clerk: fake, __internal_ClerkUICtor: vi.fn<() => void>() });
  return fake;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as { Clerk?: unknown }).Clerk;
  delete (window as { __internal_ClerkUICtor?: unknown }).__internal_ClerkUICtor;
});

function renderProtected() {
  render(
    <MemoryRouter initialEntries={['/observations']}>
      <ClerkAuthProvider publishableKey={PUBLISHABLE_KEY}>
        <RequireSignIn>
          <p>protected screen</p>
        </RequireSignIn>
      </ClerkAuthProvider>
    </MemoryRouter>,
  );
}

describe("Clerk's session status (SPEC §4)", () => {
  it('an active session is signed in: the protected screen shows', async () => {
    installFakeClerk({ sessionStatus: 'active' });
    renderProtected();
    expect(await screen.findByText('protected screen')).toBeTruthy();
  });

  it('a pending session (tasks still to finish) counts as signed out: the sign-in panel shows instead', async () => {
    installFakeClerk({ sessionStatus: 'pending' });
    renderProtected();
    expect(await screen.findByText('Please sign in to access this page')).toBeTruthy();
    expect(screen.queryByText('protected screen')).toBeNull();
  });
});

describe('the sign-in form in Clerk mode (SPEC §9)', () => {
  it('has the primary colour #B5D5D0, on /sign-in and in the sign-in panel', async () => {
    const clerk = installFakeClerk({ signedIn: false });
    render(
      <MemoryRouter initialEntries={['/sign-in']}>
        <ClerkAuthProvider publishableKey={PUBLISHABLE_KEY}>
          <Routes>
            <Route path="/sign-in/*" element={<SignInPage />} />
          </Routes>
        </ClerkAuthProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(clerk.mounted).toHaveLength(1));
    expect(clerk.mounted[0]?.appearance?.variables?.colorPrimary).toBe('#B5D5D0');
    expect(clerk.loadOptions?.appearance?.variables?.colorPrimary).toBe('#B5D5D0');
    cleanup();

    const again = installFakeClerk({ signedIn: false });
    renderProtected();
    await screen.findByText('Please sign in to access this page');
    await waitFor(() => expect(again.mounted).toHaveLength(1));
    expect(again.mounted[0]?.appearance?.variables?.colorPrimary).toBe('#B5D5D0');
  });
});

describe("the provider's script fails (SPEC §8)", () => {
  it.each(['Failed to hydrate latest Clerk JS', 'Failed to download latest ClerkJS. Contact support@clerk.com.'])(
    '"%s": after the retries, "Authentication Error" with a Reload Page button that reloads',
    async (message) => {
      const clerk = installFakeClerk({ loadError: new Error(message) });
      const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
      renderProtected();
      // Well before the 15 s script timeout: the failure itself leads here.
      expect(await screen.findByRole('heading', { name: 'Authentication Error' }, { timeout: 3000 })).toBeTruthy();
      expect(screen.getByText('There was an error initializing authentication.')).toBeTruthy();
      expect(clerk.loads).toBe(1 + AUTH_SCRIPT_MAX_RETRIES);
      expect(screen.queryByText('protected screen')).toBeNull();
      await act(async () => screen.getByRole('button', { name: 'Reload Page' }).click());
      expect(reload).toHaveBeenCalledTimes(1);
    },
  );
});
