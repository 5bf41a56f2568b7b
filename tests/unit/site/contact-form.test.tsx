// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../client/components/ui/toast.tsx';
import { CONTACT_SENT_TITLE, ContactForm, retryAfterMinutes } from '../../../client/site/components/contact-form.tsx';
import { EMAIL_MAX_LENGTH } from '#shared/schemas/account.ts';
import { CONTACT_LIMITS, contactMessageSchema } from '#shared/schemas/contact.ts';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<Fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <ToastProvider>
      <ContactForm />
    </ToastProvider>,
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const send = () => screen.getByRole('button', { name: 'Send message' });

async function fillIn(user: UserEvent) {
  await user.type(field('Your name'), 'Maya Ortiz');
  await user.type(field('Email address'), 'maya@example.com');
  await user.selectOptions(field('What is it about?'), 'feedback');
  await user.type(field('Your message'), 'The snapshot page helped so much at our IEP meeting.');
}

function json(body: unknown, status: number, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('contact form', () => {
  it('shows an error next to each invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(field('Email address'), 'not-an-email');
    await user.type(field('Your message'), 'short');
    await user.click(send());

    await waitFor(() => expect(field('Your name').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please tell us your name')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please write at least 10 characters')).toBeTruthy();
    // Each error is tied to its field for screen readers, and focus goes to the first one.
    expect(field('Email address').getAttribute('aria-describedby')).toBe(screen.getByText('Enter a valid email address').id);
    expect(document.activeElement).toBe(field('Your name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the message as JSON, confirms with a toast and clears the form', async () => {
    fetchMock.mockResolvedValue(json({ id: 7, receivedAt: '2025-05-01T10:00:00.000Z' }, 201));
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);
    await user.click(send());

    await waitFor(() => expect(screen.getByText(CONTACT_SENT_TITLE)).toBeTruthy());
    expect(CONTACT_SENT_TITLE).toMatch(/two working days/);
    const [url, init] = fetchMock.mock.calls[0] ?? ['', {}];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Maya Ortiz',
      email: 'maya@example.com',
      topic: 'feedback',
      message: 'The snapshot page helped so much at our IEP meeting.',
    });
    expect(field('Your name').value).toBe('');
    expect(field('Your message').value).toBe('');
  });

  it('keeps what was typed and says when to try again after too many messages (429)', async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } }, 429, { 'Retry-After': '120' }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);
    await user.click(send());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/wait 2 minutes and try again/);
    expect(alert.textContent).toMatch(/still here/);
    expect(field('Your name').value).toBe('Maya Ortiz');
    expect(field('Your message').value).toBe('The snapshot page helped so much at our IEP meeting.');
    expect(screen.queryByText(CONTACT_SENT_TITLE)).toBeNull();
  });

  it('shows the server’s field errors (400) next to the fields', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: {
            code: 'BAD_REQUEST',
            message: 'Invalid input',
            issues: [{ path: 'email', message: 'This address cannot receive mail' }],
          },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);
    await user.click(send());

    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect(field('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email address').value).toBe('maya@example.com');
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => Promise.resolve(json({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'x' } }, 500))],
  ])('keeps what was typed when %s', async (_label, respond) => {
    fetchMock.mockImplementation(respond);
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);
    await user.click(send());

    expect((await screen.findByRole('alert')).textContent).toMatch(/couldn’t send your message/);
    expect(field('Your name').value).toBe('Maya Ortiz');
    expect(field('Email address').value).toBe('maya@example.com');
    expect(field('What is it about?').value).toBe('feedback');
    expect(field('Your message').value).toBe('The snapshot page helped so much at our IEP meeting.');
    expect(send()).toHaveProperty('disabled', false);
  });

  it('holds each field to the limits the schema checks', () => {
    renderForm();
    expect((field('Your name') as HTMLInputElement).maxLength).toBe(CONTACT_LIMITS.name);
    expect((field('Email address') as HTMLInputElement).maxLength).toBe(EMAIL_MAX_LENGTH);
    expect((field('Your message') as HTMLTextAreaElement).maxLength).toBe(CONTACT_LIMITS.message);
    expect(screen.getByText(new RegExp(`^At least ${CONTACT_LIMITS.messageMin} characters\\.`))).toBeTruthy();

    const valid = { name: 'Maya', email: 'maya@example.com', topic: 'question', message: 'x'.repeat(CONTACT_LIMITS.messageMin) };
    expect(contactMessageSchema.safeParse(valid).success).toBe(true);
    expect(contactMessageSchema.safeParse({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message) }).success).toBe(true);
    const issue = (input: object) => contactMessageSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ ...valid, name: 'x'.repeat(CONTACT_LIMITS.name + 1) })).toBe(`At most ${CONTACT_LIMITS.name} characters`);
    expect(issue({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.messageMin - 1) })).toBe(
      `Please write at least ${CONTACT_LIMITS.messageMin} characters`,
    );
    expect(issue({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) })).toBe(`At most ${CONTACT_LIMITS.message} characters`);
    expect(issue({ ...valid, email: `${'x'.repeat(EMAIL_MAX_LENGTH - 'a@example.com'.length + 1)}a@example.com` })).toBe(
      'Email is too long',
    );
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2025-05-01T10:00:00Z');
    expect(retryAfterMinutes('30', now)).toBe(1);
    expect(retryAfterMinutes('600', now)).toBe(10);
    expect(retryAfterMinutes('Thu, 01 May 2025 10:05:00 GMT', now)).toBe(5);
    expect(retryAfterMinutes(null, now)).toBeNull();
    expect(retryAfterMinutes('soon', now)).toBeNull();
  });
});
