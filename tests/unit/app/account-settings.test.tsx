// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ClerkReact from '@clerk/react';
import type { User } from '#shared/schemas/account.ts';
import { AuthSeamProvider, type AppUser, type AuthSeam } from '../../../client/app/auth/auth-context.tsx';
import { AccountSettings } from '../../../client/app/features/account/account-settings.tsx';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';

// Clerk's servers are out of reach in tests: its profile component stands in as a marker.
vi.mock('@clerk/react', async (importOriginal) => ({
  ...(await importOriginal<typeof ClerkReact>()),
  UserProfile: () => <p>Clerk profile</p>,
}));

const USER: AppUser = {
  id: 'user_1',
  emailAddresses: [{ emailAddress: 'parent@example.com' }],
  fullName: null,
  createdAt: new Date(0),
  publicMetadata: {},
  unsafeMetadata: {},
};

const answeredUser = (change: Partial<User>): User => ({
  id: 'user_1',
  emailAddresses: [{ emailAddress: 'parent@example.com' }],
  fullName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  publicMetadata: {},
  unsafeMetadata: {},
  ...change,
});

function seam(provider: AuthSeam['provider'], refreshUser = vi.fn<AuthSeam['refreshUser']>(async () => undefined)): AuthSeam {
  return {
    provider,
    status: 'signed-in',
    user: USER,
    getToken: async () => 'aaa.bbb.ccc',
    signOut: async () => undefined,
    updateUnsafeMetadata: async () => undefined,
    refreshUser,
    SignIn: () => null,
    SignUp: () => null,
  };
}

function renderSection(provider: AuthSeam['provider'], answer: (op: FakeOp) => unknown, refreshUser?: AuthSeam['refreshUser']) {
  const fake = fakeTrpc(answer);
  render(
    <AuthSeamProvider value={seam(provider, refreshUser as never)}>
      <AccountSettings />
    </AuthSeamProvider>,
    { wrapper: fake.wrapper },
  );
  return fake;
}

const form = (name: string) => screen.getByRole('form', { name });

afterEach(() => cleanup());

describe('Settings: Account with built-in accounts', () => {
  it('offers the name, email, password and other devices, and saves the name then reloads the user', async () => {
    const refreshUser = vi.fn<AuthSeam['refreshUser']>(async () => undefined);
    const fake = renderSection(
      'local',
      (op) => (op.path === 'accounts.updateName' ? answeredUser({ fullName: 'Sam Rivera' }) : []),
      refreshUser,
    );
    for (const name of ['Name', 'Email address', 'Password']) expect(form(name)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out of every other device' })).toBeTruthy();
    expect(screen.getByText(/You sign in with parent@example\.com/)).toBeTruthy();

    fireEvent.change(within(form('Name')).getByLabelText(/Your name/), { target: { value: '  Sam Rivera ' } });
    fireEvent.click(within(form('Name')).getByRole('button', { name: 'Save name' }));
    await screen.findByText('Name saved');
    expect(fake.calls('accounts.updateName').map((op) => op.input)).toEqual([{ name: 'Sam Rivera' }]);
    expect(refreshUser).toHaveBeenCalledTimes(1);
  });

  it('shows a wrong current password under that field and keeps what was typed', async () => {
    const message = 'The current password is not right';
    renderSection('local', (op) =>
      op.path === 'accounts.changePassword' ? serverError(400, 'BAD_REQUEST', message, [{ path: 'currentPassword', message }]) : [],
    );
    const password = form('Password');
    fireEvent.change(within(password).getByLabelText('Current password'), { target: { value: 'not it at all' } });
    fireEvent.change(within(password).getByLabelText('New password'), { target: { value: 'a new long password' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    await within(password).findByText(message);
    expect(within(password).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect((within(password).getByLabelText('New password') as HTMLInputElement).value).toBe('a new long password');
  });

  it('checks a new password against the sign-up rule before sending it', async () => {
    const fake = renderSection('local', () => []);
    const password = form('Password');
    fireEvent.change(within(password).getByLabelText('Current password'), { target: { value: 'the old password' } });
    fireEvent.change(within(password).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    await within(password).findByText('Password must be at least 10 characters');
    expect(fake.calls('accounts.changePassword')).toEqual([]);
  });

  it('says how many other devices were signed out', async () => {
    renderSection('local', (op) => (op.path === 'accounts.signOutOtherSessions' ? { revoked: 2 } : []));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of every other device' }));
    expect(await screen.findByText('Signed out of 2 other devices')).toBeTruthy();
  });
});

describe('Settings: Account with Clerk', () => {
  it("shows Clerk's own profile and none of the built-in forms", async () => {
    const fake = renderSection('clerk', () => []);
    await screen.findByText('Clerk profile');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out of every other device' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await waitFor(() => expect(fake.ops).toEqual([]));
  });
});
