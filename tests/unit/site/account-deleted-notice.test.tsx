// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { AccountDeletedNotice } from '../../../client/site/components/account-deleted-notice.tsx';
import { ACCOUNT_DELETED_HOME } from '../../../client/lib/paths.ts';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

// Issue 24: deleting the account landed on the home page with no word that it happened.
it('the page a deleted account lands on says so, and a reload does not say it again', async () => {
  window.history.replaceState(null, '', ACCOUNT_DELETED_HOME);
  render(<AccountDeletedNotice />);
  expect((await screen.findByRole('status')).textContent).toMatch(/^Your account has been deleted, with the children/);
  expect(window.location.search).toBe('');
  cleanup();
  render(<AccountDeletedNotice />);
  expect(screen.getByRole('status').textContent).toBe('');
});

it('says nothing on an ordinary visit', () => {
  render(<AccountDeletedNotice />);
  expect(screen.getByRole('status').textContent).toBe('');
});
