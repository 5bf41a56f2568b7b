import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/core/mail.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { startTestSmtp, type TestSmtp } from '../helpers/test-mail.ts';

const FROM = 'Trelli <trelli@example.test>';
const SECRET_LINK = 'http://localhost:3000/reset-password?token=secret-token-value';

function capturedLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: createLogger('info', sink), lines };
}

const message = {
  to: 'Parent@Example.com',
  subject: 'Reset your Trelli password',
  text: `Open this link to choose a new password: ${SECRET_LINK}`,
  html: `<p><a href="${SECRET_LINK}">Choose a new password</a></p>`,
};

/** An address where nothing listens: bound once, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('mail', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp.close());

  it('sends through SMTP: the recipient reads the subject, the text with its link, and the sender', async () => {
    const { log, lines } = capturedLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM }, log);
    expect(mailer.configured).toBe(true);

    await expect(mailer.send(message, 'password reset')).resolves.toBe('sent');
    const received = await smtp.next((mail) => mail.to.includes('parent@example.com'));
    expect(received).toMatchObject({ from: 'trelli@example.test', subject: 'Reset your Trelli password', links: [SECRET_LINK] });
    expect(received.html).toContain(`href="${SECRET_LINK}"`);

    const written = lines.join('');
    expect(written).toContain('password reset');
    expect(written).not.toContain('secret-token-value');
    expect(written.toLowerCase()).not.toContain('parent@example.com');
  });

  it('without SMTP nothing leaves: the log says "not sent" with the kind of mail only', async () => {
    const { log, lines } = capturedLog();
    const received = smtp.messages.length;
    const mailer = createMailer(undefined, log);
    expect(mailer.configured).toBe(false);
    expect(createMailer({ smtpUrl: smtp.url }, log).configured).toBe(false);

    await expect(mailer.send(message, 'invite')).resolves.toBe('not-sent');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 30, mail: 'invite' });
    expect(String(entry.msg)).toContain('not sent');
    expect(lines[0]).not.toMatch(/secret-token-value|example\.com|Reset your/i);
    expect(smtp.messages).toHaveLength(received);
  });

  it('an unreachable SMTP server answers not-sent and logs the failure without the message', async () => {
    const { log, lines } = capturedLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: FROM }, log);

    await expect(mailer.send(message, 'password reset')).resolves.toBe('not-sent');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: 40, mail: 'password reset', code: 'ESOCKET' });
    expect(String(entries[0]?.msg)).toContain('not sent');
    expect(lines[0]).not.toMatch(/secret-token-value|example\.com|Reset your/i);
  });

  it('a refused recipient answers not-sent; the log keeps the codes, not the server words quoting the address', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    const { port } = refusing.server.address() as AddressInfo;
    const { log, lines } = capturedLog();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM }, log);

    await expect(mailer.send(message, 'invite')).resolves.toBe('not-sent');
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { level: 40, mail: 'invite', code: 'EENVELOPE', responseCode: 550 },
    ]);
    expect(lines.join('').toLowerCase()).not.toContain('parent@example.com');
  });
});
