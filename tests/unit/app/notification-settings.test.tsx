// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationSettings as Settings } from '#shared/schemas/notifications.ts';
import { NotificationSettings } from '../../../client/app/features/notifications/notification-settings.tsx';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';

const DEFAULTS: Settings = {
  weeklyDigest: false,
  reminderThirtyDays: true,
  reminderSevenDays: true,
  reminderOneDay: true,
  formAnswers: true,
  mailConfigured: true,
};

/** A fake server keeping the choices as the real one does: a change sets the fields it names. */
function server(initial: Settings, fail = false) {
  let saved = { ...initial };
  return (op: FakeOp): unknown => {
    if (op.path === 'notifications.get') return saved;
    if (op.path === 'notifications.update') {
      if (fail) return serverError(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable right now.');
      saved = { ...saved, ...(op.input as Partial<Settings>) };
      return saved;
    }
    return [];
  };
}

const switchNamed = (name: string) => screen.getByRole('switch', { name });

afterEach(() => cleanup());

describe('Settings: Notifications', () => {
  it('shows each choice as a labelled switch, the digest off and the reminders and form answers on by default', async () => {
    render(<NotificationSettings />, { wrapper: fakeTrpc(server(DEFAULTS)).wrapper });
    expect((await screen.findByRole('switch', { name: 'Weekly digest' })).getAttribute('aria-checked')).toBe('false');
    for (const name of ['Tell me when a form is answered', '30 days before', '7 days before', 'The day before'])
      expect(switchNamed(name).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText(/not set up to send email/)).toBeNull();
  });

  it('saves a choice as soon as it is switched, sending that choice alone', async () => {
    const api = fakeTrpc(server(DEFAULTS));
    render(<NotificationSettings />, { wrapper: api.wrapper });
    fireEvent.click(await screen.findByRole('switch', { name: 'Weekly digest' }));
    await waitFor(() => expect(switchNamed('Weekly digest').getAttribute('aria-checked')).toBe('true'));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    fireEvent.click(switchNamed('7 days before'));
    await waitFor(() =>
      expect(api.calls('notifications.update').map((op) => op.input)).toEqual([{ weeklyDigest: true }, { reminderSevenDays: false }]),
    );
    await waitFor(() => expect(switchNamed('7 days before').getAttribute('aria-checked')).toBe('false'));
  });

  it('turns off the email about form answers', async () => {
    const api = fakeTrpc(server(DEFAULTS));
    render(<NotificationSettings />, { wrapper: api.wrapper });
    fireEvent.click(await screen.findByRole('switch', { name: 'Tell me when a form is answered' }));
    await waitFor(() => expect(switchNamed('Tell me when a form is answered').getAttribute('aria-checked')).toBe('false'));
    expect(api.calls('notifications.update').map((op) => op.input)).toEqual([{ formAnswers: false }]);
  });

  it('a save that fails puts the switch back and says so', async () => {
    render(<NotificationSettings />, { wrapper: fakeTrpc(server(DEFAULTS, true)).wrapper });
    fireEvent.click(await screen.findByRole('switch', { name: 'The day before' }));
    expect(await screen.findByText('Your choice was not saved')).toBeTruthy();
    expect(switchNamed('The day before').getAttribute('aria-checked')).toBe('true');
    // Beside the switches too, where it stays once the toast has closed.
    expect(
      screen
        .getAllByRole('status')
        .map((region) => region.textContent)
        .includes('Your choice was not saved, and the switch is back where it was. Please try again.'),
    ).toBe(true);
  });

  it('says when this server sends no mail, and keeps the choices', async () => {
    render(<NotificationSettings />, { wrapper: fakeTrpc(server({ ...DEFAULTS, mailConfigured: false })).wrapper });
    expect(await screen.findByText(/This Trelli server is not set up to send email/)).toBeTruthy();
    expect(switchNamed('Weekly digest')).toBeTruthy();
  });

  it('offers to try again when the choices cannot be loaded', async () => {
    const failing = (op: FakeOp) => (op.path === 'notifications.get' ? serverError(503, 'SERVICE_UNAVAILABLE', 'Down') : []);
    render(<NotificationSettings />, { wrapper: fakeTrpc(failing).wrapper });
    expect(await screen.findByText('We could not load your notification choices just now.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
